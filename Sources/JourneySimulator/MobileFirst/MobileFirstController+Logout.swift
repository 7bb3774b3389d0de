import Foundation
import HTTPTypes
import JourneyCore

/// `/preauth/v1/logout` and `/preauth/v1/heartbeat` (challenges.md §1.2, §1.5 5): form posts
/// with a client assertion signed by the registered key (its `jwk.kid` names the client).
extension MobileFirstController {
    /// Logs the client out of `security_check`: the check's state is dropped, so the next
    /// preauthorize for a scope it protects challenges again. 204 when done.
    func mfpLogout(_ request: IncomingRequest, _ definition: MobileFirstDefinition) -> HTTPReply {
        asserted(request, .logout, definition) { client, form in
            guard let check = form["security_check"], !check.isEmpty else {
                return Self.mfpError(400, "INVALID_REQUEST", "security_check is required")
            }
            guard definition.securityChecks[check] != nil else {
                return Self.mfpError(400, "INVALID_REQUEST", "Unknown security check '\(check)'")
            }
            _ = mobileFirstStore.update(client.id) { $0.checks[check] = nil }
            return HTTPReply(status: .noContent, headers: HTTPFields(), body: [], logOutcome: "204 logout \(check)")
        }
    }

    /// Records the client's last activity. 204.
    func mfpHeartbeat(_ request: IncomingRequest, _ definition: MobileFirstDefinition) -> HTTPReply {
        asserted(request, .heartbeat, definition) { client, _ in
            let now = self.now
            _ = mobileFirstStore.update(client.id) { $0.lastActivity = now }
            return HTTPReply(status: .noContent, headers: HTTPFields(), body: [], logOutcome: "204 heartbeat")
        }
    }

    /// Answers with `body` for the registered client whose key signed the form's
    /// `client_assertion`, unless the assertion is refused or the endpoint's fault fires.
    private func asserted(
        _ request: IncomingRequest, _ endpoint: MobileFirstFault.Endpoint, _ definition: MobileFirstDefinition,
        _ body: (MobileFirstClient, [String: String]) -> HTTPReply
    ) -> HTTPReply {
        let form = IncomingRequest.parseQuery(String(decoding: request.body, as: UTF8.self))
        guard form["client_assertion_type"] == Self.jwtBearer, let assertion = form["client_assertion"] else {
            return Self.oauthError(
                400, "invalid_client", "client_assertion_type must be \(Self.jwtBearer), with a client_assertion")
        }
        guard let id = MobileFirstJWS.kid(ofCompact: assertion) else {
            return Self.oauthError(400, "invalid_client", "client_assertion: the header names no jwk.kid")
        }
        guard let client = mobileFirstStore.client(id) else { return Self.unknownClient(id) }
        if let problem = ClientAssertionCheck.problem(
            assertion, client: client, code: nil, nowMilliseconds: nowMilliseconds)
        {
            return Self.oauthError(400, "invalid_client", problem)
        }
        if let fault = mfpFault(endpoint, client: client, definition) { return fault }
        return body(client, form)
    }
}
