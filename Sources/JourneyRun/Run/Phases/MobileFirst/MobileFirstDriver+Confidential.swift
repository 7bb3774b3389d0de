import Foundation
import JourneyCore
import JourneyFormat

/// What the introspection endpoint gave.
enum MobileFirstIntrospection {
    /// The endpoint's JSON answer (`active`, `scope`, `client_id`, ...).
    case answer(JSONValue)
    case end(Outcome)
}

/// Confidential clients (challenges.md §1.5 4): `client_credentials` at `/az/v1/token` with HTTP
/// Basic, and token introspection at `/az/v1/introspection` with a token for the scope
/// `authorization.introspect`. The token endpoint speaks OAuth 2.0, so the `oauth:` phase's
/// client does the grant: its errors are `failure` outcomes, its tokens and the secret are redacted.
extension MobileFirstDriver {
    static let introspectScope = "authorization.introspect"

    /// A token for the script's scope, for the confidential client.
    func mfpClientCredentials() async throws(RunError) -> MobileFirstTokenResult {
        switch try await confidentialGrant(scope: client.spec.scope.sorted(), phase: "token") {
        case .tokens(let tokens):
            return .token(
                MobileFirstToken(
                    accessToken: tokens.accessToken, scope: tokens.scope.joined(separator: " "),
                    expiresIn: tokens.expiresIn))
        case .refused(let outcome):
            return .end(outcome)
        }
    }

    /// `POST /az/v1/introspection` `token=<the run's token>`, with the confidential client's own
    /// token for `authorization.introspect` as Bearer (how MobileFirst resource servers validate tokens).
    func mfpIntrospect(_ token: MobileFirstToken) async throws(RunError) -> MobileFirstIntrospection {
        let bearer: String
        switch try await confidentialGrant(scope: [Self.introspectScope], phase: "introspection") {
        case .tokens(let tokens): bearer = tokens.accessToken
        case .refused(let outcome): return .end(outcome)
        }
        let request = TransportRequest(
            method: "POST", url: client.url("/az/v1/introspection"),
            headers: [
                HeaderField("Accept", "application/json"),
                HeaderField("Content-Type", "application/x-www-form-urlencoded"),
                HeaderField("Authorization", "Bearer \(bearer)"),
            ],
            body: OAuthForm.encode([("token", token.accessToken)]))
        let (response, index) = try await session.call(request, phase: "introspection", party: .mobileFirst)
        let json = try? JSONValue.parse(response.body)
        guard response.status == 200, let json, json.objectValue != nil else {
            if let challenge = response.headers.value("WWW-Authenticate") {
                session.note(stepAt: index, "bearer", challenge)
            }
            return .end(
                OAuthFailure.fromBody(json, status: response.status)
                    ?? OAuthFailure.fromStatus(response, what: "the introspection endpoint", session: session))
        }
        let active = json["active"]?.boolValue.map { $0 ? "true" : "false" } ?? "not said"
        let scope = json["scope"]?.stringValue.map { ", scope '\($0)'" } ?? ""
        session.note(stepAt: index, "introspection", "active \(active)\(scope)")
        return .answer(json)
    }

    /// `client_credentials` for `scope` with the confidential client's id and secret (HTTP Basic).
    private func confidentialGrant(scope: [String], phase: String) async throws(RunError) -> OAuthClient.Grant {
        guard let confidential = client.spec.confidentialClient else {
            throw RunError(.script, "mobilefirst needs a confidentialClient for \(phase)")
        }
        let spec = OAuthSpec(
            clientId: confidential.id, scope: scope, grant: .clientCredentials, clientSecret: confidential.secret,
            clientAuth: .basic, discovery: false, location: client.spec.location)
        let oauth = OAuthClient(spec: spec).forPhase(knowing: .mobileFirst(apiRoot: client.apiRoot))
        return try await oauth.obtainTokens(with: nil, in: session, phase: phase)
    }
}

extension OAuthEndpoints {
    /// A MobileFirst runtime's OAuth endpoints under `{context}/api/az/v1`; it has no userinfo,
    /// revocation, end of session or key set.
    static func mobileFirst(apiRoot: String) -> OAuthEndpoints {
        let root = apiRoot + "/az/v1"
        return OAuthEndpoints(
            issuer: nil, authorize: root + "/authorization", token: root + "/token", userinfo: "",
            introspect: root + "/introspection", revoke: "", endSession: "", jwks: "")
    }
}
