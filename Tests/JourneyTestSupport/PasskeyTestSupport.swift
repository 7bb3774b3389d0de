import Crypto
import CryptoExtras
import Foundation
import JourneyCore
import JourneyRun
import Synchronization
import Testing

/// An AM that answers each request with the next canned body (a scripted transport, which keeps the requests).
package enum PasskeyAM {
    package static func transport(_ bodies: [JSONValue]) -> ScriptedTransport { ScriptedTransport(json: bodies) }

    /// The bodies of a fixture's steps, then a success.
    package static func transport(fixtures names: [String]) throws -> ScriptedTransport {
        var bodies = try names.map { try Fixtures.json("callbacks/webauthn/\($0).json") }
        bodies.append(AMSuccess(tokenId: "token-1", successUrl: "/am/console", realm: "/").json)
        return transport(bodies)
    }

    /// The callback carrying the options in a fixture (its MetadataCallback, or its first TextOutputCallback script).
    package static func request(_ name: String) throws -> WebAuthnRequest {
        let step = try Fixtures.step("callbacks/webauthn/\(name).json")
        let callback = try #require(step.callbacks.first { SpecialForm($0)?.isWebAuthn == true })
        let form = try #require(SpecialForm(callback))
        return try WebAuthnRequestReader.read(
            callback, ceremony: form == .webAuthnRegistration ? .registration : .authentication)
    }
}

extension ScriptedTransport {
    /// The `webAuthnOutcome` the request at `index` sends (0 is the start request).
    package func outcome(at index: Int) throws -> String {
        let requests = self.requests.map(\.bodyJSON)
        try #require(requests.indices.contains(index), "no request #\(index); \(requests.count) sent")
        let step = try #require(AMStep(json: requests[index]))
        let hidden = try #require(
            step.callbacks.first { $0.hasType(.hiddenValue) && $0.output("id")?.stringValue == "webAuthnOutcome" })
        return try #require(hidden.input?.first?.value.stringValue)
    }
}

/// Helpers to read AM's outcome text back and check it independently of the runner.
package enum PasskeyOutcomeCheck {
    package struct Registration {
        package var clientData: CollectedClientData
        package var clientDataJSON: String
        package var attestation: AttestationObject
        package var authenticatorData: AuthenticatorData
        package var credentialId: String
        package var deviceName: String?
    }

    package struct Assertion {
        package var clientData: CollectedClientData
        package var clientDataJSON: String
        package var authenticatorData: [UInt8]
        package var signature: [UInt8]
        package var credentialId: String
        package var userHandle: String?
    }

    /// Reads a registration outcome with JourneyCore's wire model (`AMWebAuthnOutcome`).
    package static func registration(_ text: String) throws -> Registration {
        let (outcome, _) = try AMWebAuthnOutcome.parse(text, registration: true)
        guard case .registration(let clientDataJSON, let attestationBytes, let credentialId, let deviceName) = outcome
        else { throw PasskeyError("not a registration outcome: \(text.prefix(120))") }
        let attestation = try AttestationObject.parse(attestationBytes)
        return Registration(
            clientData: try CollectedClientData.parse(clientDataJSON), clientDataJSON: clientDataJSON,
            attestation: attestation, authenticatorData: try AuthenticatorData.parse(attestation.authenticatorData),
            credentialId: credentialId, deviceName: deviceName)
    }

    /// Reads an authentication outcome with JourneyCore's wire model.
    package static func assertion(_ text: String) throws -> Assertion {
        let (outcome, _) = try AMWebAuthnOutcome.parse(text, registration: false)
        guard
            case .authentication(
                let clientDataJSON, let authenticatorData, let signature, let credentialId, let userHandle) =
                outcome
        else { throw PasskeyError("not an authentication outcome: \(text.prefix(120))") }
        return Assertion(
            clientData: try CollectedClientData.parse(clientDataJSON), clientDataJSON: clientDataJSON,
            authenticatorData: authenticatorData, signature: signature, credentialId: credentialId,
            userHandle: userHandle)
    }

    /// Whether the assertion's signature verifies with the public key the registration carries.
    package static func verifies(_ assertion: Assertion, with registration: Registration) throws -> Bool {
        let key = try #require(registration.authenticatorData.attestedCredential?.publicKey)
        let signed = assertion.authenticatorData + Array(SHA256.hash(data: Array(assertion.clientDataJSON.utf8)))
        return try verify(assertion.signature, over: signed, with: key)
    }

    /// Whether `signature` over `data` verifies with the COSE public `key`.
    package static func verify(_ signature: [UInt8], over data: [UInt8], with key: COSEKey) throws -> Bool {
        switch key {
        case .es256(let x, let y):
            let publicKey = try P256.Signing.PublicKey(rawRepresentation: x + y)
            let parsed = try P256.Signing.ECDSASignature(derRepresentation: signature)
            return publicKey.isValidSignature(parsed, for: SHA256.hash(data: data))
        case .rs256(let n, let e):
            let publicKey = try _RSA.Signing.PublicKey(n: n, e: e)
            return publicKey.isValidSignature(
                _RSA.Signing.RSASignature(rawRepresentation: signature), for: SHA256.hash(data: data),
                padding: .insecurePKCS1v1_5)
        case .edDSA(let x):
            return try Curve25519.Signing.PublicKey(rawRepresentation: x).isValidSignature(signature, for: data)
        }
    }
}
