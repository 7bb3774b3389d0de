import Foundation
import HTTPTypes
import JourneyCore

extension MobileFirstController {
    /// `/adapters/...`: a protected resource. No token → 401 `WWW-Authenticate: Bearer`; an
    /// unknown or expired one → 401 `Bearer error="invalid_token"`; a token without the
    /// adapter's scope → 403 `Bearer error="insufficient_scope", scope="…"` (challenges.md §1.6).
    func mfpAdapter(_ request: IncomingRequest, path: String, _ definition: MobileFirstDefinition) -> HTTPReply {
        let method = request.method.rawValue
        guard let adapter = definition.adapters.first(where: { $0.path == path && $0.method == method }) else {
            guard definition.adapters.contains(where: { $0.path == path }) else { return .notFound(request.path) }
            return .methodNotAllowed(request.method)
        }
        var reply = adapterReply(adapter, request, definition)
        reply.logContext = "adapter=\(path)"
        return reply
    }

    private func adapterReply(
        _ adapter: AdapterDefinition, _ request: IncomingRequest, _ definition: MobileFirstDefinition
    )
        -> HTTPReply
    {
        let authorization = Substring(request.headers[.authorization] ?? "")
        let token = authorization.dropFirst(Self.bearerPrefix.count).trimmedSpacesAndTabs
        guard HTTPText.namesMatch(authorization.prefix(Self.bearerPrefix.count), Self.bearerPrefix), !token.isEmpty
        else {
            return Self.bearer(.unauthorized, "Bearer", outcome: "401 no token")
        }
        guard let issued = mobileFirstStore.token(String(token)), issued.expires > now else {
            return Self.bearer(.unauthorized, "Bearer error=\"invalid_token\"", outcome: "401 invalid_token")
        }
        if let client = mobileFirstStore.client(issued.clientId),
            let fault = mfpFault(.adapter, client: client, definition)
        {
            return fault
        }
        guard adapter.scope.allSatisfy(issued.scope.contains) else {
            return Self.bearer(
                .forbidden, "Bearer error=\"insufficient_scope\", scope=\"\(adapter.scope.joined(separator: " "))\"",
                outcome: "403 insufficient_scope")
        }
        return .json(.ok, adapter.body, outcome: "200 adapter")
    }

    private static let bearerPrefix = "Bearer "

    private static func bearer(_ status: HTTPResponse.Status, _ challenge: String, outcome: String) -> HTTPReply {
        var reply = HTTPReply(status: status, headers: HTTPFields(), body: [], logOutcome: outcome)
        reply.headers[.wwwAuthenticate] = challenge
        return reply
    }
}
