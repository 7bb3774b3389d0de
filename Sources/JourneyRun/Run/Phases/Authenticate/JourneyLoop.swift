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

    /// Runs a journey from `first` (the script's start request when nil) to its end: the I/O of
    /// each action the loop's state machine asks for, reported back to it as an event.
    mutating func run(from first: TransportRequest? = nil) async throws(RunError) -> JourneyEnd {
        let firstRequest: TransportRequest
        if let first {
            firstRequest = first
        } else if let start {
            firstRequest = try await startRequest(start)
        } else {
            throw RunError(.script, "the script names no journey to start")
        }
        let limits = session.script.limits
        var machine = JourneyLoopStateMachine(
            lastStep: session.lastStepNumber ?? 0, limits: limits,
            fastPolling: session.configuration.fastPolling ?? limits.fastPolling, realm: endpoint.realm,
            handlers: handlers, sdk: session.sdkProfile)
        var action = machine.start()
        // A step is recorded once with its failures, however it ends (an error included).
        do throws(RunError) {
            while true {
                switch action {
                case .send(let next, let number):
                    let request = request(for: next, first: firstRequest)
                    let (response, exchange) = try await session.send(request, step: number, party: .am)
                    action = machine.received(response, exchange: exchange, of: request)
                case .captureResponse(let json, let headers, let number):
                    try RunCaptures(session: session).fromResponse(json: json, headers: headers, step: number)
                    action = machine.responseCaptured()
                case .checkStep(let step, let recoveryCodes, let number):
                    for code in recoveryCodes { session.redactor.register(code, name: "recoveryCode") }
                    action = machine.stepChecked(StepChecks(session: session).checkStep(step, number: number))
                case .captureStep(let step, let number):
                    try RunCaptures(session: session).fromStep(step, number: number)
                    action = machine.stepCaptured()
                case .resolveResume(let spec):
                    let suspendedId = try await session.context.resolve(spec, timeoutMilliseconds: nil)
                    session.redactor.register(suspendedId.text, name: "suspendedId")
                    action = machine.resumeResolved(suspendedId: suspendedId.text)
                case .answer(let step, let number):
                    var chain = handlers
                    if let advisor = session.configuration.stepAdvisor {
                        chain = HandlerChain(try await advisor.handlers(for: step, number: number) + handlers.specs)
                    }
                    let answer = try await StepAnswerer.answer(
                        step, stepNumber: number, handlers: chain, environment: session.context, sdk: session.sdkProfile
                    )
                    action = machine.answered(answer)
                case .wait(let seconds, let number):
                    do {
                        try await session.clock.sleep(seconds: seconds)
                    } catch {
                        throw RunError(.transport, "cancelled while polling", step: number)
                    }
                    action = machine.waited()
                case .record(let trace):
                    session.record(trace)
                    action = machine.recorded()
                case .end(let end):
                    return redacted(end)
                case .fail(let error):
                    throw error
                }
            }
        } catch {
            if let trace = machine.unrecordedTrace { session.record(trace) }
            throw error
        }
    }

    /// The request the machine asks for.
    private mutating func request(
        for next: JourneyLoopStateMachine.NextRequest, first: TransportRequest
    ) -> TransportRequest {
        switch next {
        case .first: first
        case .answer(let step): continueRequest(step)
        case .resume(let suspendedId): resumeRequest(resuming: [("suspendedId", suspendedId)])
        }
    }

    /// The end, a failure's detail redacted with the secrets known by now.
    private func redacted(_ end: JourneyEnd) -> JourneyEnd {
        guard case .outcome(.failure(let code, let reason, let message, let detail?), let amSession) = end else {
            return end
        }
        let redactor = session.redactor
        let shown = redactor.redact(json: .object(detail)).objectValue ?? detail
        return .outcome(.failure(code: code, reason: reason, message: message, detail: shown), amSession)
    }
}
