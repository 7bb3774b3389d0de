import AsyncHTTPClient
import Foundation
import JourneyCore
import JourneyTestSupport
import NIOCore
import Testing

@testable import JourneySimulator

/// The simulator against hostile clients: log injection, floods, slow connections.
@Suite("Simulator hardening")
struct SimulatorHardeningTests {
    @Test("a CR/LF in the path or the query stays on the request's own log line, escaped")
    func logInjection() async throws {
        try await Harness.run { h in
            _ = try await h.post("/am/json/realms/root/authenticate%0D%0AGET%20/forged%20-%3E%20200")
            // Header values with control characters are refused by the HTTP parser (400 before any
            // handler); a percent-encoded one in the query reaches the log through the journey name.
            _ = try await h.post("/am/json/realms/root/authenticate?authIndexValue=Nope%1B%5B2J%0D%0Aforged")
            let lines = h.logs.all.filter { !$0.hasPrefix("journey simulator listening") }
            #expect(lines.count == 2, "\(lines)")
            #expect(lines.allSatisfy { !$0.contains("\r") && !$0.contains("\n") && !$0.contains("\u{1B}") })
            #expect(lines.first?.contains(#"authenticate\r\nGET /forged"#) == true, "\(lines)")
            #expect(lines.last?.contains(#"journey=Nope\u001b[2J\r\nforged"#) == true, "\(lines)")
        }
    }
}

extension SimulatorHardeningTests {
    static let smallTree = LoginTree.yaml(
        settings: "{ maxPendingJourneys: 2 }", credentialsFault: "{ kind: hangOnValue, value: hang-me }")

    @Test("past maxPendingJourneys the oldest pending journey is dropped: its authId has timed out, as in AM")
    func pendingJourneysAreBounded() async throws {
        try await Harness.run(Self.smallTree) { h in
            let first = try await h.start("Login").json
            let second = try await h.start("Login").json
            _ = try await h.start("Login")
            let stats = try await h.get("/__simulator/stats").json
            #expect(stats["journeys"] == ["pending": 2, "evicted": 1, "capacity": 2], "\(stats)")
            let late = try await h.answer(first, [0: "demo", 1: "Ch4ng3it!"])
            #expect(late.status == 401)
            #expect(late.json == AMError.sessionTimeout.json)
            let kept = try await h.answer(second, [0: "demo", 1: "Ch4ng3it!"])
            #expect(kept.status == 200)
            #expect(kept.json["tokenId"]?.stringValue != nil)
        }
    }

    @Test("a flood of starts never holds more than the capacity")
    func floodStaysWithinCapacity() {
        let store = ShardedStore<Int>(capacity: 2048)
        let now = Date()
        for index in 0..<50_000 {
            store.set("k\(index)", index, expires: now.addingTimeInterval(300), now: now)
        }
        #expect(store.count <= 2048 + 16)
        #expect(store.evicted == 50_000 - store.count)
        #expect(store.get("k49999") == 49_999)
    }

    @Test("hangOnValue: an answer with the value hangs, others are answered; a header fault works the same")
    func hangOnValue() async throws {
        try await Harness.run(Self.smallTree, setup: .live) { h in
            let step = try await h.start("Login").json
            await #expect(throws: HTTPClientError.self) {
                _ = try await h.post(
                    h.authenticatePath(), json: Steps.fill(step, [0: "hang-me", 1: "x"]), timeout: .seconds(1))
            }
            let other = try await h.start("Login").json
            let answered = try await h.post(
                h.authenticatePath(), json: Steps.fill(other, [0: "demo", 1: "Ch4ng3it!"]),
                headers: [("X-Simulator-Fault", "hangOnValue=nobody-sends-this")])
            #expect(answered.status == 200)
            let third = try await h.start("Login").json
            await #expect(throws: HTTPClientError.self) {
                _ = try await h.post(
                    h.authenticatePath(), json: Steps.fill(third, [0: "demo", 1: "secret-value"]),
                    headers: [("X-Simulator-Fault", "hangOnValue=secret-value")], timeout: .seconds(1))
            }
        }
    }
}
