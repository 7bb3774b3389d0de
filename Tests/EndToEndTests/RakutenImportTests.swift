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
        #expect(text.contains("protocol: rakuten"), "\(text)")
        #expect(text.contains("clientSecret: {env: JOURNEY_RAKUTEN_CLIENT_SECRET, secret: true}"), "\(text)")
        for secret in RakutenEndToEndTests.secrets { #expect(!text.contains(secret)) }
        let lint = try await CLI.run(["lint", script])
        #expect(lint.stdout.contains("0 errors, 0 warnings"), "\(lint.stdout)\n\(lint.stderr)")
        let replay = try await CLI.run(["run", script, "--replay", har, "--format", "human"])
        #expect(replay.status == 0, "\(text)\n\(replay.stdout)\n\(replay.stderr)")
    }

    @Test func aProofOfWorkLoginImportsItsChallengeTokensAndMember() async throws {
        let script = try TemporaryFiles.directory().path + "/pow.yaml"
        let imported = try await CLI.run(["import", "journeys/recordings/rakuten-refresh-revoke.har", "-o", script])
        #expect(imported.status == 0, "\(imported.stderr)")
        let text = try String(contentsOfFile: script, encoding: .utf8)
        for line in [
            #"username: "taro.test""#, "password: {env: JOURNEY_PASSWORD, secret: true}", "refresh: true",
            "challenge: {solved: true, ctype: 127}", "refreshToken: true",
            #"userinfo: {firstName: "Taro", lastName: "Rakuten", easyId: "ENC-EASYID-TARO-0001"}"#,
            "cleanup: {revoke: true}", #"url: "http://127.0.0.1:"#,
        ] {
            #expect(text.contains(line), "\(line) missing from:\n\(text)")
        }
        #expect(!text.contains("challenger:"), "the token server's own origin serves Challenger")
    }

    @Test func aRefusedLoginImportsAsTheExpectedFailure() async throws {
        let script = try TemporaryFiles.directory().path + "/blocked.yaml"
        let imported = try await CLI.run(["import", "journeys/recordings/rakuten-blocked-address.har", "-o", script])
        #expect(imported.status == 0, "\(imported.stderr)")
        let text = try String(contentsOfFile: script, encoding: .utf8)
        #expect(
            text.contains(
                #"failure: {code: 403, error: "access_denied", errorDescription: "access from this address is blocked"}"#
            ),
            "\(text)")
        #expect(!text.contains("tokens:"))
    }
}
