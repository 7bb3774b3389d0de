import JourneyCore
import JourneyFormat

/// The decisions of PingAM's authenticate loop, as a value (after async-http-client's
/// `HTTPRequestStateMachine`). Each mutating method is an event the driver (`JourneyLoop`) saw;
/// it returns the one `Action` the driver takes next. The driver does every I/O: HTTP, the
/// clock, resolving values (mail, outbox), the session's captures and checks, recording,
/// redaction. The machine keeps the step number, the poll count and the trace of the step.
struct JourneyLoopStateMachine {
    private enum State {
        /// The next request is built; the step limit is checked when the driver starts.
        case idle
        case awaitingResponse
        case capturingResponse(AMResponseBody)
        case checkingStep(AMStep)
        case capturingStep(AMStep)
        case resuming(label: String)
        case answering(AMStep)
        case waiting(answered: AMStep, milliseconds: Double, seconds: Double)
        /// The step's trace is being recorded; then the loop goes on with `then`.
        case recording(then: AfterRecord)
        case finished
    }

    private enum AfterRecord {
        case send(NextRequest)
        case end(JourneyEnd)
    }

    private let limits: Limits
    private let fastPolling: Bool
    private let realm: String
    private let handlers: HandlerChain
    /// The SDK whose requests the run makes: a callback it has no class for ends the journey.
    private let sdk: SDKProfile?
    private var state = State.idle
    /// The number of the last round trip of the run (0 before the first).
    private var number: Int
    /// Polls in a row of the PollingWaitCallback now answered.
    private var polls = 0
    /// Seconds waited before the next request (noted on its step).
    private var waitedSeconds: Double?
    /// The trace of the step under way, until the driver records it.
    private(set) var unrecordedTrace: StepTrace?

    /// `lastStep`: the number of the run's last round trip (0 when this journey is the run's first).
    init(
        lastStep: Int, limits: Limits, fastPolling: Bool, realm: String, handlers: HandlerChain, sdk: SDKProfile? = nil
    ) {
        self.number = lastStep
        self.sdk = sdk
        self.limits = limits
        self.fastPolling = fastPolling
        self.realm = realm
        self.handlers = handlers
    }

    /// The first request is built.
    mutating func start() -> Action {
        guard case .idle = state else { return outOfTurn("start") }
        return send(.first)
    }

    /// The response to the request of the step came back.
    mutating func received(_ response: TransportResponse, exchange: Exchange, of request: TransportRequest) -> Action {
        guard case .awaitingResponse = state else { return outOfTurn("a response") }
        var trace = StepTrace(number: number, kind: .end, exchange: exchange, waitedSeconds: waitedSeconds, party: .am)
        waitedSeconds = nil
        unrecordedTrace = trace
        let body: AMResponseBody
        let json: JSONValue
        do throws(RunError) {
            (body, json) = try ResponseReader.read(response, request: request, step: number)
        } catch {
            var error = error
            if response.status == 404 { error.message += "; \(realmHint)" }
            return fail(error)
        }
        // The parsed body is kept only with the body itself (not past the run's budget).
        if trace.exchange.unredacted?.response == response.body {
            trace.exchange.unredacted?.responseJSON = json
        }
        unrecordedTrace = trace
        state = .capturingResponse(body)
        return .captureResponse(json, headers: response.headers, step: number)
    }

    /// The response-level captures are taken.
    mutating func responseCaptured() -> Action {
        guard case .capturingResponse(let body) = state, var trace = unrecordedTrace else {
            return outOfTurn("response captures")
        }
        switch body {
        case .success(let success):
            return finish(
                .outcome(
                    .success(
                        tokenPresent: success.tokenId != nil, realm: success.realm, successUrl: success.successUrl),
                    success.tokenId.map(AMSession.init)))
        case .failure(let error):
            if error.isSessionTimeout { return finish(.outcome(.timeout(message: error.message))) }
            if error.code == 404 {
                trace.notes.append(("hint", realmHint))
                unrecordedTrace = trace
            }
            return finish(
                .outcome(.failure(code: error.code, reason: error.reason, message: error.message, detail: error.detail))
            )
        case .step(let step):
            trace.kind = .callbacks
            trace.stage = step.stage
            trace.header = step.header
            unrecordedTrace = trace
            state = .checkingStep(step)
            // Recovery codes are secrets whether or not the script captures them, and before
            // anything (a failed expectation, a trace line) can show them.
            let codes = MFAScraper.recoveryCodes(in: step).filter { !Placeholder.isWhole($0) }
            return .checkStep(step, recoveryCodes: codes, step: number)
        }
    }

    /// The step is checked against `expect.steps`, with these failures.
    mutating func stepChecked(_ failures: [ExpectationFailure]) -> Action {
        guard case .checkingStep(let step) = state, var trace = unrecordedTrace else { return outOfTurn("a check") }
        trace.failures += failures
        unrecordedTrace = trace
        if !trace.failures.isEmpty {
            // The step is not the one expect.steps lists: the run cannot pass, and going on
            // would only answer a flow the script was not written for (up to maxSteps).
            return finish(.stopped(), unanswered: step)
        }
        state = .capturingStep(step)
        return .captureStep(step, step: number)
    }

    /// The step-level captures are taken.
    mutating func stepCaptured() -> Action {
        guard case .capturingStep(let step) = state else { return outOfTurn("step captures") }
        let unanswerable = SDKProfileSupport.failures(in: step, sdk: sdk, stepNumber: number)
        if !unanswerable.isEmpty {
            unrecordedTrace?.failures += unanswerable
            return finish(.stopped(), unanswered: step)
        }
        if let redirect = step.callbacks.first(where: { $0.hasType(.redirect) }) {
            let outcome = Outcome.redirect(
                url: redirect.output("redirectUrl")?.displayText ?? "",
                method: redirect.output("redirectMethod")?.stringValue)
            return finish(.outcome(outcome), unanswered: step)
        }
        if let suspended = step.callbacks.first(where: { $0.hasType(.suspendedTextOutput) }) {
            guard let resume = resumeHandler() else {
                return finish(.outcome(.suspended(message: suspended.prompt)), unanswered: step)
            }
            unrecordedTrace?.callbacks = Self.unanswered(step)
            state = .resuming(label: resume.label)
            return .resolveResume(resume.spec)
        }
        state = .answering(step)
        return .answer(step, step: number)
    }

    /// The resume handler's value is resolved.
    mutating func resumeResolved(suspendedId: String) -> Action {
        guard case .resuming(let label) = state, var trace = unrecordedTrace, !trace.callbacks.isEmpty else {
            return outOfTurn("a suspendedId")
        }
        trace.callbacks[0].answeredBy = label
        trace.callbacks[0].notes.append(("resume", Redactor.placeholder("suspendedId")))
        unrecordedTrace = trace
        return record(then: .send(.resume(suspendedId: suspendedId)))
    }

    /// The step's callbacks are answered.
    mutating func answered(_ answer: StepAnswer) -> Action {
        guard case .answering(let step) = state, var trace = unrecordedTrace else { return outOfTurn("an answer") }
        trace.callbacks = answer.callbacks
        unrecordedTrace = trace
        if !answer.unhandled.isEmpty {
            trace.failures += answer.unhandled
            unrecordedTrace = trace
            return finish(.stopped())
        }
        guard let polling = step.callbacks.first(where: { $0.hasType(.pollingWait) }), !answer.exitPolling else {
            polls = 0
            return record(then: .send(.answer(answer.step)))
        }
        polls += 1
        if polls > limits.maxPolls {
            trace.failures.append(
                ExpectationFailure("still polling after \(limits.maxPolls) polls (limits.maxPolls)", step: number))
            unrecordedTrace = trace
            return finish(.stopped())
        }
        let milliseconds: Double
        let seconds: Double
        do throws(RunError) {
            milliseconds = try PollingWait.milliseconds(polling, step: number)
            seconds = fastPolling ? 0 : milliseconds / 1000
            try PollingWait.checkCeiling(seconds, deadline: limits.deadlineSeconds, step: number)
        } catch {
            return fail(error)
        }
        state = .waiting(answered: answer.step, milliseconds: milliseconds, seconds: seconds)
        return .wait(seconds: seconds, step: number)
    }

    /// The wait the PollingWaitCallback asked for is over.
    mutating func waited() -> Action {
        guard case .waiting(let answered, let milliseconds, let seconds) = state, var trace = unrecordedTrace else {
            return outOfTurn("the end of a wait")
        }
        let note = "\(Int(milliseconds)) ms" + (seconds == 0 ? " (fast polling: not waited)" : "")
        for index in trace.callbacks.indices where trace.callbacks[index].type == CallbackType.pollingWait.wireName {
            trace.callbacks[index].notes.append(("wait", note))
        }
        unrecordedTrace = trace
        waitedSeconds = seconds
        return record(then: .send(.answer(answered)))
    }

    /// The step's trace is recorded.
    mutating func recorded() -> Action {
        guard case .recording(let next) = state else { return outOfTurn("a record") }
        switch next {
        case .send(let request):
            return send(request)
        case .end(let end):
            state = .finished
            return .end(end)
        }
    }

    /// Sends `request` as the next round trip, or stops the journey at `limits.maxSteps`.
    private mutating func send(_ request: NextRequest) -> Action {
        number += 1
        guard number <= limits.maxSteps else {
            state = .finished
            var failures = PhaseFailures()
            failures.add(StepChecks.stepLimitFailure(after: number - 1, what: "the journey", maxSteps: limits.maxSteps))
            return .end(.stopped(failures))
        }
        state = .awaitingResponse
        return .send(request, step: number)
    }

    /// Records the step (its callbacks as received, none answered, when `unanswered`), then ends.
    private mutating func finish(_ end: JourneyEnd, unanswered step: AMStep? = nil) -> Action {
        if let step { unrecordedTrace?.callbacks = Self.unanswered(step) }
        return record(then: .end(end))
    }

    private mutating func record(then next: AfterRecord) -> Action {
        guard let trace = unrecordedTrace else { return outOfTurn("a step to record") }
        unrecordedTrace = nil
        state = .recording(then: next)
        return .record(trace)
    }

    private mutating func fail(_ error: RunError) -> Action {
        state = .finished
        return .fail(error)
    }

    /// An event the loop's state does not expect: the driver's mistake, reported, never a crash.
    private mutating func outOfTurn(_ event: String) -> Action {
        fail(RunError(.protocol, "the authenticate loop got \(event) out of turn (step \(number))"))
    }

    /// What a 404 from the authenticate endpoint most likely means.
    private var realmHint: String {
        "realm '\(VisibleText.escaped(realm.isEmpty ? "/" : realm))' may not exist on this server"
    }

    /// The step's callbacks as received, none answered (the journey ends or stops at this step).
    private static func unanswered(_ step: AMStep) -> [CallbackTrace] {
        step.callbacks.map { CallbackTrace(type: $0.type, prompt: $0.prompt, answeredBy: nil, inputs: []) }
    }

    /// The first handler with a `resume:` for a SuspendedTextOutputCallback at this step.
    private func resumeHandler() -> (spec: ValueSpec, label: String)? {
        for handler in handlers.handlers {
            guard let resume = handler.answer.resume else { continue }
            let matcher = handler.spec.matcher
            if let type = matcher.type, type.value != CallbackType.suspendedTextOutput.wireName { continue }
            if let wanted = matcher.step, wanted != number { continue }
            return (resume, "handler #\(handler.number) at \(handler.spec.location)")
        }
        return nil
    }
}
