import Foundation
import JourneyCore
import JourneyTestSupport
import Testing

@testable import JourneyRecording
@testable import JourneyReport
@testable import JourneyRun

@Suite("Record and replay")
struct RecordAndReplayTests {
    static let script = """
        version: 1
        name: Fake login
        server: { url: "https://am.example.com/am", realm: alpha }
        journey: Login
        vars:
          id: { generate: uuid }
          username: "user-{{ id }}"
          password: { env: FAKE_PASSWORD, secret: true }
        handlers:
          NameCallback: "{{ username }}"
          PasswordCallback: "{{ password }}"
        expect:
          steps:
            - [NameCallback, PasswordCallback, HiddenValueCallback]
          outcome: success
        """

    /// Records a run against the fake AM and returns the result and the HAR read back.
    static func recorded() async throws -> (JourneyResult, Recording, String) {
        let journey = try LoaderTestSupport.compile(script, name: "fake-login.yaml")
        let result = await JourneyDriver.run(
            journey,
            configuration: RunConfiguration(
                environment: ["FAKE_PASSWORD": "Fake-Secr3t!"], transport: FakeAM.transport(password: "Fake-Secr3t!"),
                seed: 42))
        let path = try TemporaryFiles.file("fake-login.har", "")
        try HARWriter.write([result], to: path)
        return (result, try Recording.load(path: path), try String(contentsOfFile: path, encoding: .utf8))
    }

    @Test func theRecordingHoldsTheRunsSeedClockAndNonSecretVariables() async throws {
        let (result, recording, text) = try await Self.recorded()
        #expect(result.status == .passed)
        #expect(result.seed == 42)
        let page = try #require(recording.page)
        #expect(page.seed == "42")
        #expect(page.script.hasSuffix("fake-login.yaml"))
        #expect(page.journey == "Login")
        #expect(page.server == "https://am.example.com/am")
        #expect(HARReader.date(page.clockStart) != nil)
        #expect(page.variables["username"]?.hasPrefix("user-") == true)
        #expect(page.variables["password"] == nil, "a secret variable was recorded")
        #expect(recording.journeys.count == 1)
        #expect(recording.exchanges.count == 2)
        #expect(!text.contains("Fake-Secr3t!"))
        #expect(!text.contains("token-"), "the tokenId or session cookie leaked")
        #expect(text.contains("«tokenId»"))
    }

    @Test func aReplayIsExactAndNeedsNeitherNetworkNorSecrets() async throws {
        let (_, recording, _) = try await Self.recorded()
        let journey = try LoaderTestSupport.compile(Self.script, name: "fake-login.yaml")
        // No FAKE_PASSWORD in the environment and no transport but the recording's.
        let replayed = await RecordingSupport.replay(journey, from: recording)
        #expect(replayed.status == .passed, "\(replayed.error?.message ?? "") \(replayed.failures)")
        // The uuid came from the recorded seed: the username is the recorded one.
        #expect(replayed.variables["username"] == recording.page?.variables["username"])
        #expect(replayed.startedAt == HARReader.date(recording.page?.clockStart ?? ""))
    }

    @Test func aDifferentInputIsAMismatchWithADiff() async throws {
        let (_, recording, _) = try await Self.recorded()
        let changed = Self.script.replacingOccurrences(of: "username: \"user-{{ id }}\"", with: "username: bob")
        let journey = try LoaderTestSupport.compile(changed, name: "fake-login.yaml")
        let replayed = await RecordingSupport.replay(journey, from: recording)
        #expect(replayed.status == .mismatch)
        #expect(replayed.status.exitCode == 4)
        #expect(RunSummary(results: [replayed]).exitCode == 4)
        let message = try #require(replayed.error?.message)
        #expect(replayed.error?.step == 2)
        #expect(message.contains("script sent:"))
        #expect(message.contains("recording holds:"))
        #expect(message.contains("IDToken1: the script sent \"bob\", the recording holds \"user-"))
    }

    @Test func aScriptThatRunsPastTheEndOfItsRecordingIsAMismatch() async throws {
        let (result, _, _) = try await Self.recorded()
        var shortened = result
        shortened.steps.removeLast()
        let document = HARWriter.document([shortened])
        let recording = try Recording(document: document, source: "short.har")
        let journey = try LoaderTestSupport.compile(Self.script, name: "fake-login.yaml")
        let replayed = await RecordingSupport.replay(journey, from: recording)
        #expect(replayed.status == .mismatch)
        #expect(replayed.error?.message.contains("runs past the end of its recording") == true)
    }

    @Test func aRecordingWithoutTheJourneyIsAMismatch() async throws {
        let (_, recording, _) = try await Self.recorded()
        let other = Self.script.replacingOccurrences(of: "journey: Login", with: "journey: Registration")
        let journey = try LoaderTestSupport.compile(other, name: "fake-login.yaml")
        let replayed = await RecordingSupport.replay(journey, from: recording)
        #expect(replayed.status == .mismatch)
        #expect(replayed.error?.message.contains("holds no (unused) journey 'Registration'; it holds: Login") == true)
    }

    @Test func noProviderCommandRunsOnReplay() async throws {
        let marker = FileManager.default.temporaryDirectory.appendingPathComponent(
            "journey-marker-\(UUID().uuidString)"
        ).path
        let script = Self.script.replacingOccurrences(
            of: "password: { env: FAKE_PASSWORD, secret: true }",
            with: "password: { command: [sh, -c, \"echo ran >> \(marker); echo Fake-Secr3t!\"], secret: true }")
        let journey = try LoaderTestSupport.compile(script, name: "fake-login.yaml")
        var live = RunConfiguration(transport: FakeAM.transport(password: "Fake-Secr3t!"), seed: 7)
        live.allowCommands = true
        let result = await JourneyDriver.run(journey, configuration: live)
        #expect(result.status == .passed)
        let recording = try Recording(document: HARWriter.document([result]), source: "fake.har")
        let replayed = await RecordingSupport.replay(journey, from: recording)
        #expect(replayed.status == .passed, "\(replayed.error?.message ?? "")")
        let runs = try String(contentsOfFile: marker, encoding: .utf8).split(separator: "\n").count
        #expect(runs == 1, "the provider command ran during the replay")
    }

    @Test func recordingsAreReplayedConcurrentlyEachRunWithItsOwnPosition() async throws {
        let (_, recording, _) = try await Self.recorded()
        let journey = try LoaderTestSupport.compile(Self.script, name: "fake-login.yaml")
        let configuration = ReplaySource.configuration(
            replaying: recording, script: journey.script, base: RunConfiguration())
        let statuses = await withTaskGroup(of: RunStatus.self) { group in
            for _ in 0..<50 { group.addTask { await JourneyDriver.run(journey, configuration: configuration).status } }
            var all: [RunStatus] = []
            for await status in group { all.append(status) }
            return all
        }
        #expect(statuses.count == 50)
        #expect(statuses.allSatisfy { $0 == .passed })
    }
}

@Suite("HAR writer")
struct HARWriterTests {
    @Test func secretQueryValuesAreRedactedEvenWhenEncoded() {
        let (url, query) = HARWriter.redactedURL(
            "https://am.example.com/am/json/realms/root/authenticate?suspendedId=ab%2Fc%3Dd&code=123456&authIndexValue=Login"
        )
        #expect(!url.contains("ab%2Fc"))
        #expect(!url.contains("123456"))
        #expect(query.first(where: { $0.name == "suspendedId" })?.value == "«suspendedId»")
        #expect(query.first(where: { $0.name == "code" })?.value == "«code»")
        #expect(query.first(where: { $0.name == "authIndexValue" })?.value == "Login")
    }

    /// Only the secret values are rewritten: Foundation's re-encoding of the whole query dropped a
    /// journey name's leading U+FEFF, so the recording named another journey.
    @Test func theQueryBesidesTheSecretsKeepsItsBytes() {
        let (url, query) = HARWriter.redactedURL(
            "https://am.example.com/am/json/realms/root/authenticate?authIndexValue=%EF%BB%BFLogin&code=123456&x=a+b")
        #expect(url.contains("authIndexValue=%EF%BB%BFLogin&"))
        #expect(url.hasSuffix("&x=a+b"))
        #expect(!url.contains("123456"))
        #expect(query.first(where: { $0.name == "authIndexValue" })?.value == "\u{FEFF}Login")
        #expect(query.first(where: { $0.name == "code" })?.value == "«code»")
    }

    @Test func outboxReadsAreWrittenAfterTheStepTheyAnswer() {
        func exchange(_ url: String, step: Int? = nil) -> Exchange {
            Exchange(
                method: url.contains("outbox") ? "GET" : "POST", url: url, requestHeaders: [], requestBody: nil,
                status: 200,
                responseHeaders: [], responseBody: "{}", startedAt: Date(timeIntervalSince1970: 0), duration: 0.001,
                step: step)
        }
        var result = JourneyResult(name: "n", file: "s.yaml")
        let auth = "http://h/am/json/realms/root/authenticate"
        result.steps = [1, 2, 3].map { StepTrace(number: $0, kind: .callbacks, exchange: exchange(auth)) }
        result.sideExchanges = [exchange("http://h/__simulator/outbox/a@example.com", step: 2)]
        let document = HARWriter.document([result])
        #expect(
            document.log.entries.map { $0.journey?.kind ?? "" } == [
                "authenticate", "authenticate", "outbox", "authenticate",
            ])
        #expect(document.log.entries.map { $0.journey?.step ?? 0 } == [1, 2, 2, 3])
        #expect(document.log.entries.allSatisfy { $0.pageref == "page_1" })
    }
}

@Suite("Redactor byte search")
struct RedactorSearchTests {
    @Test func everyOccurrenceIsReplacedIncludingMultiByteText() {
        let redactor = Redactor()
        redactor.register("pässwörd", name: "password")
        redactor.register("42", name: "pin")
        #expect(redactor.redact("a pässwörd, b pässwörd.") == "a «password», b «password».")
        #expect(redactor.redact("pässwörd") == "«password»")
        #expect(redactor.redact("42") == "«pin»")
        #expect(redactor.redact("1420") == "1420", "a short secret is replaced only where it stands alone")
        #expect(redactor.redact("nothing here") == "nothing here")
        #expect(
            redactor.redact(headers: [HeaderField("Set-Cookie", " sid = pässwörd ; Path=/")]).first?.value
                == "sid=«password»; Path=/")
    }
}
