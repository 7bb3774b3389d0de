import Foundation
import JourneyCore
import JourneyFormat

/// Heartbeat and logout from a security check (challenges.md §1.2, §1.5 5): form posts with a
/// client assertion (+ `security_check` for logout). After a logout the runner preauthorizes
/// again, as the SDK's next request would, and the check must challenge again.
extension MobileFirstDriver {
    /// `POST /preauth/v1/heartbeat`: any 2xx is done; another answer is an expectation failure.
    /// False when a limit stopped the run.
    func mfpHeartbeat() async throws(RunError) -> Bool {
        let url = client.url("/preauth/v1/heartbeat")
        let sent = try await mfpClientCall(phase: "heartbeat") { clientId throws(RunError) in
            try assertedForm([], url: url, clientId: clientId)
        }
        guard let (response, index) = sent else { return false }
        session.expectSuccess(
            response, at: index, "the heartbeat", note: ("heartbeat", "done (HTTP \(response.status))"),
            location: client.spec.location)
        return true
    }

    /// `POST /preauth/v1/logout` `security_check=<check>`, then preauthorize again: the check must
    /// be among the challenged ones before the scope is granted again.
    func mfpLogoutThenPreauthorize(_ check: Located<String>) async throws(RunError) -> MobileFirstPreauthorization {
        let url = client.url("/preauth/v1/logout")
        let sent = try await mfpClientCall(phase: "logout") { clientId throws(RunError) in
            try assertedForm([("security_check", check.value)], url: url, clientId: clientId)
        }
        guard let (response, index) = sent else { return .stopped }
        guard
            session.expectSuccess(
                response, at: index, "the logout from \(check.value)",
                note: ("logout", "logged out of \(check.value); preauthorize again"), location: check.location)
        else { return .granted(challenged: []) }
        let again = try await mfpPreauthorize()
        if case .granted(let challenged) = again, !challenged.contains(check.value) {
            session.recordFailure(
                ExpectationFailure(
                    "after the logout from \(check.value), preauthorize granted the scope without challenging \(check.value)"
                        + (challenged.isEmpty ? "" : " (it challenged \(challenged.sorted().joined(separator: ", ")))"),
                    step: session.lastStepNumber, location: check.location),
                onStepAt: session.lastStepIndex)
        }
        return again
    }

    /// A form request with `client_assertion` (kid = client id, `aud` = the URL, a fresh `jti`,
    /// `iat`/`exp` in milliseconds on the server's clock) and its type.
    private func assertedForm(_ fields: [(String, String)], url: String, clientId: String) throws(RunError)
        -> TransportRequest
    {
        let iat = Self.milliseconds(session.clock.now()) + client.clockOffsetMilliseconds
        let claims: JSONValue = [
            "iss": .string(client.issuer), "sub": .string(clientId), "aud": .string(url),
            "jti": .string(session.context.generate(.uuid)), "iat": .int(iat), "exp": .int(iat + 60_000),
        ]
        let assertion = try MobileFirstJWS.compact(claims: claims, kid: clientId, key: client.key)
        session.redactor.register(assertion, name: "client_assertion")
        return TransportRequest(
            method: "POST", url: url, headers: mfpHeaders(form: true),
            body: OAuthForm.encode(
                fields + [("client_assertion_type", Self.jwtBearer), ("client_assertion", assertion)]))
    }
}
