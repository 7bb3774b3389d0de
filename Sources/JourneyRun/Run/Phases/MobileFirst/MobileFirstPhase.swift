import Foundation
import JourneyCore
import JourneyFormat

/// `protocol: mobilefirst` (challenges.md §1): register the client, run the preauthorize
/// challenge loop, get an authorization code and exchange it for a token with a client
/// assertion (or, for a confidential client, get it with `client_credentials`), then call the
/// `request:` resource with the Bearer token; introspect it, send a heartbeat, and log out of a
/// check when the script asks.
struct MobileFirstPhase: PhaseDriver {
    let spec: MobileFirstSpec
    let request: RequestSpec?
    let expectation: TokensExpectation?

    func run(in session: RunSession, after handoff: PhaseHandoff) async throws(RunError) -> PhaseResult {
        let endpoint = session.endpoint
        let client = MobileFirstSession(
            spec: spec, key: try MobileFirstKey.shared(), baseURL: endpoint.baseURL,
            deviceId: session.context.generate(.uuid))
        let run = MobileFirstDriver(session: session, client: client, endpoint: endpoint)
        var result = try await run.run(request: request, after: handoff)
        if let expectation {
            if let tokens = result.handoff.grant?.tokens {
                result.failures.add(
                    try TokensChecker.check(tokens, against: expectation, evaluator: session.context.evaluator))
            } else if result.ending == .next, let outcome = result.handoff.outcome {
                result.failures.add(
                    ExpectationFailure(
                        "expect.tokens: the run got no token: it ended with \(outcome.summary)",
                        location: expectation.location))
            }
        }
        return result
    }
}

/// The MobileFirst phase's driver: the session it belongs to and its client (registration, clock offset).
struct MobileFirstDriver {
    let session: RunSession
    let client: MobileFirstSession
    let endpoint: RunEndpoint

    func run(request: RequestSpec?, after handoff: PhaseHandoff) async throws(RunError) -> PhaseResult {
        let result: MobileFirstTokenResult
        if client.spec.grant == .clientCredentials {
            result = try await mfpClientCredentials()
        } else {
            result = try await mfpMobileToken()
        }
        let token: MobileFirstToken
        switch result {
        case .token(let value): token = value
        case .end(let outcome): return .next(handoff.with(outcome))
        case .stopped: return .stop(handoff)
        }
        var handoff = handoff
        var tokens = OAuthTokens(
            accessToken: token.accessToken, tokenType: "Bearer",
            scope: token.scope.split(separator: " ").map(String.init),
            expiresIn: token.expiresIn)
        var status: Int?
        var body: String?
        if let request {
            let response = try await mfpResource(request, token: token)
            status = response.status
            body = response.body.isEmpty ? nil : session.redactor.redact(body: response.body)
        }
        if client.spec.introspect {
            switch try await mfpIntrospect(token) {
            case .answer(let json): tokens.introspection = json
            case .end(let outcome):
                tokens.publish(to: session.context)
                return .next(handoff.with(outcome, grant: grant(tokens)))
            }
        }
        tokens.publish(to: session.context)
        handoff.grant = grant(tokens)
        if client.spec.heartbeat {
            guard try await mfpHeartbeat() else { return .stop(handoff) }
        }
        if let check = client.spec.logout {
            switch try await mfpLogoutThenPreauthorize(check) {
            case .granted: break
            case .end(let outcome): return .next(handoff.with(outcome))
            case .stopped: return .stop(handoff)
            }
        }
        return .next(
            handoff.with(
                .token(scope: token.scope, expiresIn: token.expiresIn, resourceStatus: status, resourceBody: body)))
    }

    /// The phase's tokens, handed on with the runtime's endpoints.
    private func grant(_ tokens: OAuthTokens) -> OAuthGrant {
        OAuthGrant(tokens: tokens, endpoints: .mobileFirst(apiRoot: client.apiRoot))
    }

    /// Registration, preauthorize, the authorization code and its token.
    func mfpMobileToken() async throws(RunError) -> MobileFirstTokenResult {
        guard try await mfpRegister() else { return .stopped }
        var code: String?
        for attempt in 0..<2 {
            switch try await mfpPreauthorize() {
            case .granted: break
            case .end(let outcome): return .end(outcome)
            case .stopped: return .stopped
            }
            switch try await mfpAuthorization() {
            case .code(let value):
                code = value
            case .challenged where attempt == 0:
                continue
            case .challenged:
                throw RunError(
                    .protocol, "the authorization endpoint still answered with challenges after preauthorize succeeded",
                    step: session.lastStepNumber)
            case .end(let outcome):
                return .end(outcome)
            case .stopped:
                return .stopped
            }
            break
        }
        guard let code else { throw RunError(.protocol, "no authorization code", step: session.lastStepNumber) }
        return try await mfpToken(code: code)
    }
}

extension MobileFirstDriver {
    /// `POST /registration/v1/self` with the signed registration data; the client id is the
    /// last segment of the `Location` header.
    func mfpRegister() async throws(RunError) -> Bool {
        let signed = try MobileFirstJWS.registration(
            payload: client.registrationPayload, key: client.key, encoding: client.spec.encoding)
        if let signature = signed["signature"]?.stringValue { session.redactor.register(signature, name: "signature") }
        let request = TransportRequest(
            method: "POST", url: client.url("/registration/v1/self"), headers: mfpHeaders(json: true),
            body: (["signedRegistrationData": signed] as JSONValue).encoded)
        guard let (response, index) = try await mfpCall(request, phase: "registration") else { return false }
        guard (200..<300).contains(response.status), let location = response.headers.value("location"),
            let clientId = MobileFirstSession.clientId(fromLocation: location)
        else {
            throw RunError(
                .protocol,
                "the client registration (\(request.methodAndPath)) was refused or named no client id in Location: \(session.describe(response))",
                step: session.stepNumber(at: index))
        }
        client.clientId = clientId
        session.note(stepAt: index, "client", clientId)
        return true
    }

    /// Headers the SDKs send with every MobileFirst request, plus the script's own.
    func mfpHeaders(json: Bool = false, form: Bool = false) -> [HeaderField] {
        var headers = [
            HeaderField("Accept", "application/json"),
            HeaderField("X-Requested-With", "XMLHttpRequest"),
            HeaderField("x-wl-app-version", client.spec.application.version),
        ]
        if json { headers.append(HeaderField("Content-Type", "application/json")) }
        if form { headers.append(HeaderField("Content-Type", "application/x-www-form-urlencoded")) }
        return headers
    }
}

/// What the token endpoint granted.
struct MobileFirstToken {
    var accessToken: String
    var scope: String
    var expiresIn: Int?
}
