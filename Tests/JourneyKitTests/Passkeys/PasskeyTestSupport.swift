import Crypto
import Foundation
import JourneyCore
import JourneyTestSupport
import Synchronization
import Testing

@testable import JourneyRecording
@testable import JourneyReport
@testable import JourneyRun

/// An AM that answers each request with the next canned body (a scripted transport, which keeps the requests).
enum PasskeyAM {
    static func transport(_ bodies: [JSONValue]) -> ScriptedTransport { ScriptedTransport(json: bodies) }

    /// The bodies of a fixture's steps, then a success.
    static func transport(fixtures names: [String]) throws -> ScriptedTransport {
        var bodies = try names.map { try Fixtures.json("callbacks/webauthn/\($0).json") }
        bodies.append(AMSuccess(tokenId: "token-1", successUrl: "/am/console", realm: "/").json)
        return transport(bodies)
    }
}

extension ScriptedTransport {
    /// The `webAuthnOutcome` the request at `index` sends (0 is the start request).
    func outcome(at index: Int) throws -> String {
        let requests = self.requests.map(\.bodyJSON)
        try #require(requests.indices.contains(index), "no request #\(index); \(requests.count) sent")
        let step = try #require(AMStep(json: requests[index]))
        let hidden = try #require(
            step.callbacks.first { $0.hasType(.hiddenValue) && $0.output("id")?.stringValue == "webAuthnOutcome" })
        return try #require(hidden.input?.first?.value.stringValue)
    }
}

/// Helpers to read AM's outcome text back and check it independently of the runner.
enum PasskeyOutcomeCheck {
    struct Registration {
        var clientData: CollectedClientData
        var clientDataJSON: String
        var attestation: AttestationObject
        var authenticatorData: AuthenticatorData
        var credentialId: String
        var deviceName: String?
    }

    struct Assertion {
        var clientData: CollectedClientData
        var clientDataJSON: String
        var authenticatorData: [UInt8]
        var signature: [UInt8]
        var credentialId: String
        var userHandle: String?
    }

    /// Reads a registration outcome with JourneyCore's wire model (`AMWebAuthnOutcome`).
    static func registration(_ text: String) throws -> Registration {
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
    static func assertion(_ text: String) throws -> Assertion {
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
    static func verifies(_ assertion: Assertion, with registration: Registration) throws -> Bool {
        let key = try #require(registration.authenticatorData.attestedCredential?.publicKey)
        let signed = assertion.authenticatorData + Array(SHA256.hash(data: Array(assertion.clientDataJSON.utf8)))
        return try SoftwareAuthenticatorTests.verify(assertion.signature, over: signed, with: key)
    }

    /// Every text a run's results reach: console (verbose), JSON, JUnit, HAR.
    static func outputs(_ results: [JourneyResult]) -> [String] {
        let summary = RunSummary(results: results)
        return results.map { ConsoleReporter(verbose: true).scriptFinished($0) } + [
            JSONReport.render(summary), JUnitReport.render(summary), HARWriter.text(HARWriter.document(results)),
        ]
    }
}
