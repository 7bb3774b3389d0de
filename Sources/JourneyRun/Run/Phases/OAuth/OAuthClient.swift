import Crypto
import Foundation
import JourneyCore
import JourneyFormat

/// One client's conversation with the provider, as the Ping SDKs hold it: discovery, authorize
/// with the journey's session (the code read from `Location`, the redirect never followed), the
/// token endpoint's grants, and the ID token's checks. Shared by the `oauth:` phase and by a
/// `request:` that gets new tokens after an advice journey.
struct OAuthClient: Sendable {
    let spec: OAuthSpec
    /// What this client learnt from the provider during one phase (endpoints, keys, refused tokens).
    private let learned: OAuthPhaseState

    init(spec: OAuthSpec) {
        self.spec = spec
        self.learned = OAuthPhaseState(endpoints: nil, keys: nil)
    }

    private init(spec: OAuthSpec, learned: OAuthPhaseState) {
        self.spec = spec
        self.learned = learned
    }

    /// The client for one phase of one run, knowing what an earlier phase read of the provider.
    func forPhase(after grant: OAuthGrant?) -> OAuthClient {
        OAuthClient(spec: spec, learned: OAuthPhaseState(endpoints: grant?.endpoints, keys: grant?.keys))
    }

    /// The client for one phase of one run, with endpoints known beforehand (MobileFirst's).
    func forPhase(knowing endpoints: OAuthEndpoints) -> OAuthClient {
        OAuthClient(spec: spec, learned: OAuthPhaseState(endpoints: endpoints, keys: nil))
    }

    /// `tokens` handed on with what this client read of the provider.
    func grant(_ tokens: OAuthTokens) -> OAuthGrant {
        OAuthGrant(tokens: tokens, endpoints: learned.endpoints, keys: learned.keys)
    }

    /// Tokens the provider issued that this client refused (their ID token failed its checks):
    /// only `cleanup.revoke` uses them. The refused ID token is dropped: it is no `id_token_hint`.
    var refusedTokens: OAuthTokens? { learned.refused }

    private func refuse(_ tokens: OAuthTokens) {
        var tokens = tokens
        tokens.idToken = nil
        learned.refused = tokens
    }

    /// How a token request ended: tokens, or the provider's refusal as a `failure` outcome.
    enum Grant: Sendable {
        case tokens(OAuthTokens)
        case refused(Outcome)
    }

    // MARK: Grants

    /// Tokens for the spec's grant: the authorization code with the AM session `amSession`, or
    /// client credentials.
    func obtainTokens(with amSession: AMSession?, in session: RunSession, phase: String) async throws(RunError)
        -> Grant
    {
        switch spec.grant {
        case .authorizationCode: return try await authorizationCode(with: amSession, in: session, phase: phase)
        case .clientCredentials: return try await clientCredentials(in: session, phase: phase)
        }
    }

    private func authorizationCode(with amSession: AMSession?, in session: RunSession, phase: String)
        async throws(RunError) -> Grant
    {
        let endpoints = try await self.endpoints(in: session)
        let clientId = try session.context.evaluator.evaluate(spec.clientId).text
        let redirectUri =
            try spec.redirectUri.map { template throws(RunError) in
                try session.context.evaluator.evaluate(template).text
            } ?? ""
        let state = Base64URL.encode(session.context.randomBytes(16))
        let nonce = Base64URL.encode(session.context.randomBytes(16))
        var parameters = [
            ("response_type", "code"), ("client_id", clientId), ("redirect_uri", redirectUri),
        ]
        if !spec.scope.isEmpty { parameters.append(("scope", spec.scope.joined(separator: " "))) }
        parameters += [("state", state), ("nonce", nonce)]
        var verifier: String?
        if spec.pkce {
            let value = Base64URL.encode(session.context.randomBytes(32))
            session.redactor.register(value, name: "code_verifier")
            verifier = value
            parameters += [
                ("code_challenge", Base64URL.encode(Array(SHA256.hash(data: Data(value.utf8))))),
                ("code_challenge_method", "S256"),
            ]
        }
        if let acr = spec.acrValues {
            parameters.append(("acr_values", try session.context.evaluator.evaluate(acr).text))
        }
        for extra in spec.authorize {
            parameters.append((extra.name, try session.context.evaluator.evaluate(extra.value).text))
        }
        try await session.sessionCalls.ensureSessionCookie(for: amSession)
        let authorize = Authorization(
            endpoint: endpoints.authorize, parameters: parameters, redirectUri: redirectUri, state: state,
            consent: spec.consent, amSession: amSession, phase: phase)
        let code: String
        switch try await authorize.code(in: session) {
        case .code(let value): code = value
        case .refused(let outcome): return .refused(outcome)
        }
        var form = [("grant_type", "authorization_code"), ("code", code), ("redirect_uri", redirectUri)]
        if let verifier { form.append(("code_verifier", verifier)) }
        return try await tokenRequest(
            form, clientId: clientId, endpoints: endpoints, nonce: nonce, requested: spec.scope, in: session,
            phase: phase)
    }

    private func clientCredentials(in session: RunSession, phase: String) async throws(RunError) -> Grant {
        let endpoints = try await self.endpoints(in: session)
        let clientId = try session.context.evaluator.evaluate(spec.clientId).text
        var form = [("grant_type", "client_credentials")]
        if !spec.scope.isEmpty { form.append(("scope", spec.scope.joined(separator: " "))) }
        return try await tokenRequest(
            form, clientId: clientId, endpoints: endpoints, nonce: nil, requested: spec.scope, in: session,
            phase: phase)
    }

    /// `grant_type=refresh_token` with the current refresh token; the new tokens replace the old.
    func refresh(_ tokens: OAuthTokens, in session: RunSession, phase: String) async throws(RunError) -> Grant {
        guard let refreshToken = tokens.refreshToken else {
            return .refused(
                OAuthFailure.outcome(
                    status: 0, error: "no_refresh_token",
                    description: "oauth.refresh is set, and the token response held no refresh_token"))
        }
        let endpoints = try await self.endpoints(in: session)
        let clientId = try session.context.evaluator.evaluate(spec.clientId).text
        let grant = try await tokenRequest(
            [("grant_type", "refresh_token"), ("refresh_token", refreshToken)], clientId: clientId,
            endpoints: endpoints, nonce: nil, requested: tokens.scope, in: session, phase: phase)
        guard case .tokens(var fresh) = grant else { return grant }
        // A provider that does not rotate keeps the refresh token; without a new ID token the old claims stand.
        if fresh.refreshToken == nil { fresh.refreshToken = refreshToken }
        if fresh.idToken == nil {
            fresh.idToken = tokens.idToken
            fresh.claims = tokens.claims
        }
        return .tokens(fresh)
    }

    // MARK: The token endpoint

    private func tokenRequest(
        _ form: [(String, String)], clientId: String, endpoints: OAuthEndpoints, nonce: String?,
        requested: [String], in session: RunSession, phase: String
    ) async throws(RunError) -> Grant {
        let (fields, headers) = try await authenticated(
            form, clientId: clientId, audience: endpoints.token, in: session)
        let request = TransportRequest(
            method: "POST", url: endpoints.token,
            headers: [HeaderField("Accept", "application/json")] + headers,
            body: OAuthForm.encode(fields))
        let (response, index) = try await session.call(request, phase: phase, party: .oauth)
        let json = try? JSONValue.parse(response.body)
        if let refusal = OAuthFailure.fromBody(json, status: response.status) {
            session.note(stepAt: index, "oauth", "refused: \(refusal.summary)")
            return .refused(refusal)
        }
        guard (200..<300).contains(response.status) else {
            return .refused(OAuthFailure.fromStatus(response, what: "the token endpoint", session: session))
        }
        guard let json, let accessToken = json["access_token"]?.stringValue, !accessToken.isEmpty else {
            throw OAuthFailure.missingAccessToken(request, response, at: index, in: session)
        }
        var tokens = OAuthTokens(
            accessToken: accessToken, refreshToken: json["refresh_token"]?.stringValue,
            idToken: json["id_token"]?.stringValue, tokenType: json["token_type"]?.stringValue ?? "Bearer",
            scope: json["scope"]?.stringValue.map { $0.split(separator: " ").map(String.init) } ?? requested,
            expiresIn: json["expires_in"]?.intValue)
        OAuthSecrets.register(tokens, with: session.redactor)
        session.note(stepAt: index, "oauth", Self.describe(tokens))
        if let idToken = tokens.idToken {
            let issuer =
                endpoints.issuer
                ?? OAuthEndpoints.realmBase(
                    base: session.endpoint.baseURL, realm: session.endpoint.realm)
            let expected = IDTokenVerifier.Expected(
                issuer: issuer, clientId: clientId, nonce: nonce, accessToken: accessToken, now: session.clock.now())
            switch try await IDTokenVerifier().verify(
                idToken, expected: expected,
                jwks: { () async throws(RunError) in
                    try await jwks(endpoints, in: session)
                })
            {
            case .success(let verified):
                tokens.claims = verified.claims
                session.note(
                    stepAt: index, "id_token",
                    (["verified"] + verified.notes).joined(separator: "; ")
                        + ", sub \(verified.claims["sub"]?.displayText ?? "?")")
            case .failure(let failure):
                session.note(stepAt: index, "id_token", "\(failure.check): \(failure.message)")
                refuse(tokens)
                return .refused(
                    OAuthFailure.outcome(
                        status: response.status, error: OAuthFailure.invalidIDToken, description: failure.message,
                        extra: ["check": .string(failure.check)]))
            }
        } else if requested.contains("openid"), nonce != nil {
            refuse(tokens)
            return .refused(
                OAuthFailure.outcome(
                    status: response.status, error: OAuthFailure.invalidIDToken,
                    description: "the scope asked for openid, and the token response holds no id_token",
                    extra: ["check": "present"]))
        }
        return .tokens(tokens)
    }

    /// The form and headers with the client's authentication.
    private func authenticated(_ form: [(String, String)], clientId: String, audience: String, in session: RunSession)
        async throws(RunError) -> ([(String, String)], [HeaderField])
    {
        var form = form
        var headers = [HeaderField("Content-Type", "application/x-www-form-urlencoded")]
        switch spec.clientAuth {
        case .none:
            form.append(("client_id", clientId))
        case .basic, .post:
            let secret = try await clientSecret(in: session)
            if spec.clientAuth == .post {
                form += [("client_id", clientId), ("client_secret", secret)]
            } else {
                let pair = PercentEncoding.queryComponent(clientId) + ":" + PercentEncoding.queryComponent(secret)
                headers.append(HeaderField("Authorization", "Basic " + Data(pair.utf8).base64EncodedString()))
            }
        case .privateKeyJwt:
            guard var key = spec.privateKey else { break }
            if let path = spec.privateKeyPath { key.value = try session.context.evaluator.evaluate(path).text }
            let assertion = try await ClientAssertion.make(
                keyFile: key, scriptFile: session.script.file, keyId: spec.keyId, clientId: clientId,
                audience: audience, id: Base64URL.encode(session.context.randomBytes(16)), now: session.clock.now())
            session.redactor.register(assertion, name: "client_assertion")
            form += [
                ("client_id", clientId), ("client_assertion_type", ClientAssertion.type),
                ("client_assertion", assertion),
            ]
        }
        return (form, headers)
    }

    private func clientSecret(in session: RunSession) async throws(RunError) -> String {
        guard let spec = spec.clientSecret else { return "" }
        let value = try await session.context.resolve(spec, timeoutMilliseconds: nil).json.displayText
        session.redactor.register(value, name: "client_secret")
        return value
    }

    /// `POST token/revoke` with the client's authentication.
    func revoke(_ token: String, hint: String, in session: RunSession) async throws(RunError) -> (
        TransportResponse, Int
    ) {
        let endpoints = try await self.endpoints(in: session)
        let clientId = try session.context.evaluator.evaluate(spec.clientId).text
        let (fields, headers) = try await authenticated(
            [("token", token), ("token_type_hint", hint)], clientId: clientId, audience: endpoints.token, in: session)
        let request = TransportRequest(
            method: "POST", url: endpoints.revoke,
            headers: [HeaderField("Accept", "application/json")] + headers,
            body: OAuthForm.encode(fields))
        return try await session.call(request, phase: "cleanup", party: .oauth)
    }

    // MARK: Discovery and keys

    /// The realm's endpoints, read once per run (handed on in the grant).
    func endpoints(in session: RunSession) async throws(RunError) -> OAuthEndpoints {
        if let known = learned.endpoints { return known }
        let endpoint = session.endpoint
        let defaults = OAuthEndpoints.am(base: endpoint.baseURL, realm: endpoint.realm)
        var endpoints = defaults
        if spec.discovery {
            let url =
                OAuthEndpoints.realmBase(base: endpoint.baseURL, realm: endpoint.realm)
                + "/.well-known/openid-configuration"
            let (response, index) = try await session.call(
                TransportRequest(
                    method: "GET", url: url,
                    headers: [HeaderField("Accept", "application/json")]), phase: "oauth discovery", party: .oauth)
            if response.status == 200, let json = try? JSONValue.parse(response.body), json.objectValue != nil {
                endpoints = OAuthEndpoints.discovered(json, fallback: defaults)
                session.note(stepAt: index, "discovery", "issuer \(endpoints.issuer ?? "not named")")
                // Credentials go where the document says: say so when that is another origin than the server's.
                let origin = AMEndpoints.origin(of: endpoint.baseURL)
                let elsewhere = [endpoints.authorize, endpoints.token].filter { AMEndpoints.origin(of: $0) != origin }
                if !elsewhere.isEmpty {
                    session.note(
                        stepAt: index, "discovery",
                        "endpoints at another origin than the server's: \(elsewhere.map(AMEndpoints.origin).joined(separator: ", "))"
                    )
                }
            } else {
                session.note(stepAt: index, "discovery", "not offered (HTTP \(response.status)): AM's paths are used")
            }
        }
        learned.endpoints = endpoints
        return endpoints
    }

    /// The provider's JWKS, read once per run.
    private func jwks(_ endpoints: OAuthEndpoints, in session: RunSession) async throws(RunError) -> JSONValue {
        if let known = learned.keys { return known }
        let request = TransportRequest(
            method: "GET", url: endpoints.jwks,
            headers: [HeaderField("Accept", "application/json")])
        let (response, index) = try await session.call(request, phase: "oauth keys", party: .oauth)
        guard response.status == 200, let json = try? JSONValue.parse(response.body), json["keys"]?.arrayValue != nil
        else {
            throw RunError(
                .protocol,
                "the provider's JWKS (\(request.methodAndPath)) is not a key set: \(session.describe(response))",
                step: session.stepNumber(at: index))
        }
        learned.keys = json
        return json
    }

    static func describe(_ tokens: OAuthTokens) -> String {
        var parts = ["\(tokens.tokenType) access token"]
        if tokens.refreshToken != nil { parts.append("refresh token") }
        if tokens.idToken != nil { parts.append("ID token") }
        var text = parts.joined(separator: ", ")
        if !tokens.scope.isEmpty { text += ", scope '\(tokens.scope.joined(separator: " "))'" }
        if let expiresIn = tokens.expiresIn { text += ", expires in \(expiresIn) s" }
        return text
    }
}
