import JourneyKit
import Testing

@testable import journey

/// The watch's exit code is the worst of each script's latest result: a rerun replaces the
/// results it gives, forgets the scripts its tags now leave out, and keeps the rest.
@Suite struct WatchLatestResultsTests {
    static let failing = JourneyResult(
        name: "A", file: "a.yaml", failures: [ExpectationFailure("expected success", step: 2)])
    static let errored = JourneyResult(
        name: "B", file: "b.yaml", error: RunError(.transport, "connection refused", step: 1))

    @Test func aScriptTheRerunDidNotReachKeepsItsLastResult() {
        let latest = RunWatch.Latest([Self.failing, Self.errored])
        #expect(latest.exitCode == 3)
        // --fail-fast stopped the rerun at a.yaml: b.yaml gave nothing and still counts.
        latest.update([Self.failing], skipped: [], scripts: ["a.yaml", "b.yaml"])
        #expect(latest.exitCode == 3)
    }

    @Test func aScriptItsTagsLeaveOutNoLongerCounts() {
        let latest = RunWatch.Latest([Self.failing, Self.errored])
        latest.update([], skipped: ["b.yaml"], scripts: ["a.yaml", "b.yaml"])
        #expect(latest.exitCode == 1)
        latest.update([], skipped: [], scripts: ["b.yaml"])
        #expect(latest.exitCode == 0, "a.yaml is gone")
    }
}
