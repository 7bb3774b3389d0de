import Foundation
import JourneyCore
import JourneySimulator
import Testing

@Suite("Sessions, server info, CORS and the control API")
struct SessionsAndControlTests {
    @Test("validate by cookie, header or body; logout; then invalid")
    func validateAndLogout() async throws {
        try await Harness.run { h in
            let token = try await h.login()
            let path = "/am/json/realms/root/realms/alpha/sessions"
            let byCookie = try await h.post(
                "\(path)?_action=validate", headers: [("Cookie", "iPlanetDirectoryPro=\(token)")])
            #expect(byCookie.json["valid"] == true)
            #expect(byCookie.json["uid"] == "demo")
            #expect(byCookie.json["realm"] == "/alpha")
            let byHeader = try await h.post("\(path)?_action=validate", headers: [("iPlanetDirectoryPro", token)])
            #expect(byHeader.json["valid"] == true)
            let byBody = try await h.post("\(path)?_action=validate", json: ["tokenId": .string(token)])
            #expect(byBody.json["valid"] == true)
            let logout = try await h.post("\(path)?_action=logout", headers: [("iPlanetDirectoryPro", token)])
            #expect(logout.json == (try Paths.fixture("sessions/logout-success.json")))
            let after = try await h.post("\(path)?_action=validate", json: ["tokenId": .string(token)])
            #expect(after.json == ["valid": false])
            let again = try await h.post("\(path)?_action=logout", headers: [("iPlanetDirectoryPro", token)])
            #expect(again.status == 401)
            #expect(again.json == (try Paths.fixture("sessions/logout-failure-401.json")))
        }
    }

    @Test("getSessionInfo has the fixture's keys; sessions expire on the clock")
    func sessionInfo() async throws {
        try await Harness.run { h in
            let token = try await h.login()
            let info = try await h.post(
                "/am/json/realms/root/sessions/?_action=getSessionInfo", json: ["tokenId": .string(token)])
            #expect(info.status == 200)
            #expect(
                Set(keyKinds(info.json).keys) == Set(keyKinds(try Paths.fixture("sessions/session-info.json")).keys))
            #expect(info.json["username"] == "demo")
            h.clock.advance(by: 7201)
            let expired = try await h.post(
                "/am/json/realms/root/sessions?_action=validate", json: ["tokenId": .string(token)])
            #expect(expired.json == ["valid": false])
        }
    }

    @Test("serverinfo tells the cookie name")
    func serverInfo() async throws {
        try await Harness.run { h in
            let info = try await h.get("/am/json/serverinfo/*")
            #expect(info.json["cookieName"] == "iPlanetDirectoryPro")
            #expect(info.json["domains"] == [])
            #expect(info.json["realm"] == "/")
            let realmInfo = try await h.get("/am/json/realms/root/serverinfo/*")
            #expect(realmInfo.status == 200)
        }
    }

    @Test("CORS: preflight answered, Origin echoed with credentials")
    func cors() async throws {
        try await Harness.run { h in
            let preflight = try await h.request(
                .OPTIONS, h.authenticatePath(),
                headers: [
                    ("Origin", "https://app.example"), ("Access-Control-Request-Method", "POST"),
                    ("Access-Control-Request-Headers", "accept-api-version, content-type, x-custom"),
                ])
            #expect(preflight.status == 200)
            #expect(preflight.header("Access-Control-Allow-Origin") == "https://app.example")
            #expect(preflight.header("Access-Control-Allow-Credentials") == "true")
            let allowed = preflight.header("Access-Control-Allow-Headers") ?? ""
            for name in ["accept-api-version", "x-requested-with", "x-requested-platform", "content-type", "x-custom"] {
                #expect(allowed.contains(name))
            }
            #expect(preflight.header("Access-Control-Allow-Methods")?.contains("POST") == true)
            let start = try await h.start("Login", headers: [("Origin", "https://app.example")])
            #expect(start.header("Access-Control-Allow-Origin") == "https://app.example")
            #expect(start.header("Access-Control-Allow-Credentials") == "true")
        }
    }

    @Test("the clock: read, advance, set")
    func clock() async throws {
        try await Harness.run { h in
            let before = try await h.get("/__simulator/clock").json
            let epoch = try #require(before["epochSeconds"]?.intValue)
            #expect(before["now"]?.stringValue?.hasSuffix("Z") == true)
            let advanced = try await h.post("/__simulator/clock", json: ["advance": 90]).json
            #expect(advanced["epochSeconds"]?.intValue == epoch + 90)
            let set = try await h.post("/__simulator/clock", json: ["set": 1_800_000_000]).json
            #expect(set["epochSeconds"] == 1_800_000_000)
            #expect(Int(h.clock.now().timeIntervalSince1970) == 1_800_000_000)
            let bad = try await h.post("/__simulator/clock", json: ["advance": "soon"])
            #expect(bad.status == 400)
        }
    }

    @Test("moving the clock is refused (409) when the simulator runs on the system clock")
    func clockConflict() async throws {
        let simulator = Simulator.inProcess(try Harness.tree(), options: SimulatorOptions(logRequests: false))
        let harness = Harness(simulator: simulator, clock: ManualClock(), logs: LogLines(), setup: .router)
        let reply = try await harness.post("/__simulator/clock", json: ["advance": 5])
        let read = try await harness.get("/__simulator/clock")
        await simulator.stop()
        #expect(reply.status == 409)
        #expect(read.status == 200)
    }

    @Test("the outbox: empty list for an unknown recipient, newest last, cleared by DELETE")
    func outbox() async throws {
        try await Harness.run { h in
            let empty = try await h.get("/__simulator/outbox/nobody@example.com")
            #expect(empty.status == 200)
            #expect(empty.json == ["recipient": "nobody@example.com", "messages": []])
            for _ in 0..<2 {
                let step = try await h.start("SecondFactor")
                let factor = try await h.answer(step.json, [0: "alice", 1: "Al1ce-Passw0rd"])
                _ = try await h.answer(factor.json, [0: 0])
                h.clock.advance(by: 1)
            }
            let messages = try await h.outbox("alice@example.com")
            #expect(messages.count == 2)
            #expect((messages[0]["time"]?.stringValue ?? "") < (messages[1]["time"]?.stringValue ?? ""))
            #expect(Set(messages[0].objectValue?.keys ?? [:].keys) == ["channel", "subject", "body", "code", "time"])
            #expect(h.simulator.outbox(for: "alice@example.com").count == 2)
            _ = try await h.request(.DELETE, "/__simulator/outbox/alice@example.com")
            #expect(try await h.outbox("alice@example.com").isEmpty)
        }
    }
}
