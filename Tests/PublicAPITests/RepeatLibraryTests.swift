import Foundation
import JourneyKit
import JourneySimulator
import JourneyTestSupport
import Testing

/// `SuiteOptions.repeatCount` through the library: a fault on one start makes a script flaky, and
/// `failFast` stops at it only when flaky scripts fail the run.
@Suite struct RepeatLibraryTests {
    static let script = LoginScript.expectingSuccess(name: "Login", simulate: nil)

    @Test func failFastStopsAtAFlakyScriptUnlessFlakyScriptsAreAllowed() async throws {
        let folder = try TemporaryFiles.directory()
        let scripts = try ["one.yaml", "two.yaml"].map { name in
            let path = folder.appendingPathComponent(name).path
            try Self.script.write(toFile: path, atomically: true, encoding: .utf8)
            return path
        }
        try await LibraryUsageTests.withSimulator { simulator in
            for allowFlaky in [false, true] {
                // The first attempt of the first script meets a 503; every other request is answered.
                _ = simulator.injectFault(.status(code: 503, plain: false), journey: "Login", times: 1)
                var options = SuiteOptions(
                    paths: scripts, failFast: true,
                    configuration: RunConfiguration(serverURL: simulator.baseURL, realm: "alpha", seed: 7))
                options.repeatCount = 3
                options.allowFlaky = allowFlaky
                let results = await SuiteRunner.run(options)
                #expect(results.map(\.status) == (allowFlaky ? [.flaky, .passed] : [.flaky]))
                #expect(results.first?.attempts.map(\.status) == [.error, .passed, .passed])
                #expect(results.first?.exitCode == (allowFlaky ? 0 : 1))
                #expect(RunSummary(results: results).exitCode == (allowFlaky ? 0 : 1))
                // Attempt k ran with the seed given plus k − 1: reproducible, and its generated
                // values do not collide with the first attempt's on the same server.
                #expect(results.first?.seed == 7)
                #expect(results.first?.attempts.map(\.seed) == [7, 8, 9])
                #expect(results.last?.attempts.count == 3)
            }
        }
    }
}
