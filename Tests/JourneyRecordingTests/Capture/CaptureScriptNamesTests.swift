import Foundation
import JourneyCore
import JourneyFormat
import JourneyRun
import JourneyTestSupport
import Testing

@testable import JourneyRecording

/// Journeys whose names make the same file name get one script each, and each script replays
/// its own page of the capture.
@Suite struct CaptureScriptNamesTests {
    static let upstream = CaptureRoute(name: "", origin: "https://am.example.com", path: "/am")

    /// A one-step login of `user` on the journey `name`: a NameCallback, then a session.
    static func login(_ name: String, user: String, into log: CaptureLog) {
        let start =
            "https://am.example.com/am/json/realms/root/realms/alpha/authenticate?authIndexType=service&authIndexValue="
            + (name.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? name)
        let authId = "auth-\(user)"
        let step = #"""
            {"authId":"\#(authId)","callbacks":[{"type":"NameCallback","output":[{"name":"prompt","value":"User Name"}],"input":[{"name":"IDToken1","value":""}]}]}
            """#
        let answer = #"""
            {"authId":"\#(authId)","callbacks":[{"type":"NameCallback","output":[{"name":"prompt","value":"User Name"}],"input":[{"name":"IDToken1","value":"\#(user)"}]}]}
            """#
        for (request, response) in [("{}", step), (answer, #"{"tokenId":"t-\#(user)","successUrl":"/"}"#)] {
            _ = log.add(
                CapturedExchange(
                    startedAt: Date(timeIntervalSince1970: 1_800_000_000), duration: 0.01, method: "POST", url: start,
                    requestHeaders: [HeaderField("Content-Type", "application/json")], requestBody: Data(request.utf8),
                    status: 200, responseHeaders: [HeaderField("Content-Type", "application/json")],
                    responseBody: Data(response.utf8), proxyError: false))
        }
    }

    @Test func journeysWhoseNamesMeetGetADistinctScriptEachReplayingItsOwnPage() async throws {
        let log = CaptureLog()
        let logins = [("Login", "one"), ("Login", "two"), ("Login-2", "three"), ("Login 2", "four"), ("login", "five")]
        for (name, user) in logins { Self.login(name, user: user, into: log) }
        let folder = try TemporaryFiles.directory("capture-names")
        defer { try? FileManager.default.removeItem(at: folder) }
        let written = try CaptureOutput.write(log, upstream: Self.upstream, to: folder.path)
        #expect(written.skipped.isEmpty, "\(written.skipped)")
        let files = written.scripts.map { ($0 as NSString).lastPathComponent }
        #expect(files.count == logins.count, "\(files)")
        #expect(Set(files.map { $0.lowercased() }).count == logins.count, "two scripts share a file name: \(files)")
        for (script, login) in zip(written.scripts, logins) {
            let text = try String(contentsOfFile: script, encoding: .utf8)
            #expect(text.contains("value: \"\(login.1)\""), "\(script) does not answer as \(login.1):\n\(text)")
            let recording = try Recording.load(path: written.har, script: script)
            let compiled = try JourneyCompiler.compile(try ScriptLoader.load(path: script))
            let result = await RecordingSupport.replay(compiled, from: recording)
            #expect(result.status == .passed, "\(script): \(result.error?.message ?? "") \(result.failures)")
        }
    }

    /// A journey the upstream never answered (the proxy's own 502) gives no script: a run takes
    /// a 5xx for an error, so no script could pass on it; the capture says why and keeps it in the HAR.
    @Test func aJourneyEndedByAServerErrorIsSkippedWithItsReason() throws {
        let log = CaptureLog()
        _ = log.add(
            CapturedExchange(
                startedAt: Date(timeIntervalSince1970: 1_800_000_000), duration: 0.01, method: "POST",
                url:
                    "https://am.example.com/am/json/realms/root/realms/alpha/authenticate?authIndexType=service&authIndexValue=Login",
                requestHeaders: [], requestBody: Data("{}".utf8), status: 502,
                responseHeaders: [HeaderField("Content-Type", "application/json")],
                responseBody: Data(#"{"code":502,"reason":"Bad Gateway","message":"no answer"}"#.utf8), proxyError: true
            ))
        let folder = try TemporaryFiles.directory("capture-502")
        defer { try? FileManager.default.removeItem(at: folder) }
        let written = try CaptureOutput.write(log, upstream: Self.upstream, to: folder.path)
        #expect(written.scripts.isEmpty, "\(written.scripts)")
        #expect(written.skipped.contains { $0.contains("HTTP 502") }, "\(written.skipped)")
    }
}

/// The names are those a walk from `-2` for every journey gave (that walk was quadratic in the
/// journeys of one name).
@Suite struct CaptureScriptNamesWalkTests {
    static func walked(_ names: [String?]) -> [String] {
        var taken: Set<String> = []
        return names.map { name in
            let base = CaptureScriptNames.fileStem(name)
            var stem = base
            var count = 1
            while taken.contains(stem.lowercased()) {
                count += 1
                stem = "\(base)-\(count)"
            }
            taken.insert(stem.lowercased())
            return stem
        }
    }

    @Test func namesAreTheWalks() {
        let pool: [String?] = [
            "Login", "login", "LOGIN", "Login-2", "Login-3", "login-2-2", "Login 2", nil, "", "default-journey",
            "Journey", "+++", "journey", "Ünï", "a/b", "Login-10",
        ]
        var generator = SeededGenerator(seed: 41)
        for _ in 0..<20 {
            let names = (0..<60).map { _ in pool[Int.random(in: 0..<pool.count, using: &generator)] }
            var scriptNames = CaptureScriptNames()
            #expect(names.map { scriptNames.take($0) } == Self.walked(names), "\(names)")
        }
    }
}
