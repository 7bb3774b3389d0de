import Foundation
import JourneyCore
import JourneySimulator
import Testing

@Suite("Login over HTTP")
struct LoginTests {
    @Test("a full login: two callbacks, then a session with tokenId, cookies and AM's headers")
    func fullLogin() async throws {
        try await Harness.run { h in
            let start = try await h.start("Login")
            #expect(start.status == 200)
            #expect(start.header("Content-API-Version") == "resource=2.1")
            #expect(start.header("Content-Type") == "application/json")
            let timing = try #require(start.header("Server-Timing"), "the server's own time, for journey load")
            #expect(timing.wholeMatch(of: /app;dur=\d+\.\d{3}/) != nil, "\(timing)")
            #expect((ServerTiming.seconds(in: timing) ?? -1) >= 0)
            #expect(start.cookies.contains("amlbcookie=01; Path=/; HttpOnly"))
            #expect(Steps.types(start.json) == ["NameCallback", "PasswordCallback"])
            #expect(start.json["stage"] == "UsernamePassword")
            let done = try await h.answer(start.json, [0: "demo", 1: "Ch4ng3it!"])
            #expect(done.status == 200)
            let token = try #require(done.json["tokenId"]?.stringValue)
            #expect(done.json["realm"] == "/alpha")
            #expect(done.json["successUrl"] == "/am/console")
            #expect(done.json["authId"] == nil)
            #expect(done.cookies.contains("iPlanetDirectoryPro=\(token); Path=/; HttpOnly"))
            #expect(done.cookies.contains("amlbcookie=01; Path=/; HttpOnly"))
            #expect(
                h.logs.all.contains {
                    $0.contains("journey=Login node=credentials -> step (NameCallback, PasswordCallback)")
                })
        }
    }

    @Test("a wrong password ends in 401 Login failure, the fixture's shape")
    func wrongPassword() async throws {
        try await Harness.run { h in
            let start = try await h.start("Login")
            let done = try await h.answer(start.json, [0: "demo", 1: "nope"])
            #expect(done.status == 401)
            #expect(done.json == (try Paths.fixture("responses/failure-401-login-failure.json")))
        }
    }

    @Test(
        "every realm path form reaches the journey",
        arguments: [
            ("/am/json/realms/root/realms/alpha/authenticate", "/alpha"),
            ("/am/json/realms/alpha/authenticate", "/alpha"),
            ("/am/json/realms/root/authenticate", "/"),
            ("/am/json/authenticate", "/"),
        ])
    func realmPaths(path: String, realm: String) async throws {
        try await Harness.run { h in
            let start = try await h.post("\(path)?authIndexType=service&authIndexValue=Login")
            #expect(start.status == 200)
            let done = try await h.post(path, json: Steps.fill(start.json, [0: "demo", 1: "Ch4ng3it!"]))
            #expect(done.json["realm"]?.stringValue == realm)
        }
    }

    @Test("a nested realm path resolves to /a/b, and an unserved realm is refused")
    func nestedRealms() async throws {
        let yaml = """
            kind: simulator
            version: 1
            settings: { realms: [root, a/b] }
            users: [{ username: u, password: p }]
            journeys:
              Login:
                start: s
                nodes:
                  s: { success: {} }
            """
        try await Harness.run(yaml) { h in
            let nested = try await h.post("/am/json/realms/root/realms/a/realms/b/authenticate?authIndexValue=Login")
            #expect(nested.json["realm"] == "/a/b")
            let other = try await h.post("/am/json/realms/root/realms/zzz/authenticate?authIndexValue=Login")
            #expect(other.status == 400)
        }
    }

    @Test("an unknown journey is 400 No Configuration found")
    func unknownJourney() async throws {
        try await Harness.run { h in
            let reply = try await h.start("NoSuchTree")
            #expect(reply.status == 400)
            #expect(reply.json == (try Paths.fixture("responses/failure-400-no-configuration.json")))
        }
    }

    @Test("an authId past its lifetime on the manual clock is 401 Session has timed out (110)")
    func expiredAuthId() async throws {
        try await Harness.run { h in
            let start = try await h.start("Login")
            h.clock.advance(by: 301)
            let done = try await h.answer(start.json, [0: "demo", 1: "Ch4ng3it!"])
            #expect(done.status == 401)
            #expect(done.json == (try Paths.fixture("responses/failure-401-session-timeout.json")))
        }
    }

    @Test("a tampered authId is 400 AuthId JWT Signature not valid")
    func tamperedAuthId() async throws {
        try await Harness.run { h in
            let start = try await h.start("Login")
            let authId = try #require(start.json["authId"]?.stringValue)
            #expect(authId.split(separator: ".").count == 3)
            var parts = authId.split(separator: ".").map(String.init)
            let claims = try #require(Base64URL.decode(parts[1]))
            let forged = String(decoding: claims, as: UTF8.self).replacingOccurrences(of: "Login", with: "Admin")
            parts[1] = Base64URL.encode(forged)
            guard case .object(var body) = Steps.fill(start.json, [0: "demo", 1: "Ch4ng3it!"]) else { return }
            body["authId"] = .string(parts.joined(separator: "."))
            let done = try await h.post(h.authenticatePath(), json: .object(body))
            #expect(done.status == 400)
            #expect(done.json["message"] == "AuthId JWT Signature not valid")
            body["authId"] = "not-a-jwt"
            #expect(try await h.post(h.authenticatePath(), json: .object(body)).status == 400)
        }
    }

    @Test("an authId is single-use: replaying it is the timeout shape")
    func singleUse() async throws {
        try await Harness.run { h in
            let start = try await h.start("Login")
            let first = try await h.answer(start.json, [0: "demo", 1: "nope"])
            #expect(first.status == 401)
            let replay = try await h.answer(start.json, [0: "demo", 1: "Ch4ng3it!"])
            #expect(replay.status == 401)
            #expect(replay.json["detail"]?["errorCode"] == "110")
        }
    }

    @Test("the authId carries journey, realm, state id, iat and exp from the simulator's clock")
    func authIdClaims() async throws {
        try await Harness.run { h in
            let start = try await h.start("Login")
            let authId = try #require(start.json["authId"]?.stringValue)
            let header = try JSONValue.parse(try #require(Base64URL.decode(String(authId.split(separator: ".")[0]))))
            #expect(header == ["typ": "JWT", "alg": "HS256"])
            let claims = try JSONValue.parse(try #require(Base64URL.decode(String(authId.split(separator: ".")[1]))))
            let now = Int(h.clock.now().timeIntervalSince1970)
            #expect(claims["authIndexValue"] == "Login")
            #expect(claims["authIndexType"] == "service")
            #expect(claims["realm"] == "/alpha")
            #expect(claims["iat"]?.intValue == now)
            #expect(claims["exp"]?.intValue == now + 300)
            #expect(claims["sessionId"]?.stringValue?.isEmpty == false)
        }
    }

    @Test("noSession=true ends without a tokenId or session cookie")
    func noSession() async throws {
        try await Harness.run { h in
            let start = try await h.start("Login", query: "noSession=true")
            let done = try await h.answer(start.json, [0: "demo", 1: "Ch4ng3it!"])
            #expect(done.status == 200)
            #expect(done.json == ["successUrl": "/am/console", "realm": "/alpha"])
            #expect(!done.cookies.contains { $0.hasPrefix("iPlanetDirectoryPro=") })
        }
    }

    @Test("a start with a valid session returns it; ForceAuth runs the tree again")
    func existingSession() async throws {
        try await Harness.run { h in
            let token = try await h.login()
            let cookie = [("Cookie", "iPlanetDirectoryPro=\(token)")]
            let again = try await h.start("Login", headers: cookie)
            #expect(again.json["tokenId"]?.stringValue == token)
            let forced = try await h.start("Login", query: "ForceAuth=true", headers: cookie)
            #expect(Steps.types(forced.json) == ["NameCallback", "PasswordCallback"])
        }
    }

    @Test("fifty journeys in parallel keep their state apart")
    func concurrentJourneys() async throws {
        try await Harness.run { h in
            let results = try await withThrowingTaskGroup(of: (Int, Int, String?).self) { group in
                for index in 0..<50 {
                    group.addTask {
                        let start = try await h.start("Login")
                        let good = index % 2 == 0
                        let done = try await h.answer(
                            start.json,
                            [0: .string(good ? "demo" : "alice"), 1: .string(good ? "Ch4ng3it!" : "wrong-\(index)")])
                        return (index, done.status, done.json["tokenId"]?.stringValue)
                    }
                }
                var all: [(Int, Int, String?)] = []
                for try await result in group { all.append(result) }
                return all
            }
            #expect(results.count == 50)
            for (index, status, token) in results {
                #expect(status == (index % 2 == 0 ? 200 : 401))
                #expect((token != nil) == (index % 2 == 0))
            }
            #expect(Set(results.compactMap(\.2)).count == 25)
        }
    }
}
