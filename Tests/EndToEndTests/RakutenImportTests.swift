import Foundation
import JourneyTestSupport
import Testing

/// `journey import` of captures of Rakuten's token API: each example's recording becomes a
/// `protocol: rakuten` script that lints clean and replays green, its secrets environment variables.
@Suite struct RakutenImportTests {
    @Test(arguments: [
        "rakuten-pow-login", "rakuten-clear-pass", "rakuten-anonymous", "rakuten-blocked-address",
        "rakuten-refresh-revoke",
    ])
    func importedRakutenCapturesReplayGreen(_ name: String) async throws {
        let har = "journeys/recordings/\(name).har"
        let script = try TemporaryFiles.directory().path + "/\(name).yaml"
        let imported = try await CLI.run(["import", har, "-o", script])
        #expect(imported.status == 0, "\(imported.stderr)")
        let text = try String(contentsOfFile: script, encoding: .utf8)
        Golden.check(file: URL(fileURLWithPath: script), run: name + ".script")
        for secret in RakutenEndToEndTests.secrets { #expect(!text.contains(secret)) }
        let lint = try await CLI.run(["lint", script])
        Golden.check(lint, run: name + ".lint")
        let replay = try await CLI.run(["run", script, "--replay", har, "--format", "human"])
        #expect(replay.status == 0, "\(text)\n\(replay.stdout)\n\(replay.stderr)")
    }

    @Test func aProofOfWorkLoginImportsItsChallengeTokensAndMember() async throws {
        let script = try TemporaryFiles.directory().path + "/pow.yaml"
        let imported = try await CLI.run(["import", "journeys/recordings/rakuten-refresh-revoke.har", "-o", script])
        #expect(imported.status == 0, "\(imported.stderr)")
        let text = try String(contentsOfFile: script, encoding: .utf8)
        Golden.check(file: URL(fileURLWithPath: script))
        // Not a transcript: the transcript has the member's easyId as <random>; it is checked here.
        #expect(
            text.contains(#"userinfo: {firstName: "Taro", lastName: "Rakuten", easyId: "ENC-EASYID-TARO-0001"}"#),
            "\(text)")
        #expect(!text.contains("challenger:"), "the token server's own origin serves Challenger")
    }

    @Test func aRefusedLoginImportsAsTheExpectedFailure() async throws {
        let script = try TemporaryFiles.directory().path + "/blocked.yaml"
        let imported = try await CLI.run(["import", "journeys/recordings/rakuten-blocked-address.har", "-o", script])
        #expect(imported.status == 0, "\(imported.stderr)")
        let text = try String(contentsOfFile: script, encoding: .utf8)
        Golden.check(file: URL(fileURLWithPath: script))
        #expect(!text.contains("tokens:"))
    }
}
