import Foundation
import JourneyCore
import JourneyFormat
import Synchronization

/// Runs one compiled journey: the phases of its plan (`uses:`, PingAM's authenticate protocol or
/// MobileFirst's, the `request:` resource, `cleanup:`) against one run session.
/// The driver never touches sockets: everything goes through the configuration's transport.
public enum JourneyDriver {
    public static func run(_ journey: CompiledJourney, configuration: RunConfiguration = RunConfiguration()) async
        -> JourneyResult
    {
        let session = RunSession(script: journey.script, configuration: configuration)
        return await run(journey.plan, in: session)
    }

    /// Runs `plan` in `session` and builds the run's result.
    static func run(_ plan: RunPlan, in session: RunSession) async -> JourneyResult {
        await runHandingOn(plan, in: session).result
    }

    /// Runs `plan` in `session`: the run's result, and what its phases handed on last (the AM
    /// session a used script ended with goes on to the script that `uses:` it).
    static func runHandingOn(_ plan: RunPlan, in session: RunSession) async -> (
        result: JourneyResult, handoff: PhaseHandoff
    ) {
        let script = session.script
        let started = session.clock.now()
        let wallStart = DispatchTime.now()
        var result = JourneyResult(name: script.name, file: script.file, tags: script.tags, startedAt: started)
        var outcome: Outcome?
        var stopped = false
        var runError: RunError?
        // What the phases handed on so far, kept here so that tokens a phase obtained reach
        // cleanup even when a later phase throws.
        let handedOn = HandedOn()
        do throws(RunError) {
            // A replay's time is the recording's: it waits for nothing and is bounded by counts
            // (steps, polls, proof-of-work tries), so the wall-clock deadline is a live run's only.
            let deadline = session.configuration.offline ? nil : script.limits.deadlineSeconds
            let end = try await RunDeadline.within(deadline, session: session) {
                () async throws(RunError) -> PhaseResult in
                guard try await session.prepare() else { return .stop(PhaseHandoff()) }
                return try await runPhases(plan, in: session, handedOn: handedOn)
            }
            switch end.ending {
            case .next, .end: outcome = end.handoff.outcome
            case .stop: stopped = true
            }
        } catch  where error.kind == .script {
            // A script-side problem found at run time is an expectation failure (exit 1): the
            // script does not fit this server. Its message names the script line.
            var failures = PhaseFailures()
            failures.add(ExpectationFailure(session.redactor.redact(error.message), step: error.step))
            session.record(failures)
            stopped = true
        } catch {
            runError = error
        }
        let handoff = handedOn.last.with(outcome)
        if runError == nil {
            runError = await runFinalPhases(plan, in: session, after: handoff)
        } else if runError?.kind != .mismatch {
            // Whatever the verdict, tokens the run received are revoked when the script says so.
            for case let cleanup as CleanupPhase in plan.phases {
                session.record(await cleanup.revokeAfterError(in: session, grant: handoff.grant))
            }
        }
        // The device keeps what happened to it, whatever the outcome: a real authenticator would.
        if let deviceError = RunDeviceFile(session: session).save(), runError == nil { runError = deviceError }
        if let outcome, !stopped, runError == nil {
            var failures = PhaseFailures()
            failures.add(
                ExpectationChecker.check(
                    outcome, against: script.expect.outcome, noSession: Self.asksForNoSession(script),
                    location: script.expect.location))
            failures.add(StepChecks(session: session).checkStepCount())
            session.record(failures)
        }
        session.finish(into: &result)
        result.outcome = stopped ? nil : outcome
        result.error = runError
        session.redactor.redactTexts(of: &result)
        result.duration = Double(DispatchTime.now().uptimeNanoseconds - wallStart.uptimeNanoseconds) / 1e9
        return (result, handoff)
    }

    /// The plan's phases in order, each given what the one before handed on, until one ends or
    /// stops the run.
    private static func runPhases(_ plan: RunPlan, in session: RunSession, handedOn: HandedOn)
        async throws(RunError) -> PhaseResult
    {
        var handoff = PhaseHandoff()
        for phase in plan.phases where !phase.runsAfterEnd {
            let result = try await phase.run(in: session, after: handoff)
            session.record(result.failures)
            handoff = result.handoff
            handedOn.last = handoff
            if result.ending == .next { continue }
            return result
        }
        return .next(handoff)
    }

    /// The phases that run whenever the run had no error (cleanup); their trouble is the run's error.
    private static func runFinalPhases(_ plan: RunPlan, in session: RunSession, after handoff: PhaseHandoff) async
        -> RunError?
    {
        for phase in plan.phases where phase.runsAfterEnd {
            do throws(RunError) {
                let result = try await phase.run(in: session, after: handoff)
                session.record(result.failures)
                if result.ending == .stop { return nil }
            } catch {
                return error
            }
        }
        return nil
    }
}

extension JourneyDriver {
    /// A success without a session is what the script wants: it says `noSession`, or it runs no
    /// journey at all (client credentials alone).
    static func asksForNoSession(_ script: Script) -> Bool {
        // A Rakuten login ends with tokens, never with an AM session.
        if script.rakuten != nil { return true }
        guard let body = script.pingAM else { return false }
        if let start = body.start { return start.noSession }
        return script.uses == nil
    }
}

/// The last handoff of a run's phases, kept by the driver outside the phases it awaits.
private final class HandedOn: Sendable {
    private let value = Mutex(PhaseHandoff())

    var last: PhaseHandoff {
        get { value.withLock { $0 } }
        set { value.withLock { $0 = newValue } }
    }
}
