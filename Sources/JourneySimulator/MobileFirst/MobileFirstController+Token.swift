import Foundation
import HTTPTypes
import JourneyCore

extension MobileFirstController {
    static let jwtBearer = "urn:ietf:params:oauth:client-assertion-type:jwt-bearer"

    /// `GET /az/v1/authorization`: a code for a scope whose checks all succeeded, delivered as a
    /// 302 to `redirect_uri?code=…` (not meant to be followed). A scope no longer granted runs
    /// its checks again: 401 `MFP-Challenge`.
    func mfpAuthorization(_ request: IncomingRequest, _ definition: MobileFirstDefinition) -> HTTPReply {
        guard request.query["response_type"] == "code" else {
            return Self.oauthError(400, "unsupported_response_type", "response_type must be code")
        }
        guard let clientId = request.query["client_id"], let redirect = request.query["redirect_uri"], !redirect.isEmpty
        else {
            return Self.oauthError(400, "invalid_request", "client_id and redirect_uri are required")
        }
        guard let client = mobileFirstStore.client(clientId) else { return Self.unknownClient(clientId) }
        if let fault = mfpFault(.authorization, client: client, definition) { return fault }
        let scope = Self.scopeElements(request.query["scope"])
        let checks: [String]
        switch Self.checks(for: scope, definition) {
        case .success(let names): checks = names
        case .failure(let unknown):
            return Self.oauthError(400, "invalid_scope", "Unknown scope element '\(unknown.element)'")
        }
        let now = self.now
        if checks.contains(where: { client.checks[$0]?.isGranted(at: now) != true }) {
            return runChecks(checks, clientId: clientId, answers: [:], definition)
        }
        let code = env.random.token(24)
        mobileFirstStore.issue(
            code: code,
            IssuedCode(
                clientId: clientId, scope: scope, redirectURI: redirect,
                expires: now.addingTimeInterval(Double(definition.codeLifetime))),
            now: now)
        var reply = HTTPReply(status: .found, headers: HTTPFields(), body: [], logOutcome: "302 code")
        reply.headers[.location] = redirect + (redirect.contains("?") ? "&" : "?") + "code=" + code
        return reply
    }

    /// `POST /az/v1/token` (form): the code, its redirect_uri, and a client assertion signed by
    /// the registered key: header `jwk.kid` = client id, `jti` = the code, `iat`/`exp` in milliseconds.
    func mfpToken(_ request: IncomingRequest, _ definition: MobileFirstDefinition) -> HTTPReply {
        let form = IncomingRequest.parseQuery(String(decoding: request.body, as: UTF8.self))
        if form["grant_type"] == "client_credentials" { return mfpClientCredentials(request, form: form, definition) }
        guard form["grant_type"] == "authorization_code" else {
            return Self.oauthError(
                400, "unsupported_grant_type", "grant_type must be authorization_code or client_credentials")
        }
        guard let code = form["code"], let pending = mobileFirstStore.code(code) else {
            return Self.oauthError(400, "invalid_grant", "Unknown or used authorization code")
        }
        guard let client = mobileFirstStore.client(pending.clientId) else {
            return Self.unknownClient(pending.clientId)
        }
        if let fault = mfpFault(.token, client: client, definition) { return fault }
        guard let issued = mobileFirstStore.redeem(code: code) else {
            return Self.oauthError(400, "invalid_grant", "Unknown or used authorization code")
        }
        guard issued.expires > now else {
            return Self.oauthError(400, "invalid_grant", "The authorization code expired")
        }
        guard form["redirect_uri"] == issued.redirectURI else {
            return Self.oauthError(400, "invalid_grant", "redirect_uri differs from the authorization request's")
        }
        guard form["client_assertion_type"] == Self.jwtBearer, let assertion = form["client_assertion"] else {
            return Self.oauthError(
                400, "invalid_client", "client_assertion_type must be \(Self.jwtBearer), with a client_assertion")
        }
        if let problem = ClientAssertionCheck.problem(
            assertion, client: client, code: code, nowMilliseconds: nowMilliseconds)
        {
            return Self.oauthError(400, "invalid_client", problem)
        }
        let token = env.random.token(40)
        mobileFirstStore.issue(
            token: token,
            IssuedToken(
                clientId: client.id, scope: issued.scope,
                expires: now.addingTimeInterval(Double(definition.tokenLifetime))),
            now: now)
        let body: JSONValue = [
            "access_token": .string(token), "token_type": "Bearer", "expires_in": .int(definition.tokenLifetime),
            "scope": .string(issued.scope.joined(separator: " ")),
        ]
        var reply = HTTPReply.json(.ok, body, outcome: "200 token")
        reply.headers[.cacheControl] = "no-store"
        return reply
    }
}

/// The client assertion's rules (challenges.md §1.5): signed by the registered key, `kid` = the
/// client id, `jti` = the code (for the token request; logout and heartbeat name no code),
/// `iat`/`exp` in milliseconds with `exp` still ahead.
enum ClientAssertionCheck {
    /// Milliseconds of clock skew allowed on `iat`.
    static let skew = 60_000

    /// Why the assertion is refused, or nil when it is good.
    static func problem(_ assertion: String, client: MobileFirstClient, code: String?, nowMilliseconds: Int) -> String?
    {
        let verified: MobileFirstJWS.Verified
        do {
            verified = try MobileFirstJWS.verifyCompact(assertion, key: client.publicKey)
        } catch {
            return "client_assertion: \(error.message)"
        }
        let kid = verified.header["jwk"]?["kid"]?.stringValue ?? verified.header["kid"]?.stringValue
        guard kid == client.id else {
            return "client_assertion: the header's jwk.kid must be the client id \(client.id), found \(kid ?? "none")"
        }
        let claims = verified.payload
        if let sub = claims["sub"]?.stringValue, sub != client.id {
            return "client_assertion: sub must be the client id \(client.id), found \(sub)"
        }
        if let code, claims["jti"]?.stringValue != code {
            return "client_assertion: jti must be the authorization code"
        }
        guard let iat = claims["iat"]?.doubleValue, let exp = claims["exp"]?.doubleValue else {
            return "client_assertion: iat and exp are required"
        }
        // Seconds since 1970 are below 10^11 until the year 5138; milliseconds are above it.
        if iat < 1e11 || exp < 1e11 { return "client_assertion: iat and exp must be in milliseconds, not seconds" }
        if exp <= Double(nowMilliseconds) { return "client_assertion: expired (exp is in the past)" }
        if iat > Double(nowMilliseconds + skew) { return "client_assertion: iat is in the future" }
        if exp <= iat { return "client_assertion: exp must be after iat" }
        return nil
    }
}
