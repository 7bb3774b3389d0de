import Foundation
import JourneyCore
import JourneyKit
import JourneyTestSupport
import Testing

/// `journey capture` stops when asked, whatever is in flight: the exchanges still waiting for
/// their upstream are answered at once, and what was captured is written.
@Suite(.enabled(if: CurlApp.isInstalled, "curl is not installed")) struct CaptureStopTests {
    /// An upstream that never answers, a request in flight, SIGTERM: the process ends, the app
    /// gets a 502, and the capture is written with that round trip in it. (`--timeout 3600`:
    /// before, the stop waited for the upstream's answer.)
    @Test func sigtermEndsTheCaptureWithARequestInFlight() async throws {
        let upstream = try SilentUpstream()
        defer { upstream.stop() }
        let folder = try TemporaryFiles.directory()
        let out = folder.appendingPathComponent("out")
        let child = try await CaptureChild.start([
            "--upstream", upstream.baseURL, "--out", out.path, "--timeout", "3600",
        ])
        defer { child.stop() }
        let app = CurlApp(folder: folder)
        let origin = child.origin
        let inFlight = Task {
            try await app.send("POST", origin + "/am/json/realms/root/authenticate", body: "{}")
        }
        for await path in upstream.received {
            #expect(path == "am/json/realms/root/authenticate")
            break
        }
        kill(child.process.processIdentifier, SIGTERM)
        let answer = try await inFlight.value
        #expect(answer.status == 502 || answer.status == 504, "\(answer.status) \(answer.body)")
        #expect(answer.json?["message"]?.stringValue?.contains("stopped") == true, "\(answer.body)")
        #expect(await child.waitForExit() == 0, "\(child.rest.value)")
        let har = try String(contentsOf: out.appendingPathComponent("capture.har"), encoding: .utf8)
        #expect(har.contains("journey capture stopped before the upstream answered"), "\(har.prefix(2000))")
        #expect(child.rest.value.contains("captured 1 exchange"), "\(child.rest.value)")
    }
}
