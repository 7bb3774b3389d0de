import Foundation
import JourneyTestSupport
import Testing

/// `journey run` against servers that misbehave on purpose (`HostileServer`): every case ends
/// within the script's own limits with the documented exit code and a message naming what was wrong.
@Suite struct HostileServerTests {
    static func script(
        _ server: HostileServer, _ behaviour: HostileServer.Behaviour, answer: String, extra: String, timeout: Int
    ) throws -> String {
        try TemporaryFiles.file(
            "hostile.yaml",
            """
            version: 1
            name: Hostile
            server: { url: "\(server.baseURL(behaviour))", timeout: \(timeout) }
            journey: Login
            handlers:
              NameCallback: \(answer)
            \(extra)
            """)
    }

    /// Runs `journey run` on the script for `behaviour`; it must end within `limit` seconds (scaled: a hang guard).
    /// The request timeout is `TestTime.request` unless the case is about a server that never answers.
    static func run(
        _ behaviour: HostileServer.Behaviour, answer: String = "demo", extra: String = "", arguments: [String] = [],
        environment: [String: String] = [:], timeout: Int = Int(TestTime.request), limit: Double = 600
    ) async throws -> CLI.Output {
        let server = try HostileServer()
        defer { server.stop() }
        let path = try script(server, behaviour, answer: answer, extra: extra, timeout: timeout)
        return try await CLI.run(["run", path] + arguments, environment: environment, timeout: limit)
    }

    @Test func aHangOnOneValueEndsAtTheRequestTimeout() async throws {
        let output = try await Self.run(.hangOnValue, answer: "hang-me", timeout: TestTime.hang)
        #expect(output.status == 3, "\(output.stdout)")
        Golden.check(output, run: "hang")
        // Not a transcript: the transcript has the timeout as <duration>; its figure is checked here.
        #expect(
            output.stdout.contains("no response within \(TestTime.hang) s (request timeout)"), "\(output.stdout)")
        let fine = try await Self.run(.hangOnValue)
        #expect(fine.status == 0, "\(fine.stdout)")
    }

    @Test func escapeSequencesFromTheServerAreShownNotObeyed() async throws {
        for arguments in [[], ["--verbose"]] {
            let output = try await Self.run(.escapes, arguments: arguments)
            #expect(output.status == 1, "\(output.stdout)")
            #expect(!output.stdout.contains("\u{1B}"), "\(output.stdout)")
            #expect(!output.stdout.contains("\u{07}"))
            Golden.check(output, run: arguments.isEmpty ? "plain" : "verbose")
            #expect(!output.stdout.split(separator: "\n").contains { $0.hasPrefix("✔ passed") })
        }
        let verbose = try await Self.run(.escapes, arguments: ["--verbose"])
        Golden.check(verbose, run: "verbose")
        #expect(!verbose.stdout.contains("\u{9B}"))
    }

    @Test func noColourWhenAskedOrNotATerminal() async throws {
        // CLI.run sets NO_COLOR and stdout is a file: no escape sequence of our own either.
        let plain = try await Self.run(.numericToken, environment: ["NO_COLOR": ""])
        #expect(!plain.stdout.contains("\u{1B}"), "\(plain.stdout)")
        let flagged = try await Self.run(.numericToken, arguments: ["--no-color"])
        #expect(!flagged.stdout.contains("\u{1B}"))
    }

    /// A server that misbehaves one way: the run ends with exit 3 and a message naming what was
    /// wrong, in its golden transcript (`Golden/HostileServerTests/theRunEndsWithAProtocolError.<description>.out`).
    struct Case: Sendable, CustomTestStringConvertible {
        var testDescription: String
        var behaviour: HostileServer.Behaviour
        var extra = ""
        var timeout = Int(TestTime.request)
        var message: String
        /// Text the output must not show.
        var absent: [String] = []
    }

    static let cases: [Case] = [
        // The body would take twenty minutes: only the request timeout can end the run with exit 3.
        Case(
            testDescription: "a dripping body ends at the request timeout", behaviour: .drip, timeout: TestTime.hang,
            message: "no response within \(TestTime.hang) s (request timeout)"),
        Case(
            testDescription: "the script deadline bounds the whole run", behaviour: .drip,
            extra: "limits: { deadline: 1s }\n",
            message: "within its deadline of 1.00 s (limits.deadline)"),
        Case(
            testDescription: "a numeric tokenId is a protocol error", behaviour: .numericToken,
            message: "tokenId is a number, not a string"),
        Case(
            testDescription: "duplicate input names are a protocol error", behaviour: .duplicateInputs,
            message: "callbacks[0].input names 'IDToken1' twice"),
        Case(
            testDescription: "callbacks that are not an array are a protocol error", behaviour: .callbacksNotArray,
            message: "callbacks is an object, not an array"),
        Case(
            testDescription: "a redirect is not followed", behaviour: .redirect,
            message: "answered HTTP 302 redirect to /redirect/am/json"),
        // The limit counts the bytes as they arrive, not a Content-Length the server may leave out.
        Case(
            testDescription: "a body over the limit without a length is cut off", behaviour: .hugeUnsized,
            message: "response body larger than 8388608 bytes"),
        // A small gzip body that inflates past the limits is stopped while it inflates.
        Case(
            testDescription: "a gzip bomb is stopped while it inflates", behaviour: .gzipBomb,
            message: "the compressed response body inflates past the limit (50× its size)", absent: ["NameCallback"]),
        Case(
            testDescription: "a body over the limit is cut off", behaviour: .huge,
            message: "response body larger than 8388608 bytes"),
    ]

    @Test(arguments: cases)
    func theRunEndsWithAProtocolError(_ example: Case) async throws {
        let output = try await Self.run(
            example.behaviour, extra: example.extra, timeout: example.timeout)
        #expect(output.status == 3, "\(output.stdout)")
        for text in example.absent {
            #expect(!output.stdout.contains(text), "\(output.stdout)")
        }
        Golden.check(output, run: String(example.testDescription.map { $0.isLetter || $0.isNumber ? $0 : "-" }))
        if Golden.normalized(line: example.message) != example.message {
            // Not a transcript: the transcript has the message's figure as <duration>; it is checked here.
            #expect(output.stdout.contains(example.message), "\(output.stdout)")
        }
    }
}
