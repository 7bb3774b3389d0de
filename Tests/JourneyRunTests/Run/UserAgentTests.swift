import Foundation
import JourneyCore
import JourneyTestSupport
import Testing

@testable import JourneyFormat
@testable import JourneyRun

/// `server.userAgent`: the `User-Agent` of every request the run sends, `journey/<version>` by default.
@Suite struct UserAgentTests {
    static func userAgents(server: String) async throws -> [String?] {
        let script = try ScriptLoader.load(
            text: """
                version: 1
                name: Stub
                server: \(server)
                vars: { build: "42" }
                journey: Login
                handlers:
                  PasswordCallback: right
                cleanup: logout
                """, file: "stub.yaml")
        let stub = StubServer.transport { _, _ in StubServer.json("{}") }
        let configuration = RunConfiguration(environment: [:], transport: stub, clock: ManualClock(), seed: 7)
        let result = await JourneyDriver.run(try JourneyCompiler.compile(script), configuration: configuration)
        #expect(result.status == .passed)
        #expect(stub.requests.count >= 4, "authenticate twice, validate, logout")
        return stub.requests.map { $0.headers.value("User-Agent") }
    }

    @Test func everyRequestSaysJourneyAndItsVersionByDefault() async throws {
        let agents = try await Self.userAgents(server: #"{ url: "https://am.example.com/am" }"#)
        #expect(Set(agents) == ["journey/\(JourneyVersion.number)"])
    }

    @Test func theScriptNamesItsOwnAsATemplate() async throws {
        let agents = try await Self.userAgents(
            server: #"{ url: "https://am.example.com/am", userAgent: "MyApp/{{ build }} (iOS 17)" }"#)
        #expect(Set(agents) == ["MyApp/42 (iOS 17)"])
    }

    @Test func aUserAgentInHeadersIsSentAlone() async throws {
        let agents = try await Self.userAgents(
            server: #"{ url: "https://am.example.com/am", headers: { user-agent: Legacy/1 } }"#)
        #expect(Set(agents) == ["Legacy/1"])
    }

    @Test func bothFormsAreALintError() {
        let text = """
            version: 1
            name: Both
            server: { url: "https://am.example.com/am", headers: { User-Agent: A }, userAgent: B }
            journey: Login
            """
        let errors = ScriptLoader.lint(text: text, file: "both.yaml").diagnostics.filter { $0.severity == .error }
        #expect(errors.map(\.message) == ["server.userAgent and a User-Agent in server.headers both set the header"])
        #expect(errors.first?.location?.line == 3)
    }
}
