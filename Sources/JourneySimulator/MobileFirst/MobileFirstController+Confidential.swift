import Foundation
import HTTPTypes
import JourneyCore

/// Confidential clients (challenges.md §1.5 4, §1.2): `client_credentials` with HTTP Basic at
/// `/az/v1/token`, no security checks; `/az/v1/introspection` for a caller whose Bearer token
/// holds `authorization.introspect`.
extension MobileFirstController {
    static let introspectScope = "authorization.introspect"

    /// `grant_type=client_credentials&scope=…` with `Authorization: Basic id:secret`.
    func mfpClientCredentials(
        _ request: IncomingRequest, form: [String: String], _ definition: MobileFirstDefinition
    ) -> HTTPReply {
        guard let authorization = request.headers[.authorization], authorization.lowercased().hasPrefix("basic "),
            let (id, secret) = OAuthController.basicCredentials(String(authorization.dropFirst(6))),
            let client = definition.confidentialClients[id], client.secret == secret
        else {
            var reply = Self.oauthError(401, "invalid_client", "Unknown confidential client or wrong secret")
            reply.headers[.wwwAuthenticate] = "Basic"
            return reply
        }
        let scope = Self.scopeElements(form["scope"])
        guard !scope.isEmpty else { return Self.oauthError(400, "invalid_request", "scope is required") }
        guard client.allows(scope) else {
            return Self.oauthError(
                400, "invalid_scope", "The client '\(id)' may not ask for '\(scope.joined(separator: " "))'")
        }
        let token = env.random.token(40)
        mobileFirstStore.issue(
            token: token,
            IssuedToken(
                clientId: id, scope: scope, expires: now.addingTimeInterval(Double(definition.tokenLifetime))),
            now: now)
        let body: JSONValue = [
            "access_token": .string(token), "token_type": "Bearer", "expires_in": .int(definition.tokenLifetime),
            "scope": .string(scope.joined(separator: " ")),
        ]
        var reply = HTTPReply.json(.ok, body, outcome: "200 token (client_credentials)")
        reply.headers[.cacheControl] = "no-store"
        return reply
    }

    /// `POST /az/v1/introspection` (form `token=…`): `{"active": true, "scope", "client_id", "exp",
    /// "token_type"}` for a valid token, `{"active": false}` otherwise.
    func mfpIntrospection(_ request: IncomingRequest) -> HTTPReply {
        let authorization = request.headers[.authorization] ?? ""
        guard authorization.lowercased().hasPrefix("bearer ") else {
            return Self.bearerReply(.unauthorized, "Bearer", outcome: "401 no token")
        }
        let bearer = String(authorization.dropFirst(7)).trimmingCharacters(in: .whitespaces)
        guard let caller = mobileFirstStore.token(bearer), caller.expires > now else {
            return Self.bearerReply(.unauthorized, "Bearer error=\"invalid_token\"", outcome: "401 invalid_token")
        }
        guard caller.scope.contains(Self.introspectScope) else {
            return Self.bearerReply(
                .forbidden, "Bearer error=\"insufficient_scope\", scope=\"\(Self.introspectScope)\"",
                outcome: "403 insufficient_scope")
        }
        let form = IncomingRequest.parseQuery(String(decoding: request.body, as: UTF8.self))
        guard let token = form["token"], !token.isEmpty else {
            return Self.oauthError(400, "invalid_request", "token is required")
        }
        guard let issued = mobileFirstStore.token(token), issued.expires > now else {
            return .json(.ok, ["active": false], outcome: "200 inactive")
        }
        let body: JSONValue = [
            "active": true, "scope": .string(issued.scope.joined(separator: " ")),
            "client_id": .string(issued.clientId), "token_type": "Bearer",
            "exp": .int(Int(issued.expires.timeIntervalSince1970)),
        ]
        return .json(.ok, body, outcome: "200 active")
    }

    static func bearerReply(_ status: HTTPResponse.Status, _ challenge: String, outcome: String) -> HTTPReply {
        var reply = HTTPReply(status: status, headers: HTTPFields(), body: [], logOutcome: outcome)
        reply.headers[.wwwAuthenticate] = challenge
        return reply
    }
}
