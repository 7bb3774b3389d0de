import Foundation
import HTTPTypes
import JourneyCore

extension OAuthController {
    /// The token of an `Authorization: Bearer` header.
    static func bearerToken(_ request: IncomingRequest) -> String? {
        guard let value = request.headers[.authorization], value.lowercased().hasPrefix("bearer ") else { return nil }
        let token = value.dropFirst(7).trimmingCharacters(in: .whitespaces)
        return token.isEmpty ? nil : token
    }

    /// `GET|POST …/userinfo`: `sub`, `subname` and the claims of the token's scope.
    func userinfo(_ call: OAuthCall) -> HTTPReply {
        guard let token = Self.bearerToken(call.request), let issued = tokens.accessToken(token, now: now),
            let username = issued.context.username, issued.scope.contains("openid")
        else {
            var reply = OAuthReply.invalidToken
            reply.headers[.wwwAuthenticate] =
                "Bearer realm=\"\(call.realm)\", error=\"invalid_token\", error_description=\"The access token provided is expired, revoked, malformed, or invalid for other reasons.\""
            return reply
        }
        var claims = IDTokenMinter.scopeClaims(env.users.user(username), scope: issued.scope)
        claims["sub"] = .string(username)
        claims["subname"] = .string(username)
        return OAuthReply.json(.object(claims), outcome: "200 userinfo")
    }

    /// `POST …/introspect`: the token's state for an authenticated client.
    func introspect(_ call: OAuthCall) -> HTTPReply {
        guard authenticateClient(call) != nil else { return OAuthReply.clientAuthenticationFailed }
        guard let token = call["token"] else {
            return OAuthReply.error(400, "invalid_request", "Missing parameter, 'token'")
        }
        let hint = call["token_type_hint"]
        let access = hint == "refresh_token" ? nil : tokens.accessToken(token, now: now)
        let refresh = access == nil ? tokens.refreshToken(token, now: now) : nil
        guard let issued = access ?? refresh else { return OAuthReply.json(["active": false], outcome: "200 inactive") }
        let subject = issued.context.username ?? issued.context.clientId
        var body: [String: JSONValue] = [
            "active": true, "scope": .string(issued.scope.joined(separator: " ")),
            "client_id": .string(issued.context.clientId), "user_id": .string(subject), "sub": .string(subject),
            "username": .string(subject), "token_type": .string(access != nil ? "Bearer" : "refresh_token"),
            "exp": .int(Int(issued.expires.timeIntervalSince1970)),
            "iat": .int(Int(issued.issued.timeIntervalSince1970)),
            "iss": .string(call.issuer), "realm": .string(issued.context.realm),
        ]
        if let sid = issued.context.sid { body["sid"] = .string(sid) }
        return OAuthReply.json(.object(body), outcome: "200 active")
    }

    /// `POST …/token/revoke`: an access token alone, a refresh token with its whole grant.
    func revoke(_ call: OAuthCall) -> HTTPReply {
        guard authenticateClient(call) != nil else { return OAuthReply.clientAuthenticationFailed }
        guard let token = call["token"] else {
            return OAuthReply.error(400, "invalid_request", "Missing parameter, 'token'")
        }
        tokens.revoke(token)
        return OAuthReply.json([:], outcome: "200 revoked")
    }

    /// `GET …/connect/endSession`: ends the AM session the hinted ID token came from.
    func endSession(_ call: OAuthCall) -> HTTPReply {
        guard let hint = call["id_token_hint"], let idToken = tokens.idToken(hint),
            idToken.context.realm == call.realm, let client = definition.client(idToken.context.clientId)
        else { return OAuthReply.error(400, "bad_request", "Invalid id_token_hint", errorFirst: true) }
        let postLogout = call["post_logout_redirect_uri"]
        if let postLogout, !client.postLogoutRedirectUris.contains(postLogout) {
            return OAuthReply.error(400, "bad_request", "Invalid post_logout_redirect_uri", errorFirst: true)
        }
        if let session = idToken.context.session { _ = cookies.sessions.remove(session) }
        guard let postLogout else {
            return HTTPReply(status: .noContent, headers: HTTPFields(), body: [], logOutcome: "204 session ended")
        }
        return OAuthReply.redirect(postLogout, [("state", call["state"])], outcome: "302 session ended")
    }
}
