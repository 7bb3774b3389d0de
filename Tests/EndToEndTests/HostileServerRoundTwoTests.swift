import Foundation
import JourneyTestSupport
import Testing

/// Issue 27: what a second probe of hostile servers found, each ending with its documented exit
/// code and no secret in any output.
@Suite struct HostileServerRoundTwoTests {
    @Test func aWaitTimeOutOfRangeIsAProtocolErrorNotATrap() async throws {
        for (name, extra) in [
            ("plain", ""), ("fastPolling", "limits: { fastPolling: true }\n"),
            ("deadline", "limits: { deadline: 1m }\n"),
        ] {
            let output = try await HostileServerTests.run(.hugeWaitTime, extra: extra)
            #expect(output.status == 3, "\(extra): \(output.stdout)\n\(output.stderr)")
            Golden.check(output, run: name)
            // Not a transcript: the transcript has the limit as <duration>; its figure is checked here.
            #expect(output.stdout.contains("is not a number of milliseconds from 0 to 86400000 ms"), "\(output.stdout)")
        }
    }

    /// The server echoes the password as the stage, a TextOutputCallback's message, the realm and
    /// the successUrl: no output holds it.
    @Test func aServerThatEchoesThePasswordIsNeverShownIt() async throws {
        let password = "Ech0-me!pw"
        let server = try HostileServer()
        defer { server.stop() }
        let folder = try TemporaryFiles.directory("journey-echo")
        let script = folder.appendingPathComponent("echo.yaml")
        try Data(
            """
            version: 1
            name: Echo
            server: { url: "\(server.baseURL(.echo))", timeout: 30 }
            journey: Login
            vars:
              pw: { value: "\(password)", secret: true }
            handlers:
              PasswordCallback: "{{ pw }}"
              NameCallback: demo
            """.utf8
        ).write(to: script)
        let reports = ["json", "junit", "html"].map { folder.appendingPathComponent("report.\($0)").path }
        let output = try await CLI.run(
            [
                "run", script.path, "--verbose", "--record", folder.appendingPathComponent("echo.har").path,
                "--report", "json=\(reports[0])", "--report", "junit=\(reports[1])", "--report", "html=\(reports[2])",
            ])
        #expect(output.status == 0, "\(output.stdout)\n\(output.stderr)")
        var texts = [("console", output.stdout + output.stderr)]
        for path in reports + [folder.appendingPathComponent("echo.har").path] {
            texts.append((path, (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""))
        }
        for (name, text) in texts {
            #expect(!text.isEmpty, "\(name) is empty")
            #expect(!text.contains(password), "the password in \(name)")
            #expect(!text.contains("Ech0-me%21pw"), "the password percent-encoded in \(name)")
        }
    }

    /// A server that answers every step with a megabyte: the run stops at its step limit and its
    /// reports stay within the bodies budget.
    @Test func aLoopOfBigBodiesKeepsItsReportsBounded() async throws {
        let folder = try TemporaryFiles.directory("journey-big")
        let report = folder.appendingPathComponent("r.json").path
        let output = try await HostileServerTests.run(
            .bigLoop, extra: "limits: { maxSteps: 30, keptBodyBytes: 4194304 }\n",
            arguments: ["--report", "json=\(report)"])
        #expect(output.status == 1, "\(output.stdout)\n\(output.stderr)")
        Golden.check(output)
        let size = (try? FileManager.default.attributesOfItem(atPath: report)[.size] as? Int) ?? 0
        // 30 steps of 1 MB, each echoed back: 60 MB and more unbounded.
        #expect(size > 0 && size < 12 << 20, "\(size) bytes")
    }
}
