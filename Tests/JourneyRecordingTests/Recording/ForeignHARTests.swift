import Foundation
import JourneyCore
import JourneyTestSupport
import Testing

@testable import JourneyFormat
@testable import JourneyRecording
@testable import JourneyRun

/// HAR files the project did not write, authored by hand to the published formats:
/// a Chrome DevTools export and a Polly.js (node-http) recording.
@Suite("Foreign HAR files")
struct ForeignHARTests {
    @Test func chromeExportKeepsOnlyTheJourneyAndDecodesBase64() throws {
        let recording = try Recording.load(path: RecordingSupport.fixture("chrome-am-login.har"))
        #expect(recording.page == nil)
        #expect(recording.exchanges.count == 5)
        #expect(recording.journeys.count == 1)
        let journey = try #require(recording.journeys.first)
        #expect(journey.name == "Login")
        #expect(journey.realm == "alpha")
        #expect(journey.deploymentPath == "/am")
        #expect(journey.origin == "https://openam-acme.forgeblocks.com")
        #expect(journey.end == .success)
        #expect(journey.exchanges.count == 2)
        // The first response was stored base64-encoded; it reads as an AM step.
        guard case .step(let step)? = journey.exchanges[0].amResponse else {
            Issue.record("the base64 response is not an AM step")
            return
        }
        #expect(step.callbacks.map(\.type) == ["NameCallback", "PasswordCallback"])
        // The page load, serverinfo and the analytics beacon are other traffic, kept apart.
        #expect(recording.others.map(\.method) == ["GET", "GET", "POST"])
    }

    @Test func pollyRecordingDecodesGzipChunksAndNumericHeaders() throws {
        let recording = try Recording.load(path: RecordingSupport.fixture("polly-am-login.har"))
        let journey = try #require(recording.journeys.first)
        #expect(journey.name == "SecondFactor")
        #expect(journey.deploymentPath == "/openam")
        #expect(journey.exchanges.count == 4)
        let shapes = RecordingDrift.shapes(journey).map(\.description)
        #expect(
            shapes == [
                "[NameCallback, PasswordCallback] stage UsernamePassword", "[ChoiceCallback] stage SecondFactorChoice",
                "[PasswordCallback] stage OneTimePassword", "success",
            ])
        // `content-length: 2` is a number in Polly's headers; `_fromType: array` headers repeat.
        let start = journey.exchanges[0]
        #expect(start.requestHeaders.value("content-length") == "2")
        #expect(start.requestHeaders.values("x-requested-with") == ["forgerock-sdk", "polly-test"])
        #expect(journey.exchanges[3].responseJSON?["tokenId"]?.stringValue == "UG9sbHlUb2tlbi4qLio")
        #expect(recording.others.count == 1)
    }

    @Test func gzipAndRawDeflateRoundTrip() throws {
        // "hello hello hello" compressed by gzip (python: gzip.compress(b'hello hello hello', mtime=0)).
        let gzip = Data(base64Encoded: "H4sIAAAAAAACA8tIzcnJV8hAkACAiPnlEQAAAA==")!
        #expect(Inflate.isGzip(gzip))
        #expect(String(decoding: try Inflate.gunzip(gzip), as: UTF8.self) == "hello hello hello")
        #expect(throws: Inflate.Failure.self) { try Inflate.gunzip(Data("not gzip".utf8)) }
    }

    @Test func truncatedAndNonHARFilesGetAClearError() {
        #expect {
            try HARReader.read(path: RecordingSupport.fixture("truncated.har"))
        } throws: { error in
            let message = (error as? RecordingError)?.message ?? ""
            return message.contains("is not a HAR file") && message.contains("truncated")
        }
        #expect {
            try HARReader.read(path: RecordingSupport.fixture("not-a-har.json"))
        } throws: { error in
            (error as? RecordingError)?.message.contains("has no top-level \"log\" object") == true
        }
        #expect {
            try HARReader.read(path: RecordingSupport.fixture("missing.har"))
        } throws: { error in
            (error as? RecordingError)?.message.contains("no such file") == true
        }
    }
}

@Suite("Import a recording as a script")
struct ScriptImporterTests {
    @Test(arguments: ["chrome-am-login.har", "polly-am-login.har"])
    func importedScriptLintsCleanAndReplaysGreen(fixture: String) async throws {
        let recording = try Recording.load(path: RecordingSupport.fixture(fixture))
        let text = try ScriptImporter.script(from: recording)
        #expect(
            !text.contains("Chrome-Secr3t!") && !text.contains("Polly-Passw0rd") && !text.contains("482913"),
            "a recorded secret reached the script")
        #expect(text.contains("password: {env: JOURNEY_PASSWORD, secret: true}"))
        let (script, diagnostics) = ScriptLoader.lint(text: text, file: "imported.yaml")
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        let compiled = try JourneyCompiler.compile(try #require(script))
        #expect(compiled.warnings.isEmpty)
        let result = await RecordingSupport.replay(compiled, from: recording)
        #expect(result.status == .passed, "\(result.error?.message ?? "") \(result.failures)")
    }

    @Test func importedHandlersCarryTheValuesSeen() throws {
        let text = try ScriptImporter.script(
            from: try Recording.load(path: RecordingSupport.fixture("polly-am-login.har")))
        #expect(text.contains("journey: \"SecondFactor\""))
        #expect(text.contains("server: {url: \"https://am.example.com:8443/openam\", realm: \"alpha\"}"))
        #expect(text.contains("value: \"alice\""))
        #expect(text.contains("choose: \"SMS\""))
        #expect(text.contains("otp: {env: JOURNEY_OTP, secret: true}"))
        #expect(text.contains("- match: {type: PasswordCallback, step: 3}"))
        #expect(text.contains("  steps:\n  - [NameCallback, PasswordCallback]\n  - [ChoiceCallback]\n"))
        #expect(text.contains("outcome: {success: {session: true}}"))
    }

    @Test func noAuthenticateTrafficOrAnUnfinishedJourneyIsAClearError() throws {
        #expect {
            try ScriptImporter.script(from: try Recording.load(path: RecordingSupport.fixture("no-authenticate.har")))
        } throws: { error in
            (error as? RecordingError)?.message.contains("holds no authenticate traffic") == true
        }
        #expect {
            try ScriptImporter.script(from: try Recording.load(path: RecordingSupport.fixture("mid-journey.har")))
        } throws: { error in
            (error as? RecordingError)?.message.contains("ends mid-journey") == true
        }
    }
}
