import Foundation
import JourneyTestSupport
import Testing

/// `journey import` of a transactional authorization: the resource call answered with advice,
/// the composite_advice journey and the retry become the script's `request:` block, and the
/// script replays green from the recording it came from.
@Suite struct AdviceImportTests {
    @Test(arguments: [
        (
            "transfer-step-up",
            "request:\n  method: POST\n  url: \"/resources/transfer\"\n  body: {amount: 20, to: \"alice\"}\n",
            "authorized: {status: 200, advice: \"AuthenticateToServiceConditionAdvice\"}"
        ),
        (
            "withdraw-confirm-password",
            "request:\n  method: POST\n  url: \"/resources/withdraw\"\n  body: {amount: 100, currency: \"EUR\"}\n",
            "authorized: {status: 200, advice: \"TransactionConditionAdvice\"}"
        ),
        (
            "withdraw-ig-redirect", "request:\n  method: GET\n  url: \"/ig/withdraw\"\n",
            "authorized: {status: 200, advice: \"TransactionConditionAdvice\"}"
        ),
        (
            "withdraw-ig-header", "request:\n  method: GET\n  url: \"/ig/withdraw\"\n  adviceInHeader: true\n",
            "authorized: {status: 200, advice: \"TransactionConditionAdvice\"}"
        ),
        (
            "oauth-bearer-advice",
            "request:\n  method: POST\n  url: \"/api/transfer\"\n  auth: bearer\n  body: {amount: 20, to: \"alice\"}\n",
            "authorized: {status: 200, advice: \"TransactionConditionAdvice\"}"
        ),
    ])
    func anAdvisedResourceCallImportsAsARequestThatReplaysGreen(
        _ name: String, _ request: String, _ outcome: String
    ) async throws {
        let har = "journeys/recordings/\(name).har"
        let script = try TemporaryFiles.directory().path + "/\(name).yaml"
        let imported = try await CLI.run(["import", har, "-o", script])
        #expect(imported.status == 0, "\(imported.stderr)")
        let text = try String(contentsOfFile: script, encoding: .utf8)
        #expect(text.contains(request), "\(text)")
        #expect(text.contains(outcome), "\(text)")
        #expect(text.contains("- [NameCallback, PasswordCallback]\n  - [PasswordCallback]\n"), "\(text)")
        #expect(!text.contains("Cookie") && !text.contains("Authorization") && !text.contains("«"), "\(text)")
        #expect(!text.contains("Ch4ng3it!"))
        let lint = try await CLI.run(["lint", script])
        #expect(lint.stdout.contains("0 errors, 0 warnings"), "\(lint.stdout)\n\(lint.stderr)")
        let replay = try await CLI.run(["run", script, "--replay", har])
        #expect(replay.status == 0, "\(text)\n\(replay.stdout)\n\(replay.stderr)")
        #expect(replay.stdout.contains("[retry]"), "\(replay.stdout)")
    }
}
