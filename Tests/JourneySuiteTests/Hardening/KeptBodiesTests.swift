import Foundation
import JourneyCore
import JourneyTestSupport
import Testing

@testable import JourneyRecording
@testable import JourneyReport
@testable import JourneyRun

/// Issue 27 item 2: what a run keeps of the bodies it sent and received has one budget
/// (`limits.keptBodyBytes`); past it a body is kept as a line that says so, so a server that
/// answers every step with megabytes cannot grow a run's memory or reports without bound.
@Suite struct KeptBodiesTests {
    /// A step with a 256 KiB message, then (after `steps` of them) a success.
    static func run(steps: Int, limits: String) async throws -> JourneyResult {
        let journey = try LoaderTestSupport.compile(
            """
            version: 1
            name: Big bodies
            journey: Loop
            handlers:
              NameCallback: demo
            limits: { maxSteps: 200\(limits) }
            expect: { outcome: success }
            """)
        let big = String(repeating: "x", count: 256 << 10)
        let step: JSONValue = [
            "authId": "a",
            "callbacks": [
                [
                    "type": "TextOutputCallback",
                    "output": [["name": "message", "value": .string(big)], ["name": "messageType", "value": "0"]],
                ],
                [
                    "type": "NameCallback", "output": [["name": "prompt", "value": "User Name"]],
                    "input": [["name": "IDToken2", "value": ""]],
                ],
            ],
        ]
        let bodies =
            Array(repeating: step, count: steps) + [
                AMSuccess(tokenId: "token-1", successUrl: "/am", realm: "/").json
            ]
        let transport = ScriptedTransport(json: bodies)
        return await JourneyDriver.run(
            journey, configuration: RunConfiguration(serverURL: "http://am.test/am", transport: transport))
    }

    @Test func bodiesPastTheBudgetAreKeptAsALineThatSaysSo() async throws {
        let result = try await Self.run(steps: 40, limits: ", keptBodyBytes: 2097152")
        #expect(result.status == .passed, "\(result.failures) \(String(describing: result.error))")
        let report = JSONReport.render(RunSummary(results: [result]))
        let har = HARWriter.text(HARWriter.document([result]))
        // 40 bodies of 256 KiB and more each (requests echo the step): 20 MiB and more unbounded.
        #expect(report.utf8.count < 4 << 20, "\(report.utf8.count) bytes of JSON report")
        #expect(har.utf8.count < 4 << 20, "\(har.utf8.count) bytes of HAR")
        #expect(report.contains("[body not kept: "), "the report says which bodies it does not hold")
        #expect(report.contains("past the run's limits.keptBodyBytes of 2097152]"))
        let kept = result.steps.compactMap(\.exchange.responseBody).filter { $0.utf8.count > 100_000 }
        #expect(!kept.isEmpty, "bodies within the budget are kept whole")
    }

    @Test func withinTheDefaultBudgetEveryBodyIsKept() async throws {
        let result = try await Self.run(steps: 3, limits: "")
        #expect(result.status == .passed)
        #expect(!JSONReport.render(RunSummary(results: [result])).contains("[body not kept"))
    }

    @Test func theBudgetIsRangeChecked() {
        #expect(
            LoaderTestSupport.problems("version: 1\nname: D\njourney: Login\nlimits: { keptBodyBytes: 1073741825 }\n")
                == ["4:26 error: limits.keptBodyBytes must be between 0 and 1073741824, found 1073741825"])
    }
}
