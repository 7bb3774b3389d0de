import Foundation
import JourneyCore
import JourneyFormat

/// One client of Rakuten's token API (RAE), as RAuthentication holds it: the token grants, the
/// member look-ups and revoke, every call with the client id and secret as form fields.
struct RakutenClient: Sendable {
    let spec: RakutenSpec

    /// The token server's base URL (the run's server) without a trailing `/`.
    static func base(_ session: RunSession) -> String {
        var base = session.endpoint.baseURL
        while base.hasSuffix("/") { base.removeLast() }
        return base
    }

    /// `client_id` and `client_secret` (registered as a secret).
    func credentials(in session: RunSession) async throws(RunError) -> [(String, String)] {
        let clientId = try session.context.evaluator.evaluate(spec.clientId).text
        let secret = try await session.context.resolve(spec.clientSecret, timeoutMilliseconds: nil).json.displayText
        session.redactor.register(secret, name: "client_secret")
        return [("client_id", clientId), ("client_secret", secret)]
    }

    /// `POST engine/token` with `fields` and the client's credentials; tokens or the refusal as a
    /// `failure` outcome (the error's name and description, the HTTP status).
    func token(_ fields: [(String, String)], requested: [String], in session: RunSession, phase: String)
        async throws(RunError) -> OAuthClient.Grant
    {
        var form = fields + (try await credentials(in: session))
        if !requested.isEmpty { form.append(("scope", RakutenSpec.scopeParameter(requested))) }
        let request = TransportRequest(
            method: "POST", url: Self.base(session) + "/engine/token",
            headers: [
                HeaderField("Accept", "application/json"),
                HeaderField("Content-Type", "application/x-www-form-urlencoded; charset=utf-8"),
                HeaderField("Accept-Language", "en;q=1"),
            ],
            body: RakutenWire.form(form))
        let (response, index) = try await session.call(request, phase: phase, party: .rakuten)
        let (failure, json) = RakutenWire.failure(status: response.status, body: response.body)
        if let failure {
            let refusal = OAuthFailure.outcome(
                status: response.status, error: failure.error, description: failure.description)
            session.note(stepAt: index, "token", "refused: \(refusal.summary)")
            return .refused(refusal)
        }
        guard let json, let accessToken = json["access_token"]?.displayText, !accessToken.isEmpty else {
            throw OAuthFailure.missingAccessToken(request, response, at: index, in: session)
        }
        // `scope` is split on `,`; `expires_in` may be a number or a decimal string; the type is always BEARER.
        let tokens = OAuthTokens(
            accessToken: accessToken, refreshToken: json["refresh_token"]?.stringValue, idToken: nil,
            tokenType: "BEARER",
            scope: json["scope"]?.stringValue.map { $0.split(separator: ",").map(String.init) } ?? requested,
            expiresIn: json["expires_in"].flatMap { $0.intValue ?? $0.stringValue.flatMap { Int($0) } })
        OAuthSecrets.register(tokens, with: session.redactor)
        session.note(stepAt: index, "token", OAuthClient.describe(tokens))
        return .tokens(tokens)
    }

    /// A member API GET with `Authorization: OAuth2 <token>`: its JSON, or its RAE error.
    func member(_ path: String, token: String, in session: RunSession) async throws(RunError) -> (
        Result<JSONValue, RakutenWire.Failure>, status: Int, index: Int
    ) {
        let request = TransportRequest(
            method: "GET", url: Self.base(session) + path,
            headers: [HeaderField("Accept", "application/json"), HeaderField("Authorization", "OAuth2 \(token)")])
        let (response, index) = try await session.call(request, phase: "member", party: .rakuten)
        let (failure, json) = RakutenWire.failure(status: response.status, body: response.body)
        if let failure { return (.failure(failure), response.status, index) }
        return (.success(json ?? .object([:])), response.status, index)
    }

    /// `POST engine/token_cancel` with the access token.
    func revoke(_ token: String, in session: RunSession) async throws(RunError) -> (RakutenWire.Failure?, Int, Int) {
        let form = [("access_token", token)] + (try await credentials(in: session))
        let request = TransportRequest(
            method: "POST", url: Self.base(session) + "/engine/token_cancel",
            headers: [
                HeaderField("Accept", "application/json"),
                HeaderField("Content-Type", "application/x-www-form-urlencoded; charset=utf-8"),
            ],
            body: RakutenWire.form(form))
        let (response, index) = try await session.call(request, phase: "cleanup", party: .rakuten)
        return (RakutenWire.failure(status: response.status, body: response.body).failure, response.status, index)
    }

    /// `cleanup: { revoke: true }`: revokes the access token. The errors the SDK ignores (codes 1
    /// and 2: the token is already invalid) are trace notes; any other is an expectation failure.
    func cleanupRevoke(_ grant: OAuthGrant?, in session: RunSession, after outcome: Outcome?, location: SourceLocation)
        async throws(RunError) -> [ExpectationFailure]
    {
        let tokens: OAuthTokens
        switch TokenCleanup.tokensToRevoke(grant, after: outcome, location: location) {
        case .tokens(let held): tokens = held
        case .none(let failures): return failures
        }
        let (failure, status, index) = try await revoke(tokens.accessToken, in: session)
        guard let failure else {
            session.note(stepAt: index, "revoke", "access_token revoked")
            return []
        }
        if failure.code == 1 || failure.code == 2 {
            session.note(stepAt: index, "revoke", "ignored as the SDK does: \(failure.error) (HTTP \(status))")
        } else {
            session.recordFailure(
                "the revocation answered HTTP \(status) \(failure.error)", onStepAt: index, location: location)
        }
        return []
    }

    /// `cleanup.after` of a Rakuten script: the access token is valid when the member API
    /// (GetName) takes it, invalid when it answers `invalid_token` (HTTP 401).
    func checkToken(
        _ expected: CleanupSpec.Validity, of grant: OAuthGrant?, in session: RunSession, location: SourceLocation
    ) async throws(RunError) -> PhaseFailures {
        var failures = PhaseFailures()
        guard let token = grant?.tokens.accessToken else {
            failures.add(ExpectationFailure("cleanup.after: the run has no access token to check", location: location))
            return failures
        }
        let (answer, status, index) = try await member(RakutenPhase.getName, token: token, in: session)
        let valid: Bool
        switch answer {
        case .success: valid = true
        case .failure(let failure) where status == 401 || failure.error == "invalid_token": valid = false
        case .failure(let failure):
            session.recordFailure(
                "cleanup.after: the token check answered HTTP \(status) \(failure.error)", onStepAt: index,
                location: location)
            return failures
        }
        session.note(stepAt: index, "token", valid ? "valid after the cleanup" : "invalid after the cleanup")
        guard valid != (expected == .valid) else { return failures }
        failures.add(
            ExpectationFailure(
                "expected the access token to be \(expected.rawValue) at the end, but it is \(valid ? "valid" : "invalid")",
                step: session.stepNumber(at: index), location: location),
            onStepAt: index)
        return failures
    }
}
