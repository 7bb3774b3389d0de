import Foundation
import JourneyCore
import JourneyTestSupport
import Testing

@testable import JourneyRecording
@testable import JourneyRun

/// A passkey run records and replays: the outcome texts are `«webauthn-outcome»` in the
/// recording (signatures differ on every run), everything else matches exactly.
@Suite struct PasskeyReplayTests {
    @Test(arguments: ["ES256", "EdDSA", "RS256"])
    func aPasskeyRunReplaysFromItsRecording(algorithm: String) async throws {
        let journey = try LoaderTestSupport.compile(
            """
            version: 1
            name: Passkey replay
            server: { url: "https://am.example.com/am" }
            journey: Passkey
            handlers:
              WebAuthnRegistrationCallback: { deviceName: laptop, algorithm: \(algorithm) }
              WebAuthnAuthenticationCallback: {}
            """, name: "passkey.yaml")
        let am = try PasskeyAM.transport(fixtures: [
            "registration-metadata-am71-platform", "authentication-metadata-am71",
        ])
        let result = await JourneyDriver.run(journey, configuration: RunConfiguration(transport: am, seed: 42))
        #expect(result.status == .passed, "\(result.failures) \(String(describing: result.error))")
        let path = try TemporaryFiles.file("passkey.har", "")
        try HARWriter.write([result], to: path)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.contains("«webauthn-outcome»"))
        #expect(!text.contains(try am.outcome(at: 1)), "the registration outcome is in the recording")

        let replayed = await RecordingSupport.replay(journey, from: try Recording.load(path: path))
        #expect(replayed.status == .passed, "\(replayed.failures) \(String(describing: replayed.error))")
    }
}
