import Foundation
import JourneyCore
import JourneyTestSupport
import Testing

@testable import JourneyFormat
@testable import JourneyReport
@testable import JourneyRun

/// A 404 from the authenticate endpoint names the realm as its likely cause.
@Suite struct RealmNotFoundTests {
    /// Answers every request 404 with `body`.
    static func notFound(contentType: String, body: String) -> ScriptedTransport {
        ScriptedTransport(responses: [
            TransportResponse(status: 404, headers: [HeaderField("Content-Type", contentType)], body: Data(body.utf8))
        ])
    }

    static func run(_ transport: ScriptedTransport) async throws -> JourneyResult {
        let journey = try LoaderTestSupport.compile(
            """
            version: 1
            name: Wrong realm
            server: { url: "http://am.test/am", realm: alpha }
            journey: Login
            expect: { outcome: success }
            """)
        return await JourneyDriver.run(
            journey, configuration: RunConfiguration(serverURL: "http://am.test/am", transport: transport))
    }

    @Test func aCRESTNotFoundNotesTheRealm() async throws {
        let result = try await Self.run(
            Self.notFound(
                contentType: "application/json", body: #"{"code":404,"reason":"Not Found","message":"Not Found"}"#))
        #expect(result.status == .failed)
        #expect(
            result.steps.first?.notes.map { "\($0.key) \($0.value)" } == [
                "hint realm 'alpha' may not exist on this server"
            ])
        #expect(ConsoleReporter().render(result).contains("    hint realm 'alpha' may not exist on this server"))
    }

    @Test func aNotFoundPageNamesTheRealm() async throws {
        let result = try await Self.run(Self.notFound(contentType: "text/plain", body: "no such thing"))
        #expect(result.status == .error)
        #expect(result.error?.message.hasSuffix("; realm 'alpha' may not exist on this server") == true)
    }
}
