import Foundation
import JourneyTestSupport
import Testing

@testable import JourneyReport
@testable import JourneyRun

/// A secret never changes what the runner computes. Live, solvers read the server's text; a
/// recording holds it redacted, so where a secret of the run is a token of a challenge (the
/// secret `0` in the captcha `0 + 0`) the replay cannot solve it and answers as recorded. These
/// runs pin the captcha to `0 + 0` (operands below 1), so the challenge is masked every time.
@Suite struct MaskedChallengeReplayTests {
    /// The MobileFirst captcha example against a copy of its tree whose captcha is always `0 + 0`.
    static func captchaScript() throws -> String {
        let root = CLI.packageRoot.appendingPathComponent("journeys")
        let folder = try TemporaryFiles.directory("journey-masked")
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("trees"), withIntermediateDirectories: true)
        let tree = try String(contentsOf: root.appendingPathComponent("trees/mobilefirst.yaml"), encoding: .utf8)
        let pinned = tree.replacingOccurrences(of: "maxOperator: 10 ", with: "maxOperator: 1  ")
        #expect(pinned != tree, "the tree sets maxOperator: 10")
        try Data(pinned.utf8).write(to: folder.appendingPathComponent("trees/mobilefirst.yaml"))
        let script = folder.appendingPathComponent("mobilefirst-captcha.yaml")
        try FileManager.default.copyItem(at: root.appendingPathComponent("mobilefirst-captcha.yaml"), to: script)
        return script.path
    }

    @Test(arguments: ["0", "+"])
    func aCaptchaTheRecordingMasksReplaysWithAndWithoutTheSecret(_ secret: String) async throws {
        let script = try Self.captchaScript()
        let recorded = await SecretOutputs.record([script], extraSecrets: [secret])
        SecretRedactionEndToEndTests.expectAllPassed(recorded, "recording with the secret '\(secret)'")
        #expect(recorded.console.contains("solve"), "\(recorded.console)")
        if secret == "0" {
            #expect(recorded.har.contains("«secret» + «secret»"), "the recording masks the captcha")
        }
        let replayed = try await SecretOutputs.replay([script], har: recorded.har, extraSecrets: [secret])
        SecretRedactionEndToEndTests.expectAllPassed(replayed, "replaying with the secret '\(secret)'")
        let without = try await SecretOutputs.replay([script], har: recorded.har)
        SecretRedactionEndToEndTests.expectAllPassed(without, "replaying without the secret '\(secret)'")
        if secret == "0" {
            #expect(without.verbose.contains(MaskedChallenge.note), "\(without.verbose)")
        }
    }

    /// Live, the solver reads the server's text, never its masked form: with the secret `0` the
    /// captcha `0 + 0` is answered `0`, which the simulator accepts.
    @Test func aLiveRunSolvesTheServersTextWhateverTheSecrets() async throws {
        let recorded = await SecretOutputs.record([try Self.captchaScript()], extraSecrets: ["0", "+", "captcha"])
        SecretRedactionEndToEndTests.expectAllPassed(recorded, "a live run with the secrets 0, + and captcha")
        #expect(!recorded.verbose.contains(MaskedChallenge.note))
    }
}
