import Foundation
import JourneyCore
import JourneyFormat

/// `uses:` — runs another script first, against this run's server and transport, then takes
/// over its cookies and session, and copies only the variables named in `outputs`.
struct UsesPhase: PhaseDriver {
    let uses: UsesSpec

    func run(in session: RunSession, after handoff: PhaseHandoff) async throws(RunError) -> PhaseResult {
        let script = session.script
        let configuration = session.configuration
        let label = "uses \(uses.script.value)"
        let source = ScriptSource.used(by: script, name: uses.script.value)
        let path = source.identity
        let chain = session.usesChain + [script.file]
        if chain.map({ ScriptSource.file($0).key }).contains(source.key) {
            throw RunError(
                .script, "\(uses.script.location): uses cycle: \((chain + [path]).joined(separator: " → "))")
        }
        let compiled: CompiledJourney
        do {
            let used = try source.load(options: ScriptLoadOptions(knownVariables: Set(configuration.variables.keys)))
            compiled = try JourneyCompiler.compile(used)
        } catch {
            session.addDiagnostics(error.diagnostics)
            throw RunError(.script, "\(uses.script.location): \(path) is not a valid script")
        }
        var inner = configuration
        inner.serverURL = session.endpoint.baseURL
        inner.transport = session.transport
        // The run's own clock: under a replay that is the recording's, not the configuration's.
        inner.clock = session.clock
        inner.seed = configuration.seed.map { $0 &+ 1 }
        // One device: the used script's passkeys are this run's too.
        let used = RunSession(
            script: compiled.script, configuration: inner, usesChain: chain,
            passkeys: session.context.deviceState.passkeys)
        let (result, usedHandoff) = await JourneyDriver.runHandingOn(compiled.plan, in: used)
        var handoff = handoff
        if let amSession = usedHandoff.amSession { handoff.amSession = amSession }
        session.adopt(used, result: result, amSession: usedHandoff.amSession, label: label)

        if !result.diagnostics.isEmpty {
            session.addDiagnostics(result.diagnostics)
            throw RunError(.script, "\(uses.script.location): \(path) is not a valid script")
        }
        if var error = result.error {
            error.message = "\(label): \(error.message)"
            throw error
        }
        if !result.allFailures.isEmpty {
            var failures = PhaseFailures()
            failures.add(
                result.allFailures.map { failure in
                    var failure = failure
                    failure.message = "\(label): \(failure.message)"
                    return failure
                })
            return .stop(handoff, failures)
        }
        let variables = used.context.variables
        for output in uses.outputs {
            guard let value = variables[output.value] else {
                throw RunError(
                    .script,
                    "\(output.location): '\(output.value)' is not a variable or capture of \(uses.script.value)")
            }
            session.context.setVariable(output.value, value)
        }
        guard let usedOutcome = result.outcome else { return .next(handoff.with(nil)) }
        return usedOutcome.isSuccess ? .next(handoff.with(usedOutcome)) : .end(handoff.with(usedOutcome))
    }
}
