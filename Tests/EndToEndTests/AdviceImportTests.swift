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
        Golden.check(file: URL(fileURLWithPath: script), run: name + ".script")
        #expect(!text.contains("Cookie") && !text.contains("Authorization") && !text.contains("«"), "\(text)")
        #expect(!text.contains("Ch4ng3it!"))
        let lint = try await CLI.run(["lint", script])
        Golden.check(lint, run: name + ".lint")
        let replay = try await CLI.run(["run", script, "--replay", har])
        #expect(replay.status == 0, "\(text)\n\(replay.stdout)\n\(replay.stderr)")
        Golden.check(replay, run: name + ".replay")
    }

    /// An advice journey that failed, with no retry: `denied` with the advice. A redacted header
    /// value the app sent becomes a secret variable; the run's own headers are left out.
    @Test func aFailedAdviceJourneyImportsAsDeniedWithItsSecretsAsVariables() async throws {
        let source = try Data(contentsOf: URL(fileURLWithPath: "journeys/recordings/withdraw-confirm-password.har"))
        var har = try #require(try JSONSerialization.jsonObject(with: source) as? [String: Any])
        var log = try #require(har["log"] as? [String: Any])
        var entries = try #require(log["entries"] as? [[String: Any]])
        // Entry 3 is the call, 4 and 5 the advice journey, 6 and 7 the retry and the single-use check.
        var call = try #require(entries[2]["request"] as? [String: Any])
        var headers = try #require(call["headers"] as? [[String: Any]])
        headers += [["name": "X-Api-Key", "value": "«apiKey»"], ["name": "User-Agent", "value": "bank/1.0"]]
        call["headers"] = headers
        entries[2]["request"] = call
        let failure = #"{"code":401,"reason":"Unauthorized","message":"Login failure"}"#
        entries[4]["response"] = [
            "status": 401, "statusText": "Unauthorized", "httpVersion": "HTTP/1.1", "headers": [], "cookies": [],
            "content": ["size": failure.utf8.count, "mimeType": "application/json", "text": failure],
            "redirectURL": "", "headersSize": -1, "bodySize": failure.utf8.count,
        ]
        entries.removeSubrange(5...6)
        log["entries"] = entries
        har["log"] = log
        let directory = try TemporaryFiles.directory().path
        let path = directory + "/denied.har"
        try JSONSerialization.data(withJSONObject: har).write(to: URL(fileURLWithPath: path))
        let script = directory + "/denied.yaml"
        let imported = try await CLI.run(["import", path, "-o", script])
        #expect(imported.status == 0, "\(imported.stderr)")
        let text = try String(contentsOfFile: script, encoding: .utf8)
        Golden.check(file: URL(fileURLWithPath: script), run: "script")
        #expect(!text.contains("User-Agent"), "\(text)")
        let replay = try await CLI.run(["run", script, "--replay", path])
        #expect(replay.status == 0, "\(text)\n\(replay.stdout)\n\(replay.stderr)")
        Golden.check(replay, run: "replay")
    }
}
