import Foundation
import JourneyTestSupport
import Testing

/// `journey run` against servers that misbehave on purpose (`HostileServer`): every case ends
/// within the script's own limits with the documented exit code and a message naming what was wrong.
@Suite struct HostileServerTests {
    static func script(_ server: HostileServer, _ behaviour: HostileServer.Behaviour, answer: String, extra: String)
        throws -> String
    {
        try TemporaryFiles.file(
            "hostile.yaml",
            """
            version: 1
            name: Hostile
            server: { url: "\(server.baseURL(behaviour))", timeout: 2 }
            journey: Login
            handlers:
              NameCallback: \(answer)
            \(extra)
            """)
    }

    /// Runs `journey run` on the script for `behaviour`; it must end within `limit` seconds (scaled: a hang guard).
    static func run(
        _ behaviour: HostileServer.Behaviour, answer: String = "demo", extra: String = "", arguments: [String] = [],
        environment: [String: String] = [:], limit: Double = 600
    ) async throws -> CLI.Output {
        let server = try HostileServer()
        defer { server.stop() }
        let path = try script(server, behaviour, answer: answer, extra: extra)
        return try await CLI.run(["run", path] + arguments, environment: environment, timeout: limit)
    }

    /// The body would take twenty minutes: only the request timeout can end the run with exit 3.
    @Test func aDrippingBodyEndsAtTheRequestTimeout() async throws {
        let output = try await Self.run(.drip)
        #expect(output.status == 3, "\(output.stdout)")
        #expect(output.stdout.contains("no response within 2 s (request timeout)"), "\(output.stdout)")
    }

    @Test func theScriptDeadlineBoundsTheWholeRun() async throws {
        let output = try await Self.run(
            .drip, extra: "limits: { deadline: 1s }\n", arguments: ["--timeout", "30"])
        #expect(output.status == 3, "\(output.stdout)")
        #expect(output.stdout.contains("within its deadline of 1.00 s (limits.deadline)"), "\(output.stdout)")
    }

    @Test func aHangOnOneValueEndsAtTheRequestTimeout() async throws {
        let output = try await Self.run(.hangOnValue, answer: "hang-me")
        #expect(output.status == 3, "\(output.stdout)")
        #expect(output.stdout.contains("at step 2: POST"), "\(output.stdout)")
        #expect(output.stdout.contains("no response within 2 s (request timeout)"), "\(output.stdout)")
        let fine = try await Self.run(.hangOnValue)
        #expect(fine.status == 0, "\(fine.stdout)")
    }

    @Test func escapeSequencesFromTheServerAreShownNotObeyed() async throws {
        for arguments in [[], ["--verbose"]] {
            let output = try await Self.run(.escapes, arguments: arguments)
            #expect(output.status == 1, "\(output.stdout)")
            #expect(!output.stdout.contains("\u{1B}"), "\(output.stdout)")
            #expect(!output.stdout.contains("\u{07}"))
            #expect(output.stdout.contains(#"\u001b[2Jstage"#), "\(output.stdout)")
            #expect(output.stdout.contains(#"User\u001b[2J\u001b[H\n✔ passed  Name"#), "\(output.stdout)")
            #expect(output.stdout.contains(#"\u001b[32m✔ passed\u001b[0m\nbye"#), "\(output.stdout)")
            #expect(!output.stdout.split(separator: "\n").contains { $0.hasPrefix("✔ passed") })
        }
        let verbose = try await Self.run(.escapes, arguments: ["--verbose"])
        #expect(verbose.stdout.contains(#"header "\u001b]0;pwned\u0007Sign in""#), "\(verbose.stdout)")
        #expect(verbose.stdout.contains(#"< X-Evil: a\u009b31mred"#), "\(verbose.stdout)")
        #expect(!verbose.stdout.contains("\u{9B}"))
    }

    @Test func noColourWhenAskedOrNotATerminal() async throws {
        // CLI.run sets NO_COLOR and stdout is a file: no escape sequence of our own either.
        let plain = try await Self.run(.numericToken, environment: ["NO_COLOR": ""])
        #expect(!plain.stdout.contains("\u{1B}"), "\(plain.stdout)")
        let flagged = try await Self.run(.numericToken, arguments: ["--no-color"])
        #expect(!flagged.stdout.contains("\u{1B}"))
    }

    @Test func aNumericTokenIdIsAProtocolError() async throws {
        let output = try await Self.run(.numericToken)
        #expect(output.status == 3, "\(output.stdout)")
        #expect(output.stdout.contains("tokenId is a number, not a string"), "\(output.stdout)")
    }

    @Test func duplicateInputNamesAreAProtocolError() async throws {
        let output = try await Self.run(.duplicateInputs)
        #expect(output.status == 3, "\(output.stdout)")
        #expect(output.stdout.contains("callbacks[0].input names 'IDToken1' twice"), "\(output.stdout)")
    }

    @Test func callbacksThatAreNotAnArrayAreAProtocolError() async throws {
        let output = try await Self.run(.callbacksNotArray)
        #expect(output.status == 3, "\(output.stdout)")
        #expect(output.stdout.contains("callbacks is an object, not an array"), "\(output.stdout)")
    }

    @Test func aRedirectIsNotFollowed() async throws {
        let output = try await Self.run(.redirect)
        #expect(output.status == 3, "\(output.stdout)")
        #expect(output.stdout.contains("answered HTTP 302 redirect to /redirect/am/json"), "\(output.stdout)")
    }

    /// The limit counts the bytes as they arrive, not a Content-Length the server may leave out.
    @Test func aBodyOverTheLimitWithoutALengthIsCutOff() async throws {
        let output = try await Self.run(.hugeUnsized, arguments: ["--timeout", "10"])
        #expect(output.status == 3, "\(output.stdout)")
        #expect(output.stdout.contains("response body larger than 8388608 bytes"), "\(output.stdout)")
    }

    /// A small gzip body that inflates past the limits is stopped while it inflates.
    @Test func aGzipBombIsStoppedWhileItInflates() async throws {
        let output = try await Self.run(.gzipBomb, arguments: ["--timeout", "10"])
        #expect(output.status == 3, "\(output.stdout)")
        #expect(!output.stdout.contains("NameCallback"), "\(output.stdout)")
        #expect(
            output.stdout.contains("the compressed response body inflates past the limit (50× its size)"),
            "\(output.stdout)")
    }

    @Test func aBodyOverTheLimitIsCutOff() async throws {
        let output = try await Self.run(.huge, arguments: ["--timeout", "10"])
        #expect(output.status == 3, "\(output.stdout)")
        #expect(output.stdout.contains("response body larger than 8388608 bytes"), "\(output.stdout)")
    }
}
