import Foundation
import JourneyCore
import JourneyKit
import JourneyTestSupport
import Testing

/// `--sdk` and `client.sdk` through the CLI against the simulator: the headers each profile
/// sends, the profile its recording states, and the replay that sends as it again.
@Suite struct SDKProfileEndToEndTests {
    @Test(
        "run --sdk sends the profile's headers, records the profile, and a replay sends them again",
        arguments: SDKProfile.allCases)
    func recordAndReplay(_ sdk: SDKProfile) async throws {
        let har = try TemporaryFiles.directory().path + "/login.har"
        let record = try await CLI.run(["run", "journeys/login.yaml", "--sdk", sdk.rawValue, "--record", har])
        #expect(record.status == 0, "\(record.stdout)\n\(record.stderr)")
        let recording = try Recording.load(path: har)
        #expect(recording.page?.sdk == sdk.rawValue)
        let start = try #require(recording.journeys.first?.exchanges.first)
        let expected = sdk.authenticateHeaders(inAdviceJourney: false)
        for header in expected {
            #expect(start.requestHeaders.value(header.name) == header.value, "\(header.name)")
        }
        #expect((start.requestHeaders.value("x-requested-platform") != nil) == (sdk != .forgeRockJS))
        // No --sdk on the replay: it sends what the recording's profile sends.
        let replay = try await CLI.run(["run", "journeys/login.yaml", "--replay", har, "--format", "json"])
        #expect(replay.status == 0, "\(replay.stdout)\n\(replay.stderr)")
        let platform = expected.first { $0.name.lowercased() == "x-requested-platform" }
        if let platform {
            #expect(replay.stdout.contains("\"\(platform.value)\""), "the replay did not send \(platform)")
        }
    }

    @Test("a bad --sdk stops with exit 2 and the closest name")
    func badName() async throws {
        let output = try await CLI.run(["run", "journeys/login.yaml", "--sdk", "forgerock-andriod"])
        #expect(output.status == 2)
        Golden.check(output)
    }

    @Test("a callback the script's SDK has no class for fails the run naming the SDK and type; lint warns")
    func unanswerable() async throws {
        let folder = try TemporaryFiles.directory().path
        let script = folder + "/consent.yaml"
        let tree = CLI.packageRoot.appendingPathComponent("journeys/trees/am.yaml").path
        try Data(
            """
            version: 1
            name: Consent from a web app
            server: { simulate: \(tree), realm: alpha }
            journey: DeviceAndConsent
            client: { sdk: forgerock-js }
            handlers:
              DeviceProfileCallback: {}
              ConsentMappingCallback: { accept: true }

            """.utf8
        ).write(to: URL(fileURLWithPath: script))
        let run = try await CLI.run(["run", script])
        #expect(run.status == 1, "\(run.stdout)\n\(run.stderr)")
        Golden.check(run, run: "run")
        let lint = try await CLI.run(["lint", script])
        Golden.check(lint, run: "lint")
        // The Ping SDK for Android has one: the same script passes with --sdk.
        let android = try await CLI.run(["run", script, "--sdk", "ping-android"])
        #expect(android.status == 0, "\(android.stdout)\n\(android.stderr)")
        Golden.check(android, run: "android")
    }

    /// A Ping SDK app without its Fido module meets AM's WebAuthn node: the MetadataCallback is
    /// posted as received, the HiddenValueCallback with its `value` output, and AM's node decides
    /// (no outcome: its failure branch). The verdict is the script's `expect`'s, as for any outcome.
    @Test("--sdk ping-ios without a passkey handler posts WebAuthn metadata as received; the verdict follows expect")
    func webAuthnWithoutFido() async throws {
        let folder = try TemporaryFiles.directory().path
        let tree = CLI.packageRoot.appendingPathComponent("journeys/trees/passkeys.yaml").path
        func script(_ outcome: String) throws -> String {
            let path = folder + "/no-fido-\(outcome).yaml"
            try Data(
                """
                version: 1
                name: An app without the Fido module
                server: { simulate: \(tree) }
                journey: PasskeyRegistration
                client: { sdk: ping-ios }
                vars:
                  password: { env: ALICE_PASSWORD, default: Al1ce-Passw0rd, secret: true }
                handlers:
                  NameCallback: alice
                  PasswordCallback: "{{ password }}"
                expect:
                  steps:
                    - [NameCallback, PasswordCallback]
                    - [MetadataCallback, HiddenValueCallback]
                  outcome: \(outcome)

                """.utf8
            ).write(to: URL(fileURLWithPath: path))
            return path
        }
        let har = folder + "/no-fido.har"
        let failure = try await CLI.run(["run", try script("failure"), "--record", har])
        #expect(failure.status == 0, "\(failure.stdout)\n\(failure.stderr)")
        let recording = try Recording.load(path: har)
        let exchanges = recording.journeys.first?.exchanges ?? []
        let posted = try #require(
            exchanges.first { String(decoding: $0.requestBody, as: UTF8.self).contains("MetadataCallback") })
        let sent = try JSONValue.parse(String(decoding: posted.requestBody, as: UTF8.self))
        let index = try #require(exchanges.firstIndex { $0.requestBody == posted.requestBody })
        let received = try JSONValue.parse(String(decoding: exchanges[index - 1].responseBody, as: UTF8.self))
        let sentCallbacks = sent["callbacks"]?.arrayValue ?? []
        let receivedCallbacks = received["callbacks"]?.arrayValue ?? []
        #expect(sentCallbacks.count == 2 && receivedCallbacks.count == 2)
        #expect(sentCallbacks.first == receivedCallbacks.first, "the MetadataCallback as received")
        #expect(
            sentCallbacks.last?["input"]?.arrayValue?.first?["value"] == "false", "the hidden value's `value` output")
        // The same post, a script expecting success: AM's failure fails the run.
        let success = try await CLI.run(["run", try script("success")])
        #expect(success.status == 1, "\(success.stdout)\n\(success.stderr)")
        Golden.check(success, run: "success")
        // A ForgeRock SDK has its WebAuthn classes built in: the step needs a handler.
        let forgeRock = try await CLI.run(["run", try script("failure"), "--sdk", "forgerock-ios"])
        #expect(forgeRock.status == 1, "\(forgeRock.stdout)\n\(forgeRock.stderr)")
        Golden.check(forgeRock, run: "forgerock-ios")
    }
}
