import Foundation
import JourneyCore
import JourneyTestSupport
import Testing

@testable import JourneyFormat
@testable import JourneyRun

/// `keepsExchangeBodies: false` (how `journey load` runs): a result keeps each exchange's URL,
/// status and timing, and none of its headers or bodies.
@Suite struct ExchangeBodiesTests {
    static func run(keepingBodies: Bool) async throws -> JourneyResult {
        let script = try ScriptLoader.load(
            text: """
                version: 1
                name: Stub
                server: { url: "https://am.example.com/am" }
                journey: Login
                handlers:
                  PasswordCallback: right
                expect: { outcome: success }
                """, file: "stub.yaml")
        var configuration = RunConfiguration(
            environment: [:], transport: StubServer.transport { _, _ in StubServer.json("{}") }, clock: ManualClock(),
            seed: 7)
        configuration.keepsExchangeBodies = keepingBodies
        return await JourneyDriver.run(try JourneyCompiler.compile(script), configuration: configuration)
    }

    @Test func aLoadRunKeepsTheMeasuresAndDropsTheBodies() async throws {
        let result = try await Self.run(keepingBodies: false)
        #expect(result.status == .passed)
        #expect(result.steps.count == 2)
        for step in result.steps {
            #expect(step.exchange.url.contains("/authenticate"))
            #expect(step.exchange.status == 200)
            #expect(step.exchange.requestBody == nil && step.exchange.responseBody == nil)
            #expect(step.exchange.requestHeaders.isEmpty && step.exchange.responseHeaders.isEmpty)
        }
        #expect(result.steps[0].stage == "Login")
    }

    @Test func aRunKeepsThemRedactedByDefault() async throws {
        let result = try await Self.run(keepingBodies: true)
        #expect(result.steps[1].exchange.requestBody?.contains("«") == true)
        #expect(result.steps[1].exchange.responseBody?.contains("tokenId") == true)
        #expect(!result.steps[0].exchange.requestHeaders.isEmpty)
    }
}
