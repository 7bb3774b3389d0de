import Foundation
import JourneyCore
import JourneyTestSupport
import Testing

@testable import JourneyRecording
@testable import JourneyRun

/// A run's exchanges are redacted where their text is first read (`Exchange`): every way a
/// result is read shows the redacted text, and copies redact once and change apart.
@Suite struct RedactionOnReadTests {
    static let password = "Pa55-w0rd-on-read"
    static let tokenId = "AQIC5wM2LY4Sfcz-on-read"

    static func run() async throws -> JourneyResult {
        let journey = try LoaderTestSupport.compile(
            """
            version: 1
            name: Redacted on read
            journey: Login
            vars:
              pw: { value: "\(password)", secret: true }
            handlers:
              NameCallback: demo
              PasswordCallback: ${pw}
            expect: { outcome: success }
            """)
        let transport = ScriptedTransport(json: [
            try Fixtures.json("responses/start-username-password.json"),
            AMSuccess(tokenId: tokenId, successUrl: "/am/console", realm: "/").json,
        ])
        let result = await JourneyDriver.run(
            journey, configuration: RunConfiguration(serverURL: "http://am.test/am", transport: transport))
        #expect(result.status == .passed, "\(result.failures) \(String(describing: result.error))")
        return result
    }

    @Test func everyReadingOfAResultIsRedacted() async throws {
        let result = try await Self.run()
        var dumped = ""
        dump(result, to: &dumped)
        let readings = [
            dumped, String(describing: result), String(reflecting: result),
            result.steps.map { "\($0.exchange.requestBody ?? "") \($0.exchange.responseBody ?? "")" }.joined(),
            HARWriter.text(HARWriter.document([result])),
        ]
        for reading in readings {
            #expect(!reading.contains(Self.password) && !reading.contains(Self.tokenId))
        }
        #expect(dumped.contains("«tokenId»") && dumped.contains("«password»"), "the dump shows the redacted bodies")
        #expect(result.steps[1].exchange.responseBody?.contains(#""tokenId":"«tokenId»""#) == true)
    }

    @Test func copiesReadTheSameTextAndChangeApart() async throws {
        let result = try await Self.run()
        let original = result.steps[1].exchange
        var copy = original
        copy.requestBody = "changed"
        #expect(copy.requestBody == "changed")
        #expect(original.requestBody?.contains("«password»") == true)
        #expect(copy.responseBody == original.responseBody)
        #expect(copy.requestHeaders.map(\.name) == original.requestHeaders.map(\.name))
    }

    @Test func readersOnManyTasksSeeOneText() async throws {
        let exchange = try await Self.run().steps[1].exchange
        let bodies = await withTaskGroup(of: String?.self) { group in
            for _ in 0..<16 { group.addTask { exchange.requestBody } }
            return await group.reduce(into: Set<String?>()) { $0.insert($1) }
        }
        #expect(bodies.count == 1)
        #expect(bodies.first??.contains("«password»") == true)
    }
}
