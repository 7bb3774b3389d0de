import Foundation
import JourneyCore
import JourneyKit
import JourneySimulator
import JourneyTestSupport
import Testing

/// `journey capture` as a proxy must behave: HTTPS towards the app, and clear answers when the
/// upstream refuses or never answers.
@Suite(.enabled(if: CurlApp.isInstalled, "curl is not installed")) struct CaptureProxyFaultTests {
    static var hasOpenSSL: Bool { FileManager.default.isExecutableFile(atPath: "/usr/bin/openssl") }

    @Test(.enabled(if: hasOpenSSL, "openssl is not installed"))
    func theAppTalksHTTPSToTheProxyWithAThrowawayCertificate() async throws {
        let definition = try SimulatorLoader.load(
            path: Repository.root.appendingPathComponent("journeys/trees/am.yaml").path)
        let simulator = try await Simulator.start(definition, options: SimulatorOptions(logRequests: false))
        let folder = try TemporaryFiles.directory()
        let cert = folder.appendingPathComponent("cert.pem").path
        let key = folder.appendingPathComponent("key.pem").path
        // The command docs/capture.md gives.
        let openssl = try await ChildProcess.run(
            "/usr/bin/openssl",
            [
                "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "7", "-subj", "/CN=journey-capture",
                "-addext", "subjectAltName=DNS:localhost,IP:127.0.0.1", "-keyout", key, "-out", cert,
            ])
        #expect(openssl.status == 0, "openssl: \(openssl.output)")
        let out = folder.appendingPathComponent("out")
        let child = try await CaptureChild.start([
            "--upstream", simulator.baseURL, "--out", out.path, "--journeys", "1", "--tls-cert", cert, "--tls-key", key,
        ])
        defer { child.stop() }
        #expect(child.origin.hasPrefix("https://127.0.0.1:"))
        let app = CurlApp(folder: folder, caCertificate: cert)
        let done = try await app.walk(child.origin + CaptureTests.realm + "Login") { type, _ in
            .string(type == "NameCallback" ? "demo" : "Ch4ng3it!")
        }
        #expect(done.json?["tokenId"] != nil, "\(done.status) \(done.body)")
        #expect(await child.waitForExit() == 0, "\(child.rest.value)")
        #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent("Login.yaml").path))
        await simulator.stop()
    }

    @Test func anUpstreamThatRefusesIs502AndOneThatNeverAnswersIs504() async throws {
        let (socket, closedPort) = try LoopbackSocket.listen()
        close(socket)
        let hostile = try HostileServer()
        defer { hostile.stop() }
        let folder = try TemporaryFiles.directory()
        let child = try await CaptureChild.start([
            "--upstream", hostile.baseURL(.hangOnValue), "--upstream", "gone=http://127.0.0.1:\(closedPort)",
            // The upstream timeout ends the hang; the answered start before it must not reach it.
            "--out", folder.appendingPathComponent("out").path, "--timeout", "\(TestTime.hang)",
        ])
        defer { child.stop() }
        let app = CurlApp(folder: folder)
        let refused = try await app.send("GET", child.origin + "/gone/anything")
        #expect(refused.status == 502)
        #expect(refused.json?["message"]?.stringValue?.contains("gave no answer") == true, "\(refused.body)")
        let prefix = try #require(URL(string: hostile.baseURL(.hangOnValue))?.path)
        let start = child.origin + prefix + "/json/realms/root/authenticate"
        var step = try #require(try await app.send("POST", start, body: "{}").json?.objectValue)
        var callbacks = try #require(step["callbacks"]?.arrayValue)
        var callback = try #require(callbacks.first?.objectValue)
        callback["input"] = .array([.object(["name": .string("IDToken1"), "value": .string("hang-me")])])
        callbacks[0] = .object(callback)
        step["callbacks"] = .array(callbacks)
        let hung = try await app.send("POST", start, body: JSONValue.object(step).compactJSON)
        #expect(hung.status == 504, "\(hung.body)")
        #expect(hung.json?["reason"]?.stringValue == "Gateway Timeout")
        child.process.interrupt()
        #expect(await child.waitForExit() == 0, "\(child.rest.value)")
    }
}
