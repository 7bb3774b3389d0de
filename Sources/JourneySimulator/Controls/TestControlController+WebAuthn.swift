import Foundation
import JourneyCore

extension TestControlController {
    /// `/__simulator/users/<username>/…`, for tests:
    /// - `GET webauthn`: the user's WebAuthn devices (credential id, device name, algorithm, counter,
    ///   user handle, backup flags, attestation format, public key as base64url COSE);
    /// - `DELETE webauthn`: deletes them all; `DELETE webauthn/<credentialId>`: deletes one (404 when unknown);
    ///   a device's recovery codes go with it;
    /// - `GET recovery-codes`: how many unused recovery codes the user's devices have (never the codes);
    ///   `DELETE recovery-codes`: forgets them (the devices stay).
    func userControl(_ request: IncomingRequest, rest: Substring) -> HTTPReply {
        let parts = rest.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        guard parts.count >= 2, !parts[0].isEmpty else { return .notFound(request.path) }
        let username = parts[0]
        switch (parts[1], parts.count, request.method) {
        case ("webauthn", 2, .get):
            return .json(.ok, webAuthnDevicesJSON(username), outcome: "200 webauthn devices")
        case ("webauthn", 2, .delete):
            let count = env.webAuthnDevices.deleteAll(of: username)
            return .json(.ok, ["username": .string(username), "deleted": .int(count)], outcome: "200 webauthn deleted")
        case ("webauthn", 3, .delete):
            guard env.webAuthnDevices.delete(credentialId: parts[2], of: username) else {
                return .notFound(request.path)
            }
            return .json(
                .ok, ["username": .string(username), "deleted": .string(parts[2])], outcome: "200 webauthn deleted")
        case ("recovery-codes", 2, .get):
            return .json(
                .ok,
                [
                    "username": .string(username),
                    "remaining": .int(env.webAuthnDevices.recoveryCodesRemaining(for: username)),
                ],
                outcome: "200 recovery codes")
        case ("recovery-codes", 2, .delete):
            env.webAuthnDevices.deleteRecoveryCodes(of: username)
            return .json(.ok, ["username": .string(username), "remaining": 0], outcome: "200 recovery codes deleted")
        case ("webauthn", 2, _), ("webauthn", 3, _), ("recovery-codes", 2, _):
            return .methodNotAllowed(request.method)
        default:
            return .notFound(request.path)
        }
    }

    private func webAuthnDevicesJSON(_ username: String) -> JSONValue {
        ["username": .string(username), "devices": .array(env.webAuthnDevices.devices(of: username).map(\.json))]
    }
}
