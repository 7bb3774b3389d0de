import Foundation
import JourneyTestSupport
import Testing

/// `--otel-endpoint`: journeys exported as OTLP/HTTP traces to a collector stand-in.
@Suite struct TelemetryTests {
    @Test func eachJourneyIsATraceOfRoundTripSpansWithoutSecrets() async throws {
        let collector = try CollectorStub()
        defer { collector.stop() }
        let output = try await CLI.run([
            "run", "journeys/login.yaml", "journeys/wrong-password.yaml", "--otel-endpoint", collector.endpoint,
        ])
        #expect(output.status == 0, "\(output.stdout)\n\(output.stderr)")
        let requests = collector.requests
        #expect(!requests.isEmpty, "the exporter sent nothing")
        let paths = requests.map(\.path)
        #expect(paths.allSatisfy { $0 == "v1/traces" }, "\(paths)")
        #expect(requests.allSatisfy { $0.head.lowercased().contains("content-type: application/x-protobuf") })
        let body = requests.reduce(Data()) { $0 + $1.body }
        for text in [
            "journey Log in with a username and password", "http.request.method", "http.response.status_code",
            "url.full", "journey.stage", "UsernamePassword", "journey.callbacks", "NameCallback,PasswordCallback",
            "journey.outcome", "journey.status", "passed", "service.name", "journey",
        ] {
            #expect(body.range(of: Data(text.utf8)) != nil, "\(text) is not in the exported spans")
        }
        #expect(body.range(of: Data("Ch4ng3it!".utf8)) == nil, "a secret reached the traces")
    }

    /// A secret variable in the start URL's query: the spans carry each round trip's URL, so
    /// only the redaction keeps the value out of them (the password, sent in bodies, never is).
    @Test func aSecretInARequestURLIsRedactedInTheSpans() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("otel-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let tree = CLI.packageRoot.appendingPathComponent("journeys/trees/am.yaml").path
        let script = directory.appendingPathComponent("ticket.yaml")
        try Data(
            """
            version: 1
            name: Log in with a secret ticket in the URL
            server: { simulate: "\(tree)", realm: alpha }
            start: { service: Login, query: { ticket: "{{ ticket }}" } }
            vars:
              ticket: { env: JOURNEY_TEST_TICKET, secret: true }
            handlers:
              NameCallback: demo
              PasswordCallback: { value: Ch4ng3it!, secret: true }
            expect:
              outcome: success

            """.utf8
        ).write(to: script)
        let ticket = "Tq8vZ3kLw9xR"
        let collector = try CollectorStub()
        defer { collector.stop() }
        let output = try await CLI.run(
            ["run", script.path, "--otel-endpoint", collector.endpoint], environment: ["JOURNEY_TEST_TICKET": ticket])
        #expect(output.status == 0, "\(output.stdout)\n\(output.stderr)")
        // Searched as bytes: in protobuf a string is followed by the next field's tag, which may
        // be a letter, so a search for whole tokens would miss it.
        let body = collector.requests.reduce(Data()) { $0 + $1.body }
        #expect(
            body.range(of: Data("&ticket=".utf8)) != nil,
            "the spans do not carry the start URL, so the search below proves nothing")
        #expect(body.range(of: Data(ticket.utf8)) == nil, "a secret reached the traces")
    }

    @Test func aLoadExportsItsJourneysToo() async throws {
        let collector = try CollectorStub()
        defer { collector.stop() }
        let output = try await CLI.run([
            "load", "journeys/login.yaml", "--users", "1", "--duration", "1s", "--otel-endpoint", collector.endpoint,
        ])
        #expect(output.status == 0, "\(output.stdout)\n\(output.stderr)")
        let body = collector.requests.reduce(Data()) { $0 + $1.body }
        #expect(body.range(of: Data("journey Log in with a username and password".utf8)) != nil)
    }

    @Test func aBadEndpointIsRefusedBeforeAnythingRuns() async throws {
        let output = try await CLI.run(["run", "journeys/login.yaml", "--otel-endpoint", "ftp://x"])
        #expect(output.status == 2)
        #expect(output.stderr.contains("--otel-endpoint takes an http(s) URL"))
    }
}
