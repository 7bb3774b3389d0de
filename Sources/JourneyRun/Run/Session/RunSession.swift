import Foundation
import JourneyCore
import JourneyFormat
import Synchronization

/// What the phases of one run share: the script and configuration, the transport and clock,
/// the redactor, the variables (``RunContext``), and, behind one lock, the cookie jar, the step
/// trace, the failures and the session. Each phase driver keeps its own state; what outlives a
/// phase lives here.
final class RunSession: Sendable {
    let script: Script
    let configuration: RunConfiguration
    let redactor: Redactor
    let transport: any Transport
    let clock: any JourneyClock
    let context: RunContext
    /// The scripts that led here through `uses:`, to stop cycles.
    let usesChain: [String]
    private let state: Mutex<SessionState>

    /// `passkeys`: the device's passkeys, shared with the script that `uses:` this one.
    init(
        script: Script, configuration: RunConfiguration, usesChain: [String] = [],
        passkeys: PasskeyStore = PasskeyStore()
    ) {
        self.script = script
        self.configuration = configuration
        self.usesChain = usesChain
        let redactor = Redactor()
        self.redactor = redactor
        (self.transport, self.clock) = Self.runScope(configuration, script: script, redactor: redactor)
        let seed = configuration.seed ?? UInt64.random(in: 0...UInt64.max)
        let outbox = OutboxLink()
        self.context = RunContext(
            seed: seed, clock: clock, environment: configuration.environment, redactor: redactor,
            outboxReader: { recipient throws(RunError) in try await outbox.read(recipient) },
            offline: configuration.offline, allowCommands: configuration.allowCommands,
            otpLedger: configuration.otpLedger, passkeys: passkeys)
        var initial = SessionState()
        initial.seed = seed
        self.state = Mutex(initial)
        outbox.connect(self)
    }

    /// The transport and clock of this run: a run-scoped transport (a replay) gives each run its own.
    private static func runScope(_ configuration: RunConfiguration, script: Script, redactor: Redactor) -> (
        any Transport, any JourneyClock
    ) {
        let base = configuration.transport ?? HTTPTransport(verifyTLS: script.server.verifyTLS)
        guard let scoped = base as? any RunScopedTransport else { return (base, configuration.clock) }
        let scope = scoped.begin(TransportRunInfo(scriptFile: script.file, scriptName: script.name, redactor: redactor))
        return (scope.transport, scope.clock ?? configuration.clock)
    }

    /// Reads or changes the shared state under the lock (briefly: never across a suspension).
    func withState<T: Sendable, E: Error>(_ body: (inout SessionState) throws(E) -> T) throws(E) -> T {
        try state.withLock { state throws(E) -> T in try body(&state) }
    }

    var endpoint: RunEndpoint { withState { $0.endpoint } }

    /// The SDK whose requests the run sends: `--sdk`, else the script's `client.sdk`, else none.
    var sdkProfile: SDKProfile? { configuration.sdk ?? script.client?.sdk.value }

    // MARK: Steps and failures

    /// Records a step with the failures found on it (they are the run's failures too).
    func record(_ step: StepTrace) {
        withState { state in
            state.steps.append(step)
            state.failures += step.failures
        }
    }

    /// Records what a phase found: each failure in the run's list, and under its step when it names one.
    func record(_ failures: PhaseFailures) {
        guard !failures.isEmpty else { return }
        withState { state in
            for entry in failures.entries {
                if let index = entry.stepIndex, state.steps.indices.contains(index) {
                    state.steps[index].failures.append(entry.failure)
                }
                state.failures.append(entry.failure)
            }
        }
    }

    var stepCount: Int { withState { $0.steps.count } }

    var lastStepNumber: Int? { withState { $0.steps.last?.number } }

    var lastStepIndex: Int? { withState { $0.steps.isEmpty ? nil : $0.steps.count - 1 } }

    /// The number the next step will carry.
    var nextStepNumber: Int { (lastStepNumber ?? 0) + 1 }

    func stepNumber(at index: Int) -> Int { withState { $0.steps[index].number } }

    func note(stepAt index: Int, _ key: String, _ value: String) {
        withState { $0.steps[index].notes.append((key, value)) }
    }

    func updateStep(at index: Int, _ change: (inout StepTrace) -> Void) {
        withState { change(&$0.steps[index]) }
    }

    /// Records a failure found on the step at `index` (its answer was not what the run needed)
    /// with that step, and in the run's list: part of recording the trace. A failure about what
    /// a phase achieved is returned in its ``PhaseResult`` instead.
    func recordFailure(_ failure: ExpectationFailure, onStepAt index: Int?) {
        withState { state in
            if let index, state.steps.indices.contains(index) { state.steps[index].failures.append(failure) }
            state.failures.append(failure)
        }
    }

    /// Records the failure `message` on the step at `index`, naming the step.
    func recordFailure(_ message: String, onStepAt index: Int, location: SourceLocation?) {
        recordFailure(ExpectationFailure(message, step: stepNumber(at: index), location: location), onStepAt: index)
    }

    /// Makes the call at `index` a step with callbacks (a MobileFirst challenge), noting their
    /// names and recording `failures` on it and in the run's list.
    func markChallenged(stepAt index: Int, names: [String], failures: [ExpectationFailure]) {
        withState { state in
            state.steps[index].kind = .callbacks
            state.steps[index].notes.append(("challenged", names.joined(separator: ", ")))
            state.steps[index].failures += failures
            state.failures += failures
        }
    }

    /// Marks the steps from `index` on that have no phase yet.
    func tagSteps(from index: Int, phase: String) {
        withState { state in
            guard index < state.steps.count else { return }
            for position in index..<state.steps.count where state.steps[position].phase == nil {
                state.steps[position].phase = phase
            }
        }
    }

    func addDiagnostics(_ diagnostics: [Diagnostic]) { withState { $0.diagnostics += diagnostics } }
}

/// Lets the run's variables read the simulator's outbox through the session they belong to,
/// without the context holding the session alive.
final class OutboxLink: Sendable {
    private struct Target { weak var session: RunSession? }
    private let target = Mutex(Target())

    func connect(_ session: RunSession) { target.withLock { $0.session = session } }

    func read(_ recipient: String) async throws(RunError) -> JSONValue? {
        guard let session = target.withLock({ $0.session }) else { return nil }
        let endpoint = session.endpoint
        return try await OutboxReader.newestMessage(
            for: recipient, origin: AMEndpoints.origin(of: endpoint.baseURL),
            transport: SideExchangeTransport(session: session))
    }
}
