import Foundation
import JourneyTestSupport
import Testing

/// The passkey examples against the simulator's WebAuthn relying party (journeys/trees/passkeys.yaml):
/// the runner's software authenticator registers, signs in, signs in without a username, and a
/// wrong origin is refused; no private key or recovery code reaches any output or recording.
@Suite struct PasskeyExamplesTests {
    static let examples = [
        "journeys/passkey-register.yaml", "journeys/passkey-login.yaml", "journeys/passkey-usernameless.yaml",
        "journeys/passkey-wrong-origin.yaml", "journeys/passkey-register-rs256.yaml",
        "journeys/passkey-recovery-code.yaml",
    ]
    /// A recovery code line of AM's Recovery Code Display script: `"vjl7FYc0B5\n" +`.
    static func hasCodeLine(_ text: String) -> Bool {
        text.firstMatch(of: #/"[A-Za-z0-9]{10}\\n"/#) != nil
    }

    @Test func theExamplesPassRecordAndReplayWithoutKeysOrCodes() async throws {
        let folder = try TemporaryFiles.directory()
        let live = try await CLI.run(
            ["run"] + Self.examples + ["--format", "human", "--verbose", "--record", folder.path + "/"])
        #expect(live.status == 0, "\(live.stdout)\n\(live.stderr)")
        #expect(live.stdout.contains("6 passed, 0 failed"))
        #expect(live.stdout.contains("passkey=registered ES256 credential 'Alice's laptop'"))
        #expect(live.stdout.contains("passkey=signed with ES256 credential 'Alice's laptop'"))
        #expect(live.stdout.contains("origin=https://evil.example.com"))
        let recordings = try FileManager.default.contentsOfDirectory(atPath: folder.path).map {
            try String(contentsOf: folder.appendingPathComponent($0), encoding: .utf8)
        }.joined()
        for text in [live.stdout, live.stderr, recordings] {
            #expect(!Self.hasCodeLine(text), "a recovery code was shown or recorded")
            #expect(!text.contains("Al1ce-Passw0rd"))
            #expect(!text.contains("BEGIN PRIVATE KEY") && !text.contains("privateKey"))
        }
        #expect(recordings.contains("«recoveryCode»") && recordings.contains("«webauthn-outcome»"))
        let replay = try await CLI.run(["run"] + Self.examples + ["--replay", folder.path + "/"])
        #expect(replay.status == 0, "\(replay.stdout)\n\(replay.stderr)")
        #expect(replay.stdout.contains("6 passed, 0 failed"))
    }

    /// Recovery codes are secrets even when the script does not capture them, and even when the
    /// step that shows them fails an expectation.
    @Test func recoveryCodesNeverReachTheOutputUncaptured() async throws {
        let tree = CLI.packageRoot.appendingPathComponent("journeys/trees/passkeys.yaml").path
        let script = try TemporaryFiles.file(
            "register.yaml",
            """
            version: 1
            name: Register without capturing the codes
            server: { simulate: \(tree) }
            journey: PasskeyRegistration
            handlers:
              NameCallback: bob
              PasswordCallback: { value: B0b-Passw0rd, secret: true }
              WebAuthnRegistrationCallback: { deviceName: Bob's phone }
            expect:
              steps:
                - [NameCallback, PasswordCallback]
                - [MetadataCallback, HiddenValueCallback]
                - [ConfirmationCallback]
              outcome: success

            """)
        let output = try await CLI.run(["run", script, "--format", "human"])
        #expect(output.status == 1, "the third step is not the one expected: \(output.stdout)")
        #expect(output.stdout.contains("Your Recovery Codes"))
        #expect(output.stdout.contains("«recoveryCode»"))
        #expect(!Self.hasCodeLine(output.stdout), "a recovery code reached the output")
    }
}
