import Foundation
import HTTPTypes

/// Cross-origin answers, so browser-based clients can drive the simulator.
enum CORS {
    static let allowedHeaders = [
        "accept", "accept-api-version", "content-type", "x-requested-with", "x-requested-platform", "authorization",
        "x-authenticate-response", "x-txid", "x-tree", "x-idtoken", "x-simulator-fault",
        "x-openam-username", "x-openam-password",
    ]

    /// `OPTIONS`: 200 with the allowed methods and headers (plus whatever the preflight asked for).
    static func preflight(_ headers: HTTPFields, cookieName: String) -> HTTPReply {
        var fields = HTTPFields()
        var allowed = allowedHeaders + [cookieName.lowercased()]
        if let requested = headers[.accessControlRequestHeaders] {
            for name in requested.split(separator: ",") {
                let trimmed = name.trimmingCharacters(in: .whitespaces).lowercased()
                if !trimmed.isEmpty && !allowed.contains(trimmed) { allowed.append(trimmed) }
            }
        }
        fields[.accessControlAllowMethods] = "GET, POST, PUT, DELETE, OPTIONS"
        fields[.accessControlAllowHeaders] = allowed.joined(separator: ", ")
        fields[.accessControlMaxAge] = "600"
        return HTTPReply(status: .ok, headers: fields, body: [], logOutcome: "200 preflight")
    }

    /// Echoes the Origin and allows credentials (cookies) on every answer to a cross-origin request.
    static func decorate(_ headers: inout HTTPFields, origin: String?) {
        guard let origin else { return }
        headers[.accessControlAllowOrigin] = origin
        headers[.accessControlAllowCredentials] = "true"
        headers[.accessControlExposeHeaders] = "Content-API-Version, WWW-Authenticate, Location"
        headers[.vary] = "Origin"
        if headers[.accessControlAllowMethods] == nil {
            headers[.accessControlAllowMethods] = "GET, POST, PUT, DELETE, OPTIONS"
        }
        if headers[.accessControlAllowHeaders] == nil {
            headers[.accessControlAllowHeaders] = allowedHeaders.joined(separator: ", ")
        }
    }
}
