import Foundation
import JourneyCore

/// Runs one compiled journey with the PingAM authenticate protocol: start with `{}`, answer
/// each step through the handler chain, echo it back, until the journey ends.
/// The driver never touches sockets: everything goes through the configuration's transport.
public enum JourneyDriver {
    public static func run(_ journey: CompiledJourney, configuration: RunConfiguration = RunConfiguration()) async
        -> JourneyResult
    {
        let run = DriverRun(journey: journey, configuration: configuration)
        return await run.execute()
    }
}

/// The mutable state of one run. Lives for the duration of `execute()` only.
final class DriverRun: @unchecked Sendable {
    let journey: CompiledJourney
    let configuration: RunConfiguration
    let script: Script
    let redactor: Redactor
    let transport: any Transport
    let clock: any JourneyClock
    var context: RunContext!
    var cookies = CookieJar()
    var steps: [StepTrace] = []
    var failures: [ExpectationFailure] = []
    var callbackSteps: [(number: Int, step: AMStep)] = []
    var transportTime: Double = 0
    var baseURL = ""
    var realm = ""
    var timeout: Double = 30
    var extraHeaders: [HeaderField] = []
    var captured: Set<String> = []
    /// Where continue requests go: the start URL (AM reads the journey from the authId).
    var continueURL = ""
    /// The session and the resource phases (uses, request, cleanup).
    var authorization = AuthorizationState()
    /// Seed, side exchanges: what a recording of this run needs.
    var recording = RunRecordingState()

    init(journey: CompiledJourney, configuration: RunConfiguration) {
        self.journey = journey
        self.configuration = configuration
        self.script = journey.script
        let redactor = Redactor()
        self.redactor = redactor
        (self.transport, self.clock) = Self.runScope(configuration, script: journey.script, redactor: redactor)
    }

    func execute() async -> JourneyResult {
        let started = clock.now()
        let wallStart = DispatchTime.now()
        var result = JourneyResult(name: script.name, file: script.file, tags: script.tags, startedAt: started)
        var outcome: Outcome?
        var runError: RunError?
        do throws(RunError) {
            outcome = try await withinDeadline { [self] () async throws(RunError) -> Outcome? in
                try await prepare()
                return try await runPhases()
            }
        } catch  where error.kind == .expectation {
            outcome = nil
        } catch  where error.kind == .script {
            // A script-side problem found at run time is an expectation failure (exit 1): the
            // script does not fit this server. Its message names the script line.
            failures.append(ExpectationFailure(redactor.redact(error.message), step: error.step))
            outcome = nil
        } catch {
            runError = error
        }
        if !baseURL.isEmpty { result.server = baseURL }
        await runCleanup(error: &runError)
        result.diagnostics = authorization.diagnostics
        if let outcome, runError == nil {
            failures += ExpectationChecker.check(
                outcome, against: script.expect.outcome, noSession: script.start.noSession,
                location: script.expect.location)
            failures += checkStepCount()
        }
        result.steps = steps
        finishRecording(&result)
        result.outcome = outcome
        result.failures = failures
        result.error = runError
        redactor.redactTexts(of: &result)
        result.transportTime = transportTime
        result.duration = Double(DispatchTime.now().uptimeNanoseconds - wallStart.uptimeNanoseconds) / 1e9
        return result
    }

    // MARK: Setup

    private func prepare() async throws(RunError) {
        let seed = configuration.seed ?? UInt64.random(in: 0...UInt64.max)
        recording.seed = seed
        context = RunContext(
            seed: seed, clock: clock, environment: configuration.environment, redactor: redactor,
            outboxReader: { [weak self] recipient throws(RunError) in
                guard let self else { return nil }
                return try await OutboxReader.newestMessage(
                    for: recipient, origin: AMEndpoints.origin(of: self.baseURL),
                    transport: SideExchangeTransport(run: self),
                    timeout: self.timeout)
            }, offline: configuration.offline, allowCommands: configuration.allowCommands,
            otpLedger: configuration.otpLedger)
        for declaration in script.vars {
            if let override = configuration.variables[declaration.name] {
                let secretName = declaration.value.secret ? declaration.name : nil
                context.setVariable(declaration.name, ResolvedValue(.string(override), secretName: secretName))
                continue
            }
            var value = try await context.resolve(declaration.value, timeoutMilliseconds: nil)
            if declaration.value.secret { value.secretName = declaration.name }
            context.setVariable(declaration.name, value)
        }
        for (name, value) in configuration.variables where !script.vars.contains(where: { $0.name == name }) {
            context.setVariable(name, ResolvedValue(.string(value)))
        }
        if let url = configuration.serverURL {
            baseURL = url
        } else if let template = script.server.url {
            baseURL = try context.evaluator.evaluate(template).text
        } else {
            // Found before anything is sent: the script cannot run as given (exit 2, as lint errors).
            authorization.diagnostics.append(
                .error(
                    "no server: give `server.url` or `server.simulate` in the script, or --server / --simulate",
                    at: script.server.location ?? SourceLocation(file: script.file, line: 1, column: 1)))
            throw RunError(.expectation, "no server")
        }
        if let realmOverride = configuration.realm {
            realm = realmOverride
        } else if let template = script.server.realm {
            realm = try context.evaluator.evaluate(template).text
        }
        timeout = configuration.timeoutSeconds ?? script.server.timeoutSeconds
        for header in script.server.headers {
            extraHeaders.append(HeaderField(header.name, try context.evaluator.evaluate(header.value).text))
        }
    }

    // MARK: The protocol loop

    /// Runs a journey from `first` (the script's start request when nil) to its end.
    func loop(from first: TransportRequest? = nil) async throws(RunError) -> Outcome {
        var request: TransportRequest
        if let first { request = first } else { request = try await startRequest() }
        var pollsOfCurrentStep = 0
        var waited: Double?
        var number = steps.last?.number ?? 0
        while true {
            number += 1
            if number > script.limits.maxSteps { throw stepLimitReached(after: number - 1, what: "the journey") }
            let (response, exchange) = try await send(request, step: number)
            var trace = StepTrace(number: number, kind: .end, exchange: exchange, waitedSeconds: waited)
            waited = nil
            let body: AMResponseBody
            let json: JSONValue
            do throws(RunError) {
                (body, json) = try ResponseReader.read(response, request: request, step: number)
                trace.exchange.unredacted?.responseJSON = json
            } catch {
                steps.append(trace)
                throw error
            }
            try captureFromResponse(json: json, headers: response.headers, step: number)
            switch body {
            case .success(let success):
                steps.append(trace)
                authorization.tokenId = success.tokenId ?? authorization.tokenId
                return .success(
                    tokenPresent: success.tokenId != nil, realm: success.realm, successUrl: success.successUrl)
            case .failure(let error):
                steps.append(trace)
                if error.isSessionTimeout { return .timeout(message: error.message) }
                return .failure(
                    code: error.code, reason: error.reason, message: error.message,
                    detail: error.detail.map { redactDetail($0) })
            case .step(let step):
                trace.kind = .callbacks
                trace.stage = step.stage
                trace.header = step.header
                callbackSteps.append((number, step))
                trace.failures += checkStep(step, number: number)
                if !trace.failures.isEmpty {
                    // The step is not the one expect.steps lists: the run cannot pass, and going on
                    // would only answer a flow the script was not written for (up to maxSteps).
                    trace.callbacks = step.callbacks.map {
                        CallbackTrace(type: $0.type, prompt: $0.prompt, answeredBy: nil, inputs: [])
                    }
                    steps.append(trace)
                    failures += trace.failures
                    throw RunError(.expectation, "step \(number) is not the step expect.steps lists", step: number)
                }
                try await captureFromStep(step, number: number)
                if let redirect = step.callbacks.first(where: { $0.type == "RedirectCallback" }) {
                    trace.callbacks = step.callbacks.map {
                        CallbackTrace(type: $0.type, prompt: $0.prompt, answeredBy: nil, inputs: [])
                    }
                    steps.append(trace)
                    return .redirect(
                        url: redirect.output("redirectUrl")?.displayText ?? "",
                        method: redirect.output("redirectMethod")?.stringValue)
                }
                if let suspended = step.callbacks.first(where: { $0.type == "SuspendedTextOutputCallback" }) {
                    trace.callbacks = step.callbacks.map {
                        CallbackTrace(type: $0.type, prompt: $0.prompt, answeredBy: nil, inputs: [])
                    }
                    if let resume = resumeHandler(for: step, number: number) {
                        let suspendedId = try await context.resolve(resume.spec, timeoutMilliseconds: nil)
                        redactor.register(suspendedId.text, name: "suspendedId")
                        trace.callbacks[0].answeredBy = resume.label
                        trace.callbacks[0].notes.append(("resume", Redactor.placeholder("suspendedId")))
                        steps.append(trace)
                        request = resumeRequest(resuming: [("suspendedId", suspendedId.text)])
                        continue
                    }
                    steps.append(trace)
                    return .suspended(message: suspended.prompt)
                }
                let answer = try await StepAnswerer.answer(
                    step, stepNumber: number, handlers: journey.handlers, environment: context)
                trace.callbacks = answer.callbacks
                if !answer.unhandled.isEmpty {
                    trace.failures += answer.unhandled
                    steps.append(trace)
                    failures += trace.failures
                    throw RunError(.script, "unhandled callback", step: number).asExpectationStop()
                }
                failures += trace.failures
                if let polling = step.callbacks.first(where: { $0.type == "PollingWaitCallback" }), !answer.exitPolling
                {
                    pollsOfCurrentStep += 1
                    if pollsOfCurrentStep > script.limits.maxPolls {
                        steps.append(trace)
                        failures.append(
                            ExpectationFailure(
                                "still polling after \(script.limits.maxPolls) polls (limits.maxPolls)", step: number))
                        throw RunError(.script, "polling limit reached", step: number).asExpectationStop()
                    }
                    let milliseconds = polling.output("waitTime")?.doubleValue ?? 1000
                    let seconds = (configuration.fastPolling ?? script.limits.fastPolling) ? 0 : milliseconds / 1000
                    do {
                        try await clock.sleep(seconds: seconds)
                    } catch {
                        throw RunError(.transport, "cancelled while polling", step: number)
                    }
                    waited = seconds
                    trace.callbacks = trace.callbacks.map { callback in
                        var callback = callback
                        if callback.type == "PollingWaitCallback" {
                            callback.notes.append(
                                (
                                    "wait",
                                    "\(Int(milliseconds)) ms" + (seconds == 0 ? " (fast polling: not waited)" : "")
                                ))
                        }
                        return callback
                    }
                } else {
                    pollsOfCurrentStep = 0
                }
                steps.append(trace)
                request = continueRequest(answer.step)
            }
        }
    }

    private func redactDetail(_ detail: [String: JSONValue]) -> [String: JSONValue] {
        redactor.redact(json: .object(detail)).objectValue ?? detail
    }

    private func resumeHandler(for step: AMStep, number: Int) -> (spec: ValueSpec, label: String)? {
        for (index, handler) in journey.handlers.enumerated() {
            guard let resume = handler.answer.resume else { continue }
            if let type = handler.matcher.type, type.value != "SuspendedTextOutputCallback" { continue }
            if let wanted = handler.matcher.step, wanted != number { continue }
            return (resume, "handler #\(index + 1) at \(handler.location)")
        }
        return nil
    }

    func checkStep(_ step: AMStep, number: Int) -> [ExpectationFailure] {
        guard let expected = script.expect.steps else { return [] }
        let index = callbackSteps.count - 1
        guard index < expected.count else {
            return [
                ExpectationFailure(
                    "unexpected step with [\(step.callbacks.map(\.type).joined(separator: ", "))]: expect.steps lists \(expected.count)",
                    step: number, location: script.expect.location)
            ]
        }
        return ExpectationChecker.check(step, number: number, against: expected[index])
    }

    private func checkStepCount() -> [ExpectationFailure] {
        guard let expected = script.expect.steps, callbackSteps.count < expected.count else { return [] }
        let missing = expected[callbackSteps.count...].map { "[\($0.callbacks.joined(separator: ", "))]" }
        return [
            ExpectationFailure(
                "expected \(expected.count) steps with callbacks, got \(callbackSteps.count); missing \(missing.joined(separator: ", "))",
                location: expected[callbackSteps.count].location)
        ]
    }
}

extension DriverRun {
    /// Records that `what` went past `limits.maxSteps` and returns the error that stops the run.
    func stepLimitReached(after step: Int, what: String) -> RunError {
        failures.append(
            ExpectationFailure(
                "\(what) did not end within \(script.limits.maxSteps) round trips (limits.maxSteps)", step: step))
        return RunError(.script, "stopped after \(script.limits.maxSteps) round trips (limits.maxSteps)", step: step)
            .asExpectationStop()
    }
}

extension RunError {
    /// A stop caused by an expectation (unhandled callback, limits): the run's verdict is
    /// "failed", not "error". Marked by the `script` kind with this message prefix.
    func asExpectationStop() -> RunError {
        RunError(.expectation, message, step: step)
    }
}
