import Foundation
import JourneyCore
import JourneyFormat

/// How a journey ended: with an outcome (and the AM session of a success with a `tokenId`), or
/// stopped by an expectation: a step's (recorded with its trace) or the journey's own `failures`.
enum JourneyEnd {
    case outcome(Outcome, AMSession? = nil)
    case stopped(PhaseFailures = PhaseFailures())
}

/// PingAM's authenticate loop: start with `{}`, answer each step through the handler chain,
/// echo it back, until the journey ends. Used for the script's journey and for a
/// `composite_advice` journey of the resource phase; it owns the state of one journey.
struct JourneyLoop {
    let session: RunSession
    /// The script's start (nil for a script whose session comes from `uses:`: it runs only advice journeys).
    let start: StartSpec?
    let handlers: HandlerChain
    /// True for a `composite_advice` journey: the SDK's headers, no ForceAuth/noSession.
    let inAdviceJourney: Bool
    let endpoint: RunEndpoint
    /// The headers of every request of this journey (computed once).
    let baseHeaders: [HeaderField]
    /// Where continue requests go: the start URL (AM reads the journey from the authId).
    var continueURL = ""

    init(session: RunSession, start: StartSpec?, handlers: HandlerChain, inAdviceJourney: Bool = false) {
        self.session = session
        self.start = start
        self.handlers = handlers
        self.inAdviceJourney = inAdviceJourney
        let endpoint = session.endpoint
        self.endpoint = endpoint
        self.baseHeaders = Self.baseHeaders(
            start: start, endpoint: endpoint, inAdviceJourney: inAdviceJourney, sdk: session.sdkProfile)
    }

    /// Runs a journey from `first` (the script's start request when nil) to its end.
    mutating func run(from first: TransportRequest? = nil) async throws(RunError) -> JourneyEnd {
        let limits = session.script.limits
        var request: TransportRequest
        if let first {
            request = first
        } else if let start {
            request = try await startRequest(start)
        } else {
            throw RunError(.script, "the script names no journey to start")
        }
        var polls = 0
        var waited: Double?
        var number = session.lastStepNumber ?? 0
        while true {
            number += 1
            if number > limits.maxSteps {
                var failures = PhaseFailures()
                failures.add(session.stepLimitFailure(after: number - 1, what: "the journey"))
                return .stopped(failures)
            }
            let (response, exchange) = try await session.send(request, step: number, party: .am)
            var trace = StepTrace(number: number, kind: .end, exchange: exchange, waitedSeconds: waited, party: .am)
            waited = nil
            // The one place a step of the journey is recorded, with its failures, however it ends.
            let turn: StepTurn
            do throws(RunError) {
                turn = try await self.turn(after: response, of: request, trace: &trace, polls: &polls, waited: &waited)
            } catch {
                session.record(trace)
                throw error
            }
            session.record(trace)
            switch turn {
            case .next(let next): request = next
            case .end(let end): return end
            }
        }
    }

    /// What a 404 from the authenticate endpoint most likely means.
    private var realmHint: String {
        let realm = endpoint.realm.isEmpty ? "/" : endpoint.realm
        return "realm '\(VisibleText.escaped(realm))' may not exist on this server"
    }

    /// What a step of the journey leads to: the next request, or the journey's end.
    private enum StepTurn {
        case next(TransportRequest)
        case end(JourneyEnd)
    }

    /// Reads the response to `request`, and answers it or ends the journey; `trace` is the step's.
    private mutating func turn(
        after response: TransportResponse, of request: TransportRequest, trace: inout StepTrace, polls: inout Int,
        waited: inout Double?
    ) async throws(RunError) -> StepTurn {
        let limits = session.script.limits
        let redactor = session.redactor
        let number = trace.number
        let body: AMResponseBody
        let json: JSONValue
        do throws(RunError) {
            (body, json) = try ResponseReader.read(response, request: request, step: number)
        } catch {
            var error = error
            if response.status == 404 { error.message += "; \(realmHint)" }
            throw error
        }
        // The parsed body is kept only with the body itself (not past the run's budget).
        if trace.exchange.unredacted?.response == response.body {
            trace.exchange.unredacted?.responseJSON = json
        }
        try session.captureFromResponse(json: json, headers: response.headers, step: number)
        switch body {
        case .success(let success):
            return .end(
                .outcome(
                    .success(
                        tokenPresent: success.tokenId != nil, realm: success.realm, successUrl: success.successUrl),
                    success.tokenId.map(AMSession.init)))
        case .failure(let error):
            if error.isSessionTimeout { return .end(.outcome(.timeout(message: error.message))) }
            if error.code == 404 { trace.notes.append(("hint", realmHint)) }
            return .end(
                .outcome(
                    .failure(
                        code: error.code, reason: error.reason, message: error.message,
                        detail: error.detail.map { redactor.redact(json: .object($0)).objectValue ?? $0 })))
        case .step(let step):
            trace.kind = .callbacks
            trace.stage = step.stage
            trace.header = step.header
            // Recovery codes are secrets whether or not the script captures them, and before
            // anything (a failed expectation, a trace line) can show them.
            for code in MFAScraper.recoveryCodes(in: step) where !Placeholder.isWhole(code) {
                redactor.register(code, name: "recoveryCode")
            }
            trace.failures += session.checkStep(step, number: number)
            if !trace.failures.isEmpty {
                // The step is not the one expect.steps lists: the run cannot pass, and going on
                // would only answer a flow the script was not written for (up to maxSteps).
                trace.callbacks = Self.unanswered(step)
                return .end(.stopped())
            }
            try session.captureFromStep(step, number: number)
            let unanswerable = SDKProfileSupport.failures(in: step, sdk: session.sdkProfile, stepNumber: number)
            if !unanswerable.isEmpty {
                trace.callbacks = Self.unanswered(step)
                trace.failures += unanswerable
                return .end(.stopped())
            }
            if let redirect = step.callbacks.first(where: { $0.hasType(.redirect) }) {
                trace.callbacks = Self.unanswered(step)
                return .end(
                    .outcome(
                        .redirect(
                            url: redirect.output("redirectUrl")?.displayText ?? "",
                            method: redirect.output("redirectMethod")?.stringValue)))
            }
            if let suspended = step.callbacks.first(where: { $0.hasType(.suspendedTextOutput) }) {
                trace.callbacks = Self.unanswered(step)
                guard let resume = resumeHandler(number: number) else {
                    return .end(.outcome(.suspended(message: suspended.prompt)))
                }
                let suspendedId = try await session.context.resolve(resume.spec, timeoutMilliseconds: nil)
                redactor.register(suspendedId.text, name: "suspendedId")
                trace.callbacks[0].answeredBy = resume.label
                trace.callbacks[0].notes.append(("resume", Redactor.placeholder("suspendedId")))
                return .next(resumeRequest(resuming: [("suspendedId", suspendedId.text)]))
            }
            let answer = try await StepAnswerer.answer(
                step, stepNumber: number, handlers: handlers, environment: session.context, sdk: session.sdkProfile)
            trace.callbacks = answer.callbacks
            if !answer.unhandled.isEmpty {
                trace.failures += answer.unhandled
                return .end(.stopped())
            }
            if let polling = step.callbacks.first(where: { $0.hasType(.pollingWait) }), !answer.exitPolling {
                polls += 1
                if polls > limits.maxPolls {
                    trace.failures.append(
                        ExpectationFailure(
                            "still polling after \(limits.maxPolls) polls (limits.maxPolls)", step: number))
                    return .end(.stopped())
                }
                waited = try await wait(for: polling, trace: &trace, step: number)
            } else {
                polls = 0
            }
            return .next(continueRequest(answer.step))
        }
    }

    /// Waits a PollingWaitCallback's `waitTime` on the run's clock (none with fast polling) and notes it.
    private func wait(for polling: AMCallback, trace: inout StepTrace, step: Int) async throws(RunError) -> Double {
        let milliseconds = try PollingWait.milliseconds(polling, step: step)
        let fast = session.configuration.fastPolling ?? session.script.limits.fastPolling
        let seconds = fast ? 0 : milliseconds / 1000
        try PollingWait.checkCeiling(seconds, deadline: session.script.limits.deadlineSeconds, step: step)
        do {
            try await session.clock.sleep(seconds: seconds)
        } catch {
            throw RunError(.transport, "cancelled while polling", step: step)
        }
        trace.callbacks = trace.callbacks.map { callback in
            var callback = callback
            if callback.type == CallbackType.pollingWait.wireName {
                callback.notes.append(
                    ("wait", "\(Int(milliseconds)) ms" + (seconds == 0 ? " (fast polling: not waited)" : "")))
            }
            return callback
        }
        return seconds
    }

    /// The step's callbacks as received, none answered (the journey ends or stops at this step).
    private static func unanswered(_ step: AMStep) -> [CallbackTrace] {
        step.callbacks.map { CallbackTrace(type: $0.type, prompt: $0.prompt, answeredBy: nil, inputs: []) }
    }

    private func resumeHandler(number: Int) -> (spec: ValueSpec, label: String)? {
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
