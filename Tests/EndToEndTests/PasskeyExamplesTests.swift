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
        // Not a transcript (nor below): --verbose shows random credential ids and challenges, of random length.
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
        Golden.check(replay, run: "replay")
    }

    /// A seed makes generated values repeat from run to run, but a passkey is unique: two
    /// registrations of one seeded run must not make the same credential (the server refuses a
    /// credential id it already has).
    @Test func aSeededRunStillMakesDistinctPasskeys() async throws {
        let output = try await CLI.run([
            "run", "journeys/passkey-login.yaml", "journeys/passkey-usernameless.yaml",
            "journeys/passkey-wrong-origin.yaml", "--seed", "1",
        ])
        #expect(output.status == 0, "\(output.stdout)\n\(output.stderr)")
    }

    /// The runner's authenticator against the simulator's relying party, for each algorithm and
    /// each way AM delivers WebAuthn (MetadataCallback, its JSON answer, the 6.5/7.0 script).
    @Test(arguments: [
        ("", "ES256"), ("", "RS256"), ("Script", "ES256"), ("Script", "RS256"), ("Json", "ES256"),
        ("Json", "RS256"), ("Strict", "EdDSA"), ("Strict", "ES256"),
    ])
    func registrationAndSignInPassTheRelyingPartysChecks(_ form: String, _ algorithm: String) async throws {
        let tree = CLI.packageRoot.appendingPathComponent("journeys/trees/passkeys.yaml").path
        let folder = try TemporaryFiles.directory()
        let register = folder.appendingPathComponent("register.yaml").path
        try """
        version: 1
        name: Register (\(form) \(algorithm))
        server: { simulate: \(tree) }
        journey: PasskeyRegistration\(form)
        handlers:
          NameCallback: demo
          PasswordCallback: { value: Ch4ng3it!, secret: true }
          WebAuthnRegistrationCallback: { deviceName: Key, algorithm: \(algorithm), attestation: packed }
        expect: { outcome: success }

        """.write(toFile: register, atomically: true, encoding: .utf8)
        let login = folder.appendingPathComponent("login.yaml").path
        try """
        version: 1
        name: Sign in (\(form) \(algorithm))
        server: { simulate: \(tree) }
        uses: register.yaml
        start: { service: PasskeyLogin\(form), forceAuth: true }
        handlers:
          NameCallback: demo
          WebAuthnAuthenticationCallback: { credential: Key }
        expect: { outcome: success }

        """.write(toFile: login, atomically: true, encoding: .utf8)
        let output = try await CLI.run(["run", login, "--format", "human", "--verbose"])
        #expect(output.status == 0, "\(output.stdout)\n\(output.stderr)")
        // Not a transcript: --verbose shows random credential ids and challenges, of random length.
        #expect(output.stdout.contains("passkey=registered \(algorithm) credential 'Key'"))
        #expect(output.stdout.contains("passkey=signed with \(algorithm) credential 'Key'"))
        #expect(output.stdout.contains("attestation=packed"))
    }

    /// A relying party asking for `direct` attestation refuses the authenticator's default `none`
    /// statement (AM's Failure outcome): the script that expects that failure passes.
    @Test func directAttestationRefusesNone() async throws {
        let tree = CLI.packageRoot.appendingPathComponent("journeys/trees/passkeys.yaml").path
        let script = try TemporaryFiles.file(
            "register.yaml",
            """
            version: 1
            name: Register without attestation where direct is asked
            server: { simulate: \(tree) }
            journey: PasskeyRegistrationStrict
            handlers:
              NameCallback: demo
              PasswordCallback: { value: Ch4ng3it!, secret: true }
              WebAuthnRegistrationCallback: { deviceName: Key }
            expect: { outcome: failure }

            """)
        let output = try await CLI.run(["run", script, "--format", "human", "--verbose"])
        #expect(output.status == 0, "\(output.stdout)\n\(output.stderr)")
        // Not a transcript: --verbose shows random credential ids and challenges, of random length.
        #expect(output.stdout.contains("attestation=none"), "\(output.stdout)")
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
        Golden.check(output)
        #expect(!Self.hasCodeLine(output.stdout), "a recovery code reached the output")
    }
}
