import Foundation
import JourneyCore
import JourneyTestSupport
import Testing

@testable import JourneyFormat
@testable import JourneyRecording
@testable import JourneyRun

/// A replay hands on each recorded body as read when the recording loaded (JSON, AM body,
/// wire problem), so a replayed run does not parse it again; the verdict is the live run's.
@Suite("Replayed bodies read once")
struct ReplayReadBodyTests {
    static let script = """
        version: 1
        name: Read once
        server: { url: "https://am.example.com/am" }
        journey: Login
        handlers:
          NameCallback: demo
          PasswordCallback: "{{ password }}"
        vars:
          password: { env: READ_ONCE_PASSWORD, secret: true }
        expect: { outcome: success }
        """

    static let step: JSONValue = [
        "authId": "auth-1", "stage": "UsernamePassword",
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

    /// Answers the start with `step`, then every continue with `answer`.
    static func twoAnswers(answer: JSONValue, status: Int) -> ScriptedTransport {
        ScriptedTransport { request, _ in
            let continues = request.bodyJSON["authId"] != nil
            return ScriptedTransport.json(
                continues ? answer : ReplayReadBodyTests.step, status: continues ? status : 200)
        }
    }

    /// Runs the script live against `transport`, records it, and replays the recording.
    static func liveAndReplayed(_ transport: ScriptedTransport) async throws -> (
        JourneyResult, JourneyResult, Recording
    ) {
        let journey = try LoaderTestSupport.compile(script, name: "read-once.yaml")
        let environment = ["READ_ONCE_PASSWORD": "Read-0nce!"]
        let live = await JourneyDriver.run(
            journey, configuration: RunConfiguration(environment: environment, transport: transport, seed: 7))
        let path = try TemporaryFiles.file("read-once.har", "")
        try HARWriter.write([live], to: path)
        let recording = try Recording.load(path: path)
        let replayed = await RecordingSupport.replay(journey, from: recording, environment: environment)
        return (live, replayed, recording)
    }

    @Test func aReplayedResponseCarriesTheRecordedReadingOfItsBody() async throws {
        let (_, _, recording) = try await Self.liveAndReplayed(
            Self.twoAnswers(answer: ["tokenId": "token-1", "successUrl": "/am/console", "realm": "/"], status: 200))
        let recorded = try #require(recording.journeys.first?.exchanges.first)
        let run = ReplayTransport(recording: recording).begin(
            TransportRunInfo(scriptFile: "", scriptName: "", redactor: Redactor()))
        let response = try await run.transport.send(
            TransportRequest(
                method: recorded.method, url: recorded.url, headers: recorded.requestHeaders,
                body: recorded.requestBody))
        let read = try #require(response.read, "the replay parsed nothing in advance")
        #expect(read.json == (try JSONValue.parse(response.body)))
        guard case .step(let step)? = read.amBody else {
            Issue.record("the recorded reading is not the AM step")
            return
        }
        #expect(step.callbacks.map(\.type) == ["NameCallback", "PasswordCallback"])
        #expect(read.amProblem == nil)
    }

    @Test func aReplayedAnswerTheProtocolForbidsFailsAsItDidLive() async throws {
        // `tokenId` as a number: AM never sends it, the runner refuses it (exit 3).
        let (live, replayed, _) = try await Self.liveAndReplayed(
            Self.twoAnswers(answer: ["tokenId": 12345, "successUrl": "/am/console"], status: 200))
        let liveError = try #require(live.error)
        #expect(liveError.kind == .protocol)
        #expect(liveError.message.contains("tokenId is a number, not a string"))
        #expect(replayed.status == live.status)
        #expect(replayed.error?.kind == .protocol)
        #expect(replayed.error?.message == liveError.message)
    }

    @Test func aReplayedStepIsReadAsTheLiveOneWas() async throws {
        let (live, replayed, _) = try await Self.liveAndReplayed(
            Self.twoAnswers(answer: ["code": 401, "reason": "Unauthorized", "message": "Login failure"], status: 401))
        #expect(live.status == .failed)
        #expect(replayed.status == live.status)
        #expect(replayed.outcome?.kind == live.outcome?.kind)
        #expect(replayed.steps.map(\.stage) == live.steps.map(\.stage))
    }
}
