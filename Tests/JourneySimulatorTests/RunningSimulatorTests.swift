import Foundation
import JourneyCore
import JourneySimulator
import Testing

/// The public controls of a running simulator that the HTTP tests do not reach.
@Suite("RunningSimulator: outbox, faults and users from code")
struct RunningSimulatorTests {
    @Test("clearOutbox empties one recipient's messages, for the API and for HTTP")
    func clearOutbox() async throws {
        try await Harness.run { (h: Harness) async throws in
            let step = try await h.start("SecondFactor")
            let factor = try await h.answer(step.json, [0: "alice", 1: "Al1ce-Passw0rd"])
            _ = try await h.answer(factor.json, [0: 0])
            #expect(h.simulator.outbox(for: "alice@example.com").count == 1)
            h.simulator.clearOutbox(for: "alice@example.com")
            #expect(h.simulator.outbox(for: "alice@example.com").isEmpty)
            #expect(try await h.outbox("alice@example.com").isEmpty)
        }
    }

    @Test("clearFaults removes every injected rule, including those without a count")
    func clearFaults() async throws {
        try await Harness.run { (h: Harness) async throws in
            h.simulator.injectFault(.status(code: 503, plain: false), journey: "Login", times: nil)
            h.simulator.injectFault(
                .status(code: 502, plain: false), path: "/am/json/realms/root/realms/alpha/sessions")
            #expect(try await h.start("Login").status == 503)
            #expect(try await h.start("Login").status == 503)
            #expect(try await h.get("/__simulator/faults").json["faults"]?.arrayValue?.count == 2)
            h.simulator.clearFaults()
            #expect(try await h.get("/__simulator/faults").json["faults"] == [])
            #expect(try await h.start("Login").status == 200)
        }
    }

    @Test("addUser adds a user who can sign in; a taken username is refused and left as it was")
    func addUser() async throws {
        try await Harness.run { (h: Harness) async throws in
            let carol = SimulatedUser(
                username: "carol", password: "C4rol-pw", attributes: ["mail": "carol@example.com"])
            #expect(h.simulator.user("carol") == nil)
            #expect(h.simulator.addUser(carol))
            #expect(h.simulator.user("carol") == carol)
            #expect(!h.simulator.addUser(SimulatedUser(username: "carol", password: "other")))
            #expect(!h.simulator.addUser(SimulatedUser(username: "demo", password: "other")))
            #expect(h.simulator.user("carol")?.password == "C4rol-pw")
            #expect(try await h.login("carol", "C4rol-pw").isEmpty == false)
            #expect(try await h.login("carol", "other").isEmpty)
            #expect(try await h.login("demo", "other").isEmpty)
            #expect(try await h.login("demo").isEmpty == false)
        }
    }
}
