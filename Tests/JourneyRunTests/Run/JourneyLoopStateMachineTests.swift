import Foundation
import JourneyCore
import JourneyTestSupport
import Testing

@testable import JourneyFormat
@testable import JourneyRun

/// The authenticate loop's state machine, fed events and compared action by action: server
/// bodies from Tests/Fixtures, no transport, no clock, no session.
@Suite struct JourneyLoopStateMachineTests {
    @Test(arguments: LoopCase.all)
    func actions(_ example: LoopCase) throws {
        var driver = try TableDriver(example)
        for (event, expected) in example.turns {
            let action = try driver.feed(event)
            #expect(Self.describe(action) == expected, "after \(event)")
        }
    }

    /// An event the machine does not expect in its state fails the journey; it never crashes.
    @Test func eventOutOfTurnFails() throws {
        var machine = JourneyLoopStateMachine(
            lastStep: 0, limits: Limits(), fastPolling: false, realm: "/alpha", handlers: HandlerChain([]))
        #expect(
            Self.describe(machine.waited()) == "fail: the authenticate loop got the end of a wait out of turn (step 0)")
    }

    /// The trace of a step an error ends is left for the driver to record.
    @Test func unreadableResponseLeavesItsTrace() throws {
        var driver = try TableDriver(LoopCase("", turns: []))
        _ = try driver.feed(.start)
        let action = try driver.feed(.raw(status: 502, body: "<html><title>Bad Gateway</title></html>"))
        #expect(
            Self.describe(action).hasPrefix(
                "fail: POST /am/json/realms/root/realms/alpha/authenticate answered HTTP 502"))
        #expect(driver.machine.unrecordedTrace?.number == 1)
        #expect(driver.machine.unrecordedTrace?.kind == .end)
    }

    static func describe(_ action: JourneyLoopStateMachine.Action) -> String {
        switch action {
        case .send(.first, let step): "send first, step \(step)"
        case .send(.answer(let answered), let step): "send answer [\(types(answered))], step \(step)"
        case .send(.resume(let suspendedId), let step): "send resume \(suspendedId), step \(step)"
        case .captureResponse(let json, let headers, let step):
            "capture response \(json.objectValue?.keys.sorted() ?? []) \(headers.map(\.name)), step \(step)"
        case .checkStep(let amStep, let codes, let step): "check [\(types(amStep))] codes \(codes.count), step \(step)"
        case .captureStep(let amStep, let step): "capture [\(types(amStep))], step \(step)"
        case .resolveResume: "resolve resume"
        case .answer(let amStep, let step): "answer [\(types(amStep))], step \(step)"
        case .wait(let seconds, let step): "wait \(seconds) s, step \(step)"
        case .record(let trace): describe(trace)
        case .end(let end): describe(end)
        case .fail(let error): "fail: \(error.message)"
        }
    }

    private static func types(_ step: AMStep) -> String { step.callbacks.map(\.type).joined(separator: ", ") }

    private static func describe(_ trace: StepTrace) -> String {
        var parts = ["record step \(trace.number) \(trace.kind.rawValue)"]
        if let waited = trace.waitedSeconds { parts.append("waited \(waited) s") }
        for callback in trace.callbacks {
            let notes = callback.notes.map { " \($0.key)=\($0.value)" }.joined()
            parts.append(callback.type + (callback.answeredBy.map { " by \($0)" } ?? "") + notes)
        }
        parts += trace.notes.map { "\($0.key)=\($0.value)" }
        parts += trace.failures.map { "failure: \($0.message)" }
        return parts.joined(separator: "; ")
    }

    private static func describe(_ end: JourneyEnd) -> String {
        switch end {
        case .stopped(let failures):
            (["end stopped"] + failures.entries.map { "\($0.failure)" }).joined(separator: "; ")
        case .outcome(.success(let token, let realm, _), let session):
            "end success token \(token) realm \(realm ?? "-") session \(session != nil)"
        case .outcome(.failure(let code, let reason, let message, let detail), _):
            "end failure \(code) \(reason): \(message) detail \(detail?.keys.sorted() ?? [])"
        case .outcome(.timeout(let message), _): "end timeout: \(message)"
        case .outcome(.suspended(let message), _): "end suspended: \(message ?? "-")"
        case .outcome(.redirect(let url, let method), _): "end redirect \(method ?? "-") \(url)"
        case .outcome(let outcome, _): "end \(outcome)"
        }
    }
}

/// An event the table feeds to the machine.
enum LoopEvent: Sendable, CustomStringConvertible {
    case start
    /// A fixture's body (path under Tests/Fixtures) with this status.
    case response(String, status: Int = 200)
    case raw(status: Int, body: String)
    case responseCaptured
    case stepChecked(failures: [String] = [])
    case stepCaptured
    case resumeResolved(String)
    /// The step the machine asked to answer, answered (`unhandled`: a callback no handler answered).
    case answered(unhandled: Bool = false, exitPolling: Bool = false)
    case waited
    case recorded

    var description: String {
        switch self {
        case .response(let path, let status): "response \(status) \(path)"
        case .raw(let status, _): "response \(status)"
        case .start: "start"
        case .responseCaptured: "response captured"
        case .stepChecked(let failures): "step checked \(failures)"
        case .stepCaptured: "step captured"
        case .resumeResolved(let suspendedId): "resume resolved \(suspendedId)"
        case .answered(let unhandled, let exitPolling): "answered unhandled \(unhandled) exit \(exitPolling)"
        case .waited: "waited"
        case .recorded: "recorded"
        }
    }
}

/// One table: the script's limits and handlers, then each event with the action it must return.
struct LoopCase: Sendable, CustomTestStringConvertible {
    let name: String
    let limits: Limits
    let fastPolling: Bool
    /// The script's `handlers:` entries, indented (none when empty).
    let handlers: String
    /// The run's steps before this journey (an advice journey's follow the script's).
    let lastStep: Int
    let turns: [(LoopEvent, String)]

    init(
        _ name: String, limits: Limits = Limits(), fastPolling: Bool = false, handlers: String = "", lastStep: Int = 0,
        turns: [(LoopEvent, String)]
    ) {
        self.lastStep = lastStep
        self.name = name
        self.limits = limits
        self.fastPolling = fastPolling
        self.handlers = handlers
        self.turns = turns
    }

    var testDescription: String { name }
}

/// Feeds a table's events to a machine, as `JourneyLoop` would after doing their I/O.
struct TableDriver {
    var machine: JourneyLoopStateMachine
    /// The step the machine last asked to answer.
    private var asked: AMStep?
    private var number = 0

    init(_ example: LoopCase) throws {
        var handlers: [HandlerSpec] = []
        if !example.handlers.isEmpty {
            let text = "version: 1\nname: table\njourney: Login\nhandlers:\n\(example.handlers)"
            let result = ScriptLoader.lint(text: text, file: "table.yaml")
            handlers = try #require(result.script).handlers
        }
        machine = JourneyLoopStateMachine(
            lastStep: example.lastStep, limits: example.limits, fastPolling: example.fastPolling, realm: "/alpha",
            handlers: HandlerChain(handlers))
    }

    mutating func feed(_ event: LoopEvent) throws -> JourneyLoopStateMachine.Action {
        let action = try apply(event)
        switch action {
        case .answer(let step, _): asked = step
        case .send(_, let step): number = step
        default: break
        }
        return action
    }

    private mutating func apply(_ event: LoopEvent) throws -> JourneyLoopStateMachine.Action {
        switch event {
        case .start: return machine.start()
        case .response(let path, let status):
            let body = try Data(contentsOf: Repository.fixtures.appendingPathComponent(path))
            return received(status: status, body: body)
        case .raw(let status, let body): return received(status: status, body: Data(body.utf8))
        case .responseCaptured: return machine.responseCaptured()
        case .stepChecked(let failures):
            return machine.stepChecked(failures.map { ExpectationFailure($0, step: number) })
        case .stepCaptured: return machine.stepCaptured()
        case .resumeResolved(let suspendedId): return machine.resumeResolved(suspendedId: suspendedId)
        case .answered(let unhandled, let exitPolling):
            let step = try #require(asked)
            let callbacks = step.callbacks.map {
                CallbackTrace(type: $0.type, prompt: $0.prompt, answeredBy: "table", inputs: [])
            }
            let failures = unhandled ? [ExpectationFailure("no handler for \(types(step))", step: number)] : []
            return machine.answered(
                StepAnswer(step: step, callbacks: callbacks, unhandled: failures, exitPolling: exitPolling))
        case .waited: return machine.waited()
        case .recorded: return machine.recorded()
        }
    }

    private mutating func received(status: Int, body: Data) -> JourneyLoopStateMachine.Action {
        let url = "https://am.example.com/am/json/realms/root/realms/alpha/authenticate"
        let headers = [HeaderField("Content-Type", "application/json")]
        let request = TransportRequest(method: "POST", url: url, headers: [], body: Data("{}".utf8))
        let exchange = Exchange(
            method: "POST", url: url, requestHeaders: [], requestBody: "{}", status: status, responseHeaders: headers,
            responseBody: String(decoding: body, as: UTF8.self), startedAt: Date(timeIntervalSince1970: 0),
            duration: 0)
        return machine.received(
            TransportResponse(status: status, headers: headers, body: body), exchange: exchange, of: request)
    }

    private func types(_ step: AMStep) -> String { step.callbacks.map(\.type).joined(separator: ", ") }
}
