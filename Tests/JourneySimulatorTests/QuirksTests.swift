import Foundation
import JourneyCore
import JourneySimulator
import JourneyTestSupport
import Testing

/// `settings.quirks:`: behaviours of other AM-compatible servers, each off by default.
@Suite("Quirks")
struct QuirksTests {
    static func tree(_ quirks: String) -> String {
        LoginTree.yaml(settings: "{ quirks: \(quirks) }")
    }

    static let sessions = "/am/json/realms/root/realms/alpha/sessions"

    @Test("off by default: the tree file's quirks are parsed, unknown ones rejected with a did-you-mean")
    func parsing() throws {
        #expect(SimulatorQuirks().errorsAsHTTP200 == false)
        let definition = try SimulatorLoader.load(
            text: Self.tree("{ errorsAsHTTP200: true, sessionCookieName: session-jwt, logoutNoContent: true }"),
            file: "quirks.yaml")
        #expect(definition.settings.quirks.errorsAsHTTP200)
        #expect(definition.settings.quirks.sessionCookieName == "session-jwt")
        #expect(definition.settings.quirks.logoutNoContent)
        #expect(!definition.settings.quirks.noServerInfo)
        let problems = SimulatorLoader.lint(text: Self.tree("{ noServerinfo: true }"), file: "quirks.yaml")
        #expect(problems.map(\.description).contains { $0.contains("did you mean 'noServerInfo'?") })
    }

    @Test("errorsAsHTTP200: a rejected login is HTTP 200 with the CREST error body")
    func errorsAsHTTP200() async throws {
        try await Harness.run(Self.tree("{ errorsAsHTTP200: true }")) { h in
            let step = try await h.start("Login").json
            let rejected = try await h.answer(step, [0: "demo", 1: "wrong"])
            #expect(rejected.status == 200)
            #expect(rejected.json["code"] == 401)
            #expect(rejected.json["reason"] == "Unauthorized")
            #expect(rejected.json["tokenId"] == nil)
        }
    }

    @Test("noSessionCookie: the token is only in the body, and still a session")
    func noSessionCookie() async throws {
        try await Harness.run(Self.tree("{ noSessionCookie: true }")) { h in
            let step = try await h.start("Login").json
            let done = try await h.answer(step, [0: "demo", 1: "Ch4ng3it!"])
            #expect(!done.cookies.contains { $0.hasPrefix("iPlanetDirectoryPro=") })
            let token = try #require(done.json["tokenId"]?.stringValue)
            let valid = try await h.post(
                "\(Self.sessions)?_action=validate", headers: [("Cookie", "iPlanetDirectoryPro=\(token)")])
            #expect(valid.json["valid"] == true)
        }
    }

    @Test("sessionCookieName and cookieHoldsHandle: the cookie the server sets is the one that works")
    func sessionCookie() async throws {
        try await Harness.run(Self.tree("{ sessionCookieName: session-jwt, cookieHoldsHandle: true }")) { h in
            let step = try await h.start("Login").json
            let done = try await h.answer(step, [0: "demo", 1: "Ch4ng3it!"])
            let token = try #require(done.json["tokenId"]?.stringValue)
            let cookie = try #require(done.cookies.first { $0.hasPrefix("session-jwt=") })
            let value = String(cookie.dropFirst("session-jwt=".count).prefix { $0 != ";" })
            #expect(value == "handle-\(token)")
            let byHandle = try await h.post(
                "\(Self.sessions)?_action=validate", headers: [("Cookie", "session-jwt=\(value)")])
            #expect(byHandle.json["valid"] == true)
            let byToken = try await h.post(
                "\(Self.sessions)?_action=validate", headers: [("Cookie", "iPlanetDirectoryPro=\(token)")])
            #expect(byToken.json["valid"] == false)
            let byHeader = try await h.post(
                "\(Self.sessions)?_action=validate", headers: [("iPlanetDirectoryPro", token)])
            #expect(byHeader.json["valid"] == true)
        }
    }

    @Test("noServerInfo: serverinfo is 404")
    func noServerInfo() async throws {
        try await Harness.run(Self.tree("{ noServerInfo: true }")) { h in
            let info = try await h.get("/am/json/serverinfo/*")
            #expect(info.status == 404)
        }
    }

    @Test("logoutNoContent: 204 without a body; an ended session is still 401")
    func logoutNoContent() async throws {
        try await Harness.run(Self.tree("{ logoutNoContent: true }")) { h in
            let token = try await h.login()
            let logout = try await h.post("\(Self.sessions)?_action=logout", headers: [("iPlanetDirectoryPro", token)])
            #expect(logout.status == 204)
            #expect(logout.body.isEmpty)
            let again = try await h.post("\(Self.sessions)?_action=logout", headers: [("iPlanetDirectoryPro", token)])
            #expect(again.status == 401)
        }
    }
}
