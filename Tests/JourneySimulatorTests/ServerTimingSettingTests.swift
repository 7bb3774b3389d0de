import Foundation
import JourneyCore
import Testing

@testable import JourneySimulator

/// `settings.serverTiming: false`: answers without `Server-Timing`, as AM sends them.
@Suite struct ServerTimingSettingTests {
    static let tree = """
        kind: simulator
        version: 1
        settings: { serverTiming: SWITCH }
        journeys:
          Login:
            start: done
            nodes:
              done: { success: {} }
        """

    @Test(arguments: [true, false])
    func theHeaderFollowsTheSetting(_ on: Bool) async throws {
        let yaml = Self.tree.replacingOccurrences(of: "SWITCH", with: String(on))
        try await Harness.run(yaml) { h in
            let reply = try await h.start("Login", realm: "root")
            #expect(reply.status == 200)
            #expect((reply.header("Server-Timing") != nil) == on)
        }
    }

    @Test func theSettingIsABoolean() {
        let yaml = Self.tree.replacingOccurrences(of: "SWITCH", with: "sometimes")
        #expect(throws: DiagnosticList.self) { try SimulatorLoader.load(text: yaml, file: "t.yaml") }
    }
}
