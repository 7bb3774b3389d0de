import AsyncHTTPClient
import Foundation
import JourneyCore
import JourneySimulator
import JourneyTestSupport
import Testing

@Suite("Fault injection")
struct FaultTests {
    @Test("html, status, notJSON and truncated by header")
    func responseFaults() async throws {
        try await Harness.run { h in
            let html = try await h.start("Login", headers: [("X-Simulator-Fault", "html")])
            #expect(html.status == 200)
            #expect(html.header("Content-Type")?.hasPrefix("text/html") == true)
            #expect(html.text.contains("<form"))
            let status = try await h.start("Login", headers: [("X-Simulator-Fault", "status=503")])
            #expect(status.status == 503)
            #expect(status.json == ["code": 503, "reason": "Service Unavailable", "message": "Service Unavailable"])
            let plain = try await h.start("Login", headers: [("X-Simulator-Fault", "status=502;plain")])
            #expect(plain.status == 502)
            #expect(plain.header("Content-Type") == "text/plain")
            let notJSON = try await h.start("Login", headers: [("X-Simulator-Fault", "notJSON")])
            #expect(notJSON.header("Content-Type")?.hasPrefix("text/plain") == true)
            #expect((try? JSONValue.parse(Data(notJSON.body))) == nil)
            let truncated = try await h.start("Login", headers: [("X-Simulator-Fault", "truncated")])
            #expect(truncated.status == 200)
            #expect(truncated.header("Content-Type") == "application/json")
            #expect(!truncated.body.isEmpty)
            #expect((try? JSONValue.parse(Data(truncated.body))) == nil)
            let unknown = try await h.start("Login", headers: [("X-Simulator-Fault", "explode")])
            #expect(unknown.status == 400)
        }
    }

    @Test("delay answers normally after the delay")
    func delay() async throws {
        try await Harness.run { h in
            let clock = ContinuousClock()
            let started = clock.now
            let reply = try await h.start("Login", headers: [("X-Simulator-Fault", "delay=150")])
            #expect(clock.now - started >= .milliseconds(150))
            #expect(Steps.types(reply.json) == ["NameCallback", "PasswordCallback"])
        }
    }

    @Test("close drops the connection without a response")
    func close() async throws {
        try await Harness.run(setup: .live) { h in
            await #expect(throws: (any Error).self) {
                _ = try await h.start("Login", headers: [("X-Simulator-Fault", "close")])
            }
            let after = try await h.start("Login")
            #expect(after.status == 200)
        }
    }

    @Test("hang never answers: the client times out, others are served, stop() releases it")
    func hang() async throws {
        try await Harness.run(setup: .live) { h in
            await #expect(throws: HTTPClientError.self) {
                _ = try await h.post(
                    h.authenticatePath() + "?authIndexValue=Login", headers: [("X-Simulator-Fault", "hang")],
                    timeout: .milliseconds(300))
            }
            let other = try await h.start("Login")
            #expect(other.status == 200)
            // A hang whose client would wait for ever is released when the simulator stops: the
            // client sees the connection end, not its own deadline.
            let pending = Task {
                try await h.post(
                    h.authenticatePath() + "?authIndexValue=Login", headers: [("X-Simulator-Fault", "hang")],
                    timeout: .seconds(Int64(TestTime.seconds(600))))
            }
            while h.simulator.hangingRequests == 0 { await Task.yield() }
            await h.simulator.stop()
            let error = await #expect(throws: (any Error).self) { _ = try await pending.value }
            #expect((error as? HTTPClientError) != .deadlineExceeded, "\(String(describing: error))")
        }
    }

    @Test("control API: a fault for one journey, a number of times")
    func registeredFaults() async throws {
        try await Harness.run { h in
            let added = try await h.post(
                "/__simulator/faults",
                json: ["fault": ["kind": "status", "code": 500], "match": ["journey": "Login", "times": 2]])
            #expect(added.status == 201)
            #expect(try await h.start("Login").status == 500)
            #expect(try await h.start("SecondFactor").status == 200)
            #expect(try await h.start("Login").status == 500)
            #expect(try await h.start("Login").status == 200)
            // A continue request is matched by the journey in its authId.
            let step = try await h.start("Login")
            _ = try await h.post("/__simulator/faults", json: ["fault": "notJSON", "match": ["journey": "Login"]])
            let faulty = try await h.answer(step.json, [0: "demo", 1: "Ch4ng3it!"])
            #expect(faulty.header("Content-Type")?.hasPrefix("text/plain") == true)
            let listed = try await h.get("/__simulator/faults").json
            #expect(listed["faults"]?.arrayValue?.count == 1)
            _ = try await h.request(.DELETE, "/__simulator/faults")
            #expect(try await h.start("Login").status == 200)
            h.simulator.injectFault(.status(code: 503, plain: false), journey: "Login", times: 1)
            #expect(try await h.start("Login").status == 503)
        }
    }

    @Test("a node's fault applies whenever the journey reaches it")
    func nodeFault() async throws {
        let yaml = """
            kind: simulator
            version: 1
            users: [{ username: demo, password: pw }]
            journeys:
              Flaky:
                start: ask
                nodes:
                  ask:
                    page: { callbacks: [{ type: NameCallback }, { type: PasswordCallback }] }
                    next: check
                  check:
                    credentials: {}
                    outcomes: { "true": done, "false": failure }
                  done:
                    success: {}
                    fault: { kind: status, code: 502 }
            """
        try await Harness.run(yaml) { h in
            let step = try await h.start("Flaky")
            #expect(step.status == 200)
            let done = try await h.answer(step.json, [0: "demo", 1: "pw"])
            #expect(done.status == 502)
            #expect(h.logs.all.last?.contains("journey=Flaky node=done -> fault status 502") == true)
        }
    }
}
