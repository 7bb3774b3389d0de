import Foundation
import JourneyCore
import JourneySimulator
import JourneyTestSupport
import Testing

@testable import JourneyReport

/// Issue 16 item 9: a server that repeats the submitted password in its failure (real servers
/// and proxies do), plainly and in every common encoding, gets none of it printed.
@Suite struct EchoingServerTests {
    /// A password with characters that every encoding changes.
    static let password = #"p@ss/w0rd!&"é"#

    /// A loopback AM that asks for a name and a password, then answers 401 with the password
    /// in its message (plain, percent-encoded, JSON-escaped, `\x`-escaped, base64), its detail
    /// and a header.
    static func echoingServer() async throws -> RunningHost {
        try await HTTPHost.start(options: SimulatorOptions(logRequests: false)) { request in
            let json = try? JSONValue.parse(Data(request.body))
            guard json?["authId"] != nil else {
                let step: JSONValue = [
                    "authId": "echo-1", "stage": "UsernamePassword",
                    "callbacks": [
                        [
                            "type": "NameCallback", "output": [["name": "prompt", "value": "User Name"]],
                            "input": [["name": "IDToken1", "value": ""]],
                        ],
                        [
                            "type": "PasswordCallback", "output": [["name": "prompt", "value": "Password"]],
                            "input": [["name": "IDToken2", "value": ""]],
                        ],
                    ],
                ]
                return HostResponse(
                    status: 200, headers: [("Content-Type", "application/json")], body: Array(step.encoded))
            }
            let inputs = (json?["callbacks"]?.arrayValue ?? []).flatMap { $0["input"]?.arrayValue ?? [] }
            let sent = inputs.first(where: { $0["name"]?.stringValue == "IDToken2" })?["value"]?.stringValue ?? ""
            let escapedJSON = String(JSONValue.string(sent).compactJSON.dropFirst().dropLast())
            let hex = sent.utf8.map { byte in
                (byte >= 0x30 && byte <= 0x39) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A)
                    ? String(UnicodeScalar(byte)) : String(format: "\\x%02X", byte)
            }.joined()
            let message =
                "Login failure: the password \(sent) is wrong (\(PercentEncoding.queryComponent(sent)), \(escapedJSON), \(hex), \(Data(sent.utf8).base64EncodedString()))"
            let failure = AMError(
                code: 401, reason: "Unauthorized", message: message,
                detail: ["failureUrl": .string("/login?password=" + PercentEncoding.queryComponent(sent))])
            return HostResponse(
                status: 401, headers: [("Content-Type", "application/json"), ("X-Echo", sent)],
                body: Array(failure.json.encoded))
        }
    }

    static func script(expecting outcome: String) throws -> String {
        try TemporaryFiles.file(
            "echo-\(outcome).yaml",
            """
            version: 1
            name: A server that echoes the password (expects \(outcome))
            journey: Login
            vars:
              password: { env: ECHO_PASSWORD, default: '\(password)', secret: true }
            handlers:
              NameCallback: demo
              PasswordCallback: "{{ password }}"
            expect:
              outcome: \(outcome)
            """)
    }

    @Test func anEchoedPasswordIsMaskedInEveryOutput() async throws {
        let host = try await Self.echoingServer()
        let passing = try Self.script(expecting: "failure")
        let failing = try Self.script(expecting: "success")
        let run = await SecretOutputs.record([passing, failing], serverURL: host.serverURL + "/am")
        await host.stop()
        #expect(run.results.map(\.status) == [.passed, .failed], "\(run.results.map(\.failures))")
        #expect(run.secrets.contains(Self.password))
        SecretRedactionEndToEndTests.expectNoSecret(run)
        #expect(run.console.contains("the password «ECHO_PASSWORD» is wrong"), "\(run.console)")
        #expect(run.junit.contains("the password «ECHO_PASSWORD» is wrong"))
    }
}
