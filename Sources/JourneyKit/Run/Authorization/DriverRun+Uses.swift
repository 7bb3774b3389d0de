import Foundation
import JourneyCore

/// `uses:` — run another script first and continue its session.
extension DriverRun {
    /// Runs the used script against this run's server and transport, then takes over its cookies
    /// and session, and copies only the variables named in `outputs`.
    func runUsedScript(_ uses: UsesSpec) async throws(RunError) -> Outcome? {
        let label = "uses \(uses.script.value)"
        let path = ReferencedFiles.resolve(uses.script.value, from: script.file)
        let chain = authorization.usesChain + [script.file]
        let standardized = chain.map { URL(fileURLWithPath: $0).standardizedFileURL.path }
        if standardized.contains(URL(fileURLWithPath: path).standardizedFileURL.path) {
            throw RunError(
                .script, "\(uses.script.location): uses cycle: \((chain + [path]).joined(separator: " → "))")
        }
        let compiled: CompiledJourney
        do {
            let used = try ScriptLoader.load(
                path: path, options: LoadOptions(knownVariables: Set(configuration.variables.keys)))
            compiled = try JourneyCompiler.compile(used)
        } catch {
            authorization.diagnostics += error.diagnostics
            throw RunError(.script, "\(uses.script.location): \(path) is not a valid script")
        }
        var inner = configuration
        inner.serverURL = baseURL
        inner.transport = transport
        // The run's own clock: under a replay that is the recording's, not the configuration's.
        inner.clock = clock
        inner.seed = configuration.seed.map { $0 &+ 1 }
        let run = DriverRun(journey: compiled, configuration: inner)
        run.authorization.usesChain = chain
        let result = await run.execute()

        for var step in result.steps {
            step.phase = step.phase.map { "\(label): \($0)" } ?? label
            steps.append(step)
        }
        recording.sideExchanges += result.sideExchanges
        cookies = run.cookies
        authorization.tokenId = run.authorization.tokenId
        authorization.cookieName = run.authorization.cookieName
        if let token = authorization.tokenId { redactor.register(token, name: "tokenId") }

        if !result.diagnostics.isEmpty {
            authorization.diagnostics += result.diagnostics
            throw RunError(.script, "\(uses.script.location): \(path) is not a valid script")
        }
        if let error = result.error {
            throw RunError(error.kind, "\(label): \(error.message)", step: error.step)
        }
        if !result.allFailures.isEmpty {
            failures += result.allFailures.map { failure in
                var failure = failure
                failure.message = "\(label): \(failure.message)"
                return failure
            }
            throw RunError(.expectation, "\(label) did not pass")
        }
        for output in uses.outputs {
            guard let value = run.context.variables[output.value] else {
                throw RunError(
                    .script,
                    "\(output.location): '\(output.value)' is not a variable or capture of \(uses.script.value)")
            }
            context.setVariable(output.value, value)
        }
        return result.outcome
    }
}
