import Crypto
import Foundation
import JourneyCore

extension OAuthController {
    /// `POST …/access_token`: the `authorization_code`, `refresh_token` and `client_credentials` grants.
    func accessToken(_ call: OAuthCall) -> HTTPReply {
        guard let grantType = call["grant_type"] else {
            return OAuthReply.error(400, "invalid_request", "Missing parameter, 'grant_type'")
        }
        guard let grant = OAuthGrant.allCases.first(where: { $0.grantType == grantType }) else {
            return OAuthReply.error(400, "unsupported_grant_type", "Grant type is not supported: \(grantType)")
        }
        guard let client = authenticateClient(call) else { return OAuthReply.clientAuthenticationFailed }
        guard client.grants.contains(grant), grant != .clientCredentials || !client.isPublic else {
            return OAuthReply.error(
                400, "unauthorized_client", "Client is not authorized to use grant type \(grantType)")
        }
        var reply: HTTPReply
        switch grant {
        case .authorizationCode: reply = exchangeCode(call, client: client)
        case .refreshToken: reply = refresh(call, client: client)
        case .clientCredentials: reply = clientCredentials(call, client: client)
        }
        reply.logContext = "client=\(client.clientId) grant=\(grantType)"
        return reply
    }

    private func exchangeCode(_ call: OAuthCall, client: OAuthClient) -> HTTPReply {
        guard let code = call["code"] else { return OAuthReply.invalidGrant }
        let issued: OAuthCode
        switch tokens.redeemCode(code) {
        case .redeemed(let value): issued = value
        case .reused, .unknown: return OAuthReply.invalidGrant
        }
        // The redirect_uri authorize was sent, or (when it used the client's only one) none or that one.
        let redirect = call["redirect_uri"]
        let redirectMatches =
            issued.requestedRedirectURI.map { redirect == $0 } ?? (redirect == nil || redirect == issued.redirectURI)
        guard issued.context.clientId == client.clientId, issued.expires > now, redirectMatches else {
            return OAuthReply.invalidGrant
        }
        if let challenge = issued.challenge {
            guard let verifier = call["code_verifier"],
                Self.pkceMatches(verifier: verifier, challenge: challenge, method: issued.challengeMethod ?? "plain")
            else { return OAuthReply.verifierMismatch }
        }
        return issue(
            call, client: client, context: issued.context, scope: issued.scope, nonce: issued.nonce,
            withRefresh: client.grants.contains(.refreshToken))
    }

    private func refresh(_ call: OAuthCall, client: OAuthClient) -> HTTPReply {
        guard let token = call["refresh_token"], let current = tokens.refreshToken(token, now: now),
            current.context.clientId == client.clientId
        else { return OAuthReply.invalidGrant }
        var scope = current.scope
        if let asked = call["scope"] {
            let names = requestedScope(asked, client: client)
            let unknown = names.filter { !current.scope.contains($0) }
            guard unknown.isEmpty else { return OAuthReply.invalidScope(unknown) }
            scope = names
        }
        // Rotation: the presented refresh token is spent.
        guard tokens.takeRefreshToken(token) != nil else { return OAuthReply.invalidGrant }
        return issue(call, client: client, context: current.context, scope: scope, nonce: nil, withRefresh: true)
    }

    private func clientCredentials(_ call: OAuthCall, client: OAuthClient) -> HTTPReply {
        let names = call["scope"].map { requestedScope($0, client: client) } ?? client.defaultScopes
        let scope = names.isEmpty ? client.scopes : names
        let unknown = scope.filter { !client.scopes.contains($0) }
        guard unknown.isEmpty else { return OAuthReply.invalidScope(unknown) }
        let context = OAuthGrantContext(grantId: env.random.token(24), clientId: client.clientId, realm: call.realm)
        return issue(call, client: client, context: context, scope: scope, nonce: nil, withRefresh: false)
    }

    /// Issues an access token (and a refresh token, and an ID token for `openid`) for a grant.
    private func issue(
        _ call: OAuthCall, client: OAuthClient, context: OAuthGrantContext, scope: [String], nonce: String?,
        withRefresh: Bool
    ) -> HTTPReply {
        let now = self.now
        let lifetimes = definition.lifetimes
        let accessToken = env.random.token(43)
        tokens.addAccessToken(
            accessToken,
            OAuthToken(
                context: context, scope: scope, issued: now,
                expires: now.addingTimeInterval(Double(lifetimes.accessToken))))
        var body: [String: JSONValue] = [
            "access_token": .string(accessToken), "scope": .string(scope.joined(separator: " ")),
            "token_type": "Bearer", "expires_in": .int(max(1, lifetimes.accessToken - 1)),
        ]
        if withRefresh {
            let refreshToken = env.random.token(43)
            tokens.addRefreshToken(
                refreshToken,
                OAuthToken(
                    context: context, scope: scope, issued: now,
                    expires: now.addingTimeInterval(Double(lifetimes.refreshToken))))
            body["refresh_token"] = .string(refreshToken)
        }
        if scope.contains("openid"), context.username != nil, let key = definition.signingKey(for: client) {
            let minter = IDTokenMinter(
                key: key, client: client, issuer: call.issuer, lifetime: lifetimes.idToken, users: env.users)
            let request = IDTokenMinter.Request(
                context: context, scope: scope, nonce: nonce, accessToken: accessToken, now: now)
            guard let minted = minter.mint(request) else {
                return OAuthReply.error(500, "server_error", "The ID token could not be signed")
            }
            tokens.addIDToken(
                minted.token,
                OAuthIDToken(
                    context: context, issued: now, expires: now.addingTimeInterval(Double(lifetimes.idToken)),
                    valid: minted.valid))
            body["id_token"] = .string(minted.token)
        }
        return OAuthReply.json(.object(body), outcome: "200 tokens")
    }

    /// RFC 7636: `S256` is Base64url(SHA-256(verifier)), `plain` the verifier itself.
    static func pkceMatches(verifier: String, challenge: String, method: String) -> Bool {
        switch method {
        case "S256": Base64URL.encode(Array(SHA256.hash(data: Data(verifier.utf8)))) == challenge
        case "plain": verifier == challenge
        default: false
        }
    }
}
