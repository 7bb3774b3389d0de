import Foundation
import JourneyCore
import JourneySimulator
import Testing

/// Zero-page login as AM has it: a start without authIndexType runs the realm's default journey,
/// whose Zero Page Login Collector node reads the credentials from headers.
@Suite("Zero-page login and default journeys")
struct ZeroPageLoginTests {
    static let credentials = [("X-OpenAM-Username", "demo"), ("X-OpenAM-Password", "Ch4ng3it!")]

    @Test("no authIndexType: the realm's default journey (ZeroPageLogin in /alpha, Login in the root realm)")
    func defaultJourneyPerRealm() async throws {
        try await Harness.run { h in
            let zeroPage = try await h.post(h.authenticatePath(), headers: Self.credentials)
            #expect(zeroPage.status == 200)
            #expect(zeroPage.json["tokenId"] != nil)
            #expect(zeroPage.json["realm"] == "/alpha")
            #expect(h.logs.all.contains { $0.contains("journey=ZeroPageLogin") })
            // Without the headers the collector takes "No Credentials": the username/password page.
            let page = try await h.post(h.authenticatePath())
            #expect(Steps.types(page.json) == ["NameCallback", "PasswordCallback"])
            #expect(page.json["stage"] == "UsernamePassword")
            let wrong = try await h.post(
                h.authenticatePath(), headers: [("X-OpenAM-Username", "demo"), ("X-OpenAM-Password", "nope")])
            #expect(wrong.status == 401)
            // The root realm has no entry: Login, which ignores the headers.
            let root = try await h.post(h.authenticatePath(realm: "/"), headers: Self.credentials)
            #expect(Steps.types(root.json) == ["NameCallback", "PasswordCallback"])
            #expect(h.logs.all.last?.contains("journey=Login") == true)
        }
    }

    static let refererTree = """
        kind: simulator
        version: 1
        settings: { realms: [root], defaultJourney: Guarded }
        users: [{ username: demo, password: pw }]
        journeys:
          Guarded:
            start: z
            nodes:
              z:
                zeroPageLogin:
                  usernameHeader: X-App-User
                  passwordHeader: X-App-Secret
                  allowWithoutReferer: false
                  refererAllowlist: ["https://app.example.com/login"]
                outcomes: { "true": check, "false": failure }
              check:
                credentials: {}
                outcomes: { "true": success, "false": failure }
        """

    @Test("header names and the Referer allowlist are the node's")
    func refererAllowlist() async throws {
        try await Harness.run(Self.refererTree) { h in
            let path = h.authenticatePath(realm: "/")
            let headers = [("X-App-User", "demo"), ("X-App-Secret", "pw")]
            #expect(try await h.post(path, headers: headers).status == 401)
            #expect(
                try await h.post(path, headers: headers + [("Referer", "https://evil.example.com/")]).status == 401)
            let allowed = try await h.post(path, headers: headers + [("Referer", "https://app.example.com/login")])
            #expect(allowed.json["tokenId"] != nil)
            let defaultNames = try await h.post(
                path,
                headers: Self.credentials + [("Referer", "https://app.example.com/login")])
            #expect(defaultNames.status == 401)
        }
    }

    @Test("defaultJourney must name a journey of the file")
    func unknownDefaultJourney() {
        let text = Self.refererTree.replacingOccurrences(of: "defaultJourney: Guarded", with: "defaultJourney: Guard")
        let diagnostics = SimulatorLoader.lint(text: text, file: "tree.yaml")
        #expect(
            diagnostics.contains {
                $0.severity == .error && $0.message == "defaultJourney names unknown journey 'Guard'"
                    && ($0.hint ?? "").contains("Guarded")
            })
    }
}
