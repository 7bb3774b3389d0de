import Foundation
import HTTPTypes
import JourneyCore

/// A request as the simulator's handlers see it: decoded query, cookies, and the whole body.
struct IncomingRequest: Sendable {
    var method: HTTPRequest.Method
    var path: String
    var query: [String: String]
    var headers: HTTPFields
    var body: [UInt8]
    /// `http://host:port` as the client addressed us.
    var baseURL: String
    /// The path and query as received, for redirects back to it.
    var rawTarget: String

    init(method: HTTPRequest.Method, target: String, headers: HTTPFields, body: [UInt8], fallbackHost: String) {
        self.method = method
        self.headers = headers
        self.body = body
        self.rawTarget = target
        let parts = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        let rawPath = parts.first.map(String.init) ?? "/"
        self.path = PercentEncoding.decoded(rawPath) ?? rawPath
        self.query = parts.count > 1 ? Self.parseQuery(parts[1]) : [:]
        self.baseURL = "http://\(fallbackHost)"
    }

    /// First value of each parameter; `+` is a space, as servlet containers decode it.
    static func parseQuery(_ text: some StringProtocol) -> [String: String] {
        var result: [String: String] = [:]
        for pair in text.split(separator: "&") {
            let pieces = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let key = decode(pieces[0])
            let value = pieces.count > 1 ? decode(pieces[1]) : ""
            if result[key] == nil { result[key] = value }
        }
        return result
    }

    private static func decode(_ text: some StringProtocol) -> String {
        PercentEncoding.decoded(Substring(text), plusAsSpace: true) ?? String(text)
    }

    func header(_ name: String) -> String? {
        HTTPField.Name(name).flatMap { headers[$0] }
    }

    /// Cookies from every `Cookie` header.
    var cookies: [String: String] {
        var result: [String: String] = [:]
        for field in headers where field.name == .cookie {
            for item in field.value.split(separator: ";") {
                let pair = item.split(separator: "=", maxSplits: 1)
                guard pair.count == 2 else { continue }
                let name = String(pair[0].trimmedSpacesAndTabs)
                if result[name] == nil { result[name] = String(pair[1].trimmedSpacesAndTabs) }
            }
        }
        return result
    }

}
