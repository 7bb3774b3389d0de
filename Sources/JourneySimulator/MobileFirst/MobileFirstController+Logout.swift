import Foundation
import HTTPTypes
import JourneyCore

/// `/preauth/v1/logout` and `/preauth/v1/heartbeat` (challenges.md §1.2, §1.5 5): form posts
/// with a client assertion signed by the registered key (its `jwk.kid` names the client).
extension MobileFirstController {
    /// Logs the client out of `security_check`: the check's state is dropped, so the next
    /// preauthorize for a scope it protects challenges again. 204 when done.
    func mfpLogout(_ request: IncomingRequest, _ definition: MobileFirstDefinition) -> HTTPReply {
        let form = IncomingRequest.parseQuery(String(decoding: request.body, as: UTF8.self))
        let client: MobileFirstClient
        switch assertedClient(form) {
        case .client(let value): client = value
        case .refused(let reply): return reply
        }
        if let fault = mfpFault(.logout, client: client, definition) { return fault }
        guard let check = form["security_check"], !check.isEmpty else {
            return Self.mfpError(400, "INVALID_REQUEST", "security_check is required")
        }
        guard definition.securityChecks[check] != nil else {
            return Self.mfpError(400, "INVALID_REQUEST", "Unknown security check '\(check)'")
        }
        _ = mobileFirstStore.update(client.id) { $0.checks[check] = nil }
        return HTTPReply(status: .noContent, headers: HTTPFields(), body: [], logOutcome: "204 logout \(check)")
    }

    /// Records the client's last activity. 204.
    func mfpHeartbeat(_ request: IncomingRequest, _ definition: MobileFirstDefinition) -> HTTPReply {
        let form = IncomingRequest.parseQuery(String(decoding: request.body, as: UTF8.self))
        let client: MobileFirstClient
        switch assertedClient(form) {
        case .client(let value): client = value
        case .refused(let reply): return reply
        }
        if let fault = mfpFault(.heartbeat, client: client, definition) { return fault }
        let now = self.now
        _ = mobileFirstStore.update(client.id) { $0.lastActivity = now }
        return HTTPReply(status: .noContent, headers: HTTPFields(), body: [], logOutcome: "204 heartbeat")
    }

    private enum Asserted {
        case client(MobileFirstClient)
        case refused(HTTPReply)
    }

    /// The registered client whose key signed the form's `client_assertion`.
    private func assertedClient(_ form: [String: String]) -> Asserted {
        guard form["client_assertion_type"] == Self.jwtBearer, let assertion = form["client_assertion"] else {
            return .refused(
                Self.oauthError(
                    400, "invalid_client", "client_assertion_type must be \(Self.jwtBearer), with a client_assertion"))
        }
        guard let id = MobileFirstJWS.kid(ofCompact: assertion) else {
            return .refused(Self.oauthError(400, "invalid_client", "client_assertion: the header names no jwk.kid"))
        }
        guard let client = mobileFirstStore.client(id) else { return .refused(Self.unknownClient(id)) }
        if let problem = ClientAssertionCheck.problem(
            assertion, client: client, code: nil, nowMilliseconds: nowMilliseconds)
        {
            return .refused(Self.oauthError(400, "invalid_client", problem))
        }
        return .client(client)
    }
}
