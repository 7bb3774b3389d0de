import Foundation
import JourneyCore
import JourneyFormat

/// What the authorization endpoint gave.
enum MobileFirstAuthorizationResult {
    case code(String)
    /// 401 `MFP-Challenge`: the checks' success expired; preauthorize again.
    case challenged
    case end(Outcome)
    /// A limit stopped the run.
    case stopped
}

/// What the token endpoint gave.
enum MobileFirstTokenResult {
    case token(MobileFirstToken)
    case end(Outcome)
    /// A limit stopped the run.
    case stopped
}

/// The authorization code, the token request with its client assertion, and the resource call (challenges.md §1.5, §1.6).
extension MobileFirstDriver {
    static let jwtBearer = "urn:ietf:params:oauth:client-assertion-type:jwt-bearer"

    /// `GET /az/v1/authorization`: the code comes in a redirect's `Location` (not followed), or
    /// in a JSON body (the web SDK's form).
    func mfpAuthorization() async throws(RunError) -> MobileFirstAuthorizationResult {
        let sent = try await mfpClientCall(phase: "authorization") { clientId throws(RunError) in
            let query = AMEndpoints.queryString([
                ("response_type", "code"), ("client_id", clientId), ("scope", client.spec.scopeParameter),
                ("redirect_uri", client.spec.redirectURI),
            ])
            return TransportRequest(
                method: "GET", url: client.url("/az/v1/authorization") + query, headers: mfpHeaders())
        }
        guard let (response, index) = sent else { return .stopped }
        let json = try? JSONValue.parse(response.body)
        if Self.challenges(response, json) != nil {
            session.note(
                stepAt: index, "authorization", "401 MFP-Challenge: the scope is no longer granted; preauthorize again")
            return .challenged
        }
        let location = response.headers.value("location")
        if let code = location.flatMap({ MobileFirstSession.queryValue("code", in: $0) }) ?? json?["code"]?.stringValue,
            !code.isEmpty
        {
            session.redactor.register(code, name: "code")
            session.note(
                stepAt: index, "code",
                Redactor.placeholder("code") + (location != nil ? " (from Location, not followed)" : ""))
            return .code(code)
        }
        if let error = location.flatMap({ MobileFirstSession.queryValue("error", in: $0) })
            ?? json?["error"]?.stringValue
        {
            let description =
                location.flatMap { MobileFirstSession.queryValue("error_description", in: $0) }
                ?? json?["error_description"]?.stringValue
            return .end(.failure(code: response.status, reason: error, message: description ?? error, detail: nil))
        }
        if (400..<500).contains(response.status) {
            return .end(oauthFailure(response))
        }
        throw RunError(
            .protocol,
            "the authorization endpoint answered without a code (a redirect to \(client.spec.redirectURI)?code=… was expected): \(session.describe(response))",
            step: session.stepNumber(at: index))
    }

    /// `POST /az/v1/token`: `grant_type=authorization_code`, the code, the redirect_uri, and a
    /// client assertion (kid = client id, jti = code, iat/exp in milliseconds on the server's clock).
    func mfpToken(code: String) async throws(RunError) -> MobileFirstTokenResult {
        let tokenURL = client.url("/az/v1/token")
        let sent = try await mfpClientCall(phase: "token") { clientId throws(RunError) in
            let iat = Self.milliseconds(session.clock.now()) + client.clockOffsetMilliseconds
            let claims: JSONValue = [
                "iss": .string(client.issuer), "sub": .string(clientId), "aud": .string(tokenURL),
                "jti": .string(code),
                "iat": .int(iat), "exp": .int(iat + 60_000),
            ]
            let assertion = try MobileFirstJWS.compact(claims: claims, kid: clientId, key: client.key)
            session.redactor.register(assertion, name: "client_assertion")
            let form = AMEndpoints.queryString([
                ("grant_type", "authorization_code"), ("code", code), ("redirect_uri", client.spec.redirectURI),
                ("client_assertion_type", Self.jwtBearer), ("client_assertion", assertion),
            ]).dropFirst()
            return TransportRequest(
                method: "POST", url: tokenURL, headers: mfpHeaders(form: true), body: Data(form.utf8))
        }
        guard let (response, index) = sent else { return .stopped }
        let json = try? JSONValue.parse(response.body)
        if response.status == 200, let token = json?["access_token"]?.stringValue, !token.isEmpty {
            session.redactor.register(token, name: "access_token")
            let scope = json?["scope"]?.stringValue ?? client.spec.scopeParameter
            session.note(stepAt: index, "token", "\(Redactor.placeholder("access_token")) for scope '\(scope)'")
            return .token(MobileFirstToken(accessToken: token, scope: scope, expiresIn: json?["expires_in"]?.intValue))
        }
        if (400..<500).contains(response.status) { return .end(oauthFailure(response)) }
        throw RunError(
            .protocol, "the token endpoint answered without an access_token: \(session.describe(response))",
            step: session.stepNumber(at: index))
    }

    /// The `request:` resource with `Authorization: Bearer <token>`.
    func mfpResource(_ spec: RequestSpec, token: MobileFirstToken) async throws(RunError) -> TransportResponse {
        var request = try await spec.request(in: session)
        request.headers.replace("Authorization", with: "Bearer \(token.accessToken)")
        var conflicts = 0
        while true {
            let (response, index) = try await session.call(request, phase: "request", party: .mobileFirst)
            if let challenge = response.headers.value("WWW-Authenticate"), challenge.contains("Bearer") {
                session.note(stepAt: index, "bearer", challenge)
            }
            guard response.status == 409, response.headers.value("MFP-Conflict") != nil,
                conflicts < Self.mfpConflictRetries
            else {
                return response
            }
            conflicts += 1
            session.note(stepAt: index, "conflict", "409 MFP-Conflict: the request is sent again")
        }
    }

    /// An OAuth error body (`error`, `error_description`) or a MobileFirst one (`errorCode`, `errorMsg`) as a failure.
    func oauthFailure(_ response: TransportResponse) -> Outcome {
        let json = try? JSONValue.parse(response.body)
        let reason = json?["error"]?.stringValue ?? json?["errorCode"]?.stringValue ?? "HTTP \(response.status)"
        let message =
            json?["error_description"]?.stringValue ?? json?["errorMsg"]?.stringValue
            ?? ResponseReader.excerpt(Data(session.redactor.redact(body: response.body).utf8))
        return .failure(code: response.status, reason: reason, message: message, detail: nil)
    }
}
