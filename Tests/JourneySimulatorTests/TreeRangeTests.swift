import Foundation
import Testing

@testable import JourneySimulator

/// Issue 27 item 1: every number of a simulator tree has a range, and lint names it: a
/// `waitTime` of 2^63 once passed lint and then trapped the runner.
@Suite struct TreeRangeTests {
    @Test(arguments: [
        ("WAIT", "9223372036854775807", "waitTime must be between 1 and 86400000, found 9223372036854775807"),
        ("POLLS", "100000000000", "polls must be between 1 and 1000000, found 100000000000"),
    ])
    func aNumberOutOfItsRangeIsNamedWithItsRange(_ placeholder: String, _ value: String, _ message: String) {
        let other = placeholder == "WAIT" ? ("POLLS", "2") : ("WAIT", "1000")
        let found = Self.load(replacing: [placeholder: value, other.0: other.1])
        #expect(found.contains { $0.contains(message) }, "\(found)")
    }

    @Test func sessionLifetimesHaveARange() {
        let found = Self.load(
            replacing: ["WAIT": "1000", "POLLS": "2"], settings: "settings: { sessionLifetime: 1e12 }")
        #expect(found.contains { $0.contains("sessionLifetime") }, "\(found)")
        let fine = Self.load(
            replacing: ["WAIT": "1000", "POLLS": "2"], settings: "settings: { sessionLifetime: 3600 }")
        #expect(fine.isEmpty, "\(fine)")
    }

    static func load(replacing values: [String: String], settings: String = "") -> [String] {
        var yaml = """
            kind: simulator
            version: 1
            \(settings)
            journeys:
              J:
                start: wait
                nodes:
                  wait:
                    pollingWait: { waitTime: WAIT, polls: POLLS }
                    outcomes: { done: success, exit: success }
            """
        for (key, value) in values { yaml = yaml.replacingOccurrences(of: key, with: value) }
        do {
            _ = try SimulatorLoader.load(text: yaml, file: "t.yaml")
            return []
        } catch {
            return error.diagnostics.map(\.description)
        }
    }
}
