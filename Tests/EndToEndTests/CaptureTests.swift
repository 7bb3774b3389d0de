import Foundation
import JourneyCore
import JourneyKit
import JourneySimulator
import JourneyTestSupport
import Testing

/// `journey capture` end to end: an app (curl) walks journeys through the proxy in front of the
/// simulator; the capture's scripts then pass live against the simulator and replayed from
/// the capture's HAR, and no file the capture wrote holds a secret.
@Suite(.enabled(if: CurlApp.isInstalled, "curl is not installed")) struct CaptureTests {
    static let realm = "/am/json/realms/root/realms/alpha/authenticate?authIndexType=service&authIndexValue="

    @Test func loginAndASecondFactorThroughTheProxyGiveScriptsThatPassLiveAndReplayed() async throws {
        let simulator = try await CaptureChild.exampleUpstream()
        let folder = try TemporaryFiles.directory("capture")
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("bug")
        let child = try await CaptureChild.start([
            "--upstream", simulator.baseURL, "--out", out.path, "--journeys", "2",
        ])
        defer { child.stop() }
        let app = CurlApp(folder: folder)
        var secrets = ["Ch4ng3it!", "Al1ce-Passw0rd"]

        let login = try await app.walk(child.origin + Self.realm + "Login") { type, _ in
            .string(type == "NameCallback" ? "demo" : "Ch4ng3it!")
        }
        let loginToken = try #require(login.json?["tokenId"]?.stringValue)
        secrets.append(loginToken)
        #expect(login.header("set-cookie")?.contains("Domain") != true)

        let secondApp = CurlApp(folder: folder)
        let second = try await secondApp.walk(child.origin + Self.realm + "SecondFactor") { type, prompt in
            switch type {
            case "NameCallback": return .string("alice")
            case "ChoiceCallback": return .int(0)
            case "PasswordCallback" where prompt == "Password": return .string("Al1ce-Passw0rd")
            default:
                let outbox = try await secondApp.send("GET", child.origin + "/__simulator/outbox/alice@example.com")
                let code = try #require(outbox.json?["messages"]?.arrayValue?.last?["code"]?.stringValue)
                secrets.append(code)
                return .string(code)
            }
        }
        secrets.append(try #require(second.json?["tokenId"]?.stringValue))

        #expect(await child.waitForExit() == 0, "\(child.rest.value)")
        let har = out.appendingPathComponent("capture.har").path
        #expect(child.rest.value.contains("journey run \(out.path)/Login.yaml --replay \(har)"), "\(child.rest.value)")
        for (script, password) in [("Login.yaml", "Ch4ng3it!"), ("SecondFactor.yaml", "Al1ce-Passw0rd")] {
            let path = out.appendingPathComponent(script).path
            let replayed = try await CLI.run(["run", path, "--replay", har])
            #expect(replayed.status == 0, "\(script) replayed: \(replayed.stdout)\(replayed.stderr)")
            let live = try await CLI.run(["run", path], environment: ["JOURNEY_PASSWORD": password])
            #expect(live.status == 0, "\(script) live: \(live.stdout)\(live.stderr)")
        }
        await simulator.stop()
        try Self.expectNoSecrets(secrets, in: out)
    }

    /// Several apps at once: each journey is threaded by its authId, whatever else passes.
    @Test func appsLoggingInAtOnceGetAScriptEach() async throws {
        let simulator = try await CaptureChild.exampleUpstream()
        let folder = try TemporaryFiles.directory()
        let out = folder.appendingPathComponent("bug")
        let apps = 4
        let child = try await CaptureChild.start([
            "--upstream", simulator.baseURL, "--out", out.path, "--journeys", "\(apps)", "--quiet",
        ])
        defer { child.stop() }
        let origin = child.origin
        let tokens = try await withThrowingTaskGroup(of: String?.self) { group in
            for _ in 0..<apps {
                group.addTask {
                    let done = try await CurlApp(folder: folder).walk(origin + Self.realm + "Login") { type, _ in
                        .string(type == "NameCallback" ? "demo" : "Ch4ng3it!")
                    }
                    return done.json?["tokenId"]?.stringValue
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(tokens.compactMap { $0 }.count == apps)
        #expect(await child.waitForExit() == 0, "\(child.rest.value)")
        let har = out.appendingPathComponent("capture.har").path
        for script in ["Login.yaml", "Login-2.yaml", "Login-3.yaml", "Login-4.yaml"] {
            let replayed = try await CLI.run(["run", out.appendingPathComponent(script).path, "--replay", har])
            #expect(replayed.status == 0, "\(script): \(replayed.stdout)\(replayed.stderr)")
        }
        await simulator.stop()
        try Self.expectNoSecrets(["Ch4ng3it!"] + tokens.compactMap { $0 }, in: out)
    }

    /// Every file the capture wrote, searched for every secret the app used or was given.
    static func expectNoSecrets(_ secrets: [String], in folder: URL) throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        #expect(files.contains("capture.har"))
        for file in files {
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            let hits = SecretSearch.hits(of: secrets, in: text)
            #expect(hits.isEmpty, "\(file) holds secrets: \(hits)")
        }
    }
}
