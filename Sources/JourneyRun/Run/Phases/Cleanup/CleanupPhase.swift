import JourneyCore
import JourneyFormat

/// `cleanup:` — token revocation and end of session, validity before, logout, validity after.
/// Runs whenever the run did not end on an error; its checks are expectation failures, its
/// transport trouble the run's error.
struct CleanupPhase: PhaseDriver {
    let spec: CleanupSpec
    var oauth: OAuthClient? = nil
    /// A Rakuten script's client: `revoke` cancels its access token at `engine/token_cancel`.
    var rakuten: RakutenClient? = nil

    var runsAfterEnd: Bool { true }

    func run(in session: RunSession, after handoff: PhaseHandoff) async throws(RunError) -> PhaseResult {
        let outcome = handoff.outcome
        var failures = PhaseFailures()
        if let rakuten {
            if spec.revoke {
                failures.add(
                    try await rakuten.cleanupRevoke(handoff.grant, in: session, after: outcome, location: spec.location)
                )
            }
            if let expected = spec.after {
                failures.add(
                    try await rakuten.checkToken(expected, of: handoff.grant, in: session, location: spec.location))
            }
            return .next(handoff, failures)
        }
        if let oauth, spec.revoke || spec.endSession {
            let tokens = TokenCleanup(client: oauth, grant: handoff.grant)
            if spec.revoke {
                failures.add(try await tokens.revoke(in: session, after: outcome, location: spec.location))
            }
            if spec.endSession {
                failures.add(try await tokens.endSession(in: session, after: outcome, location: spec.location))
            }
            guard spec.logout || spec.before != nil || spec.after != nil else { return .next(handoff, failures) }
        }
        guard let amSession = handoff.amSession else {
            if spec.before == .valid || spec.logout {
                failures.add(
                    ExpectationFailure(
                        "cleanup: the run produced no session (no tokenId) to check or log out",
                        location: spec.location))
            }
            return .next(handoff, failures)
        }
        try await session.sessionCalls.ensureSessionCookie(for: amSession)
        if let expected = spec.before {
            failures.add(try await checkValidity(expected, of: amSession, when: "before the logout", session: session))
        }
        if spec.logout {
            let (response, index) = try await session.sessionCalls.sessionAction(
                "logout", with: amSession, apiVersion: AMSessionCalls.logoutAPIVersion, phase: "cleanup")
            if (200..<300).contains(response.status) {
                session.note(stepAt: index, "logout", "done")
            } else if response.status == 401 {
                // The session had already ended (AM answers a logout of an ended session 401).
                session.note(stepAt: index, "logout", "already logged out (HTTP 401)")
            } else {
                session.recordFailure(
                    "the logout answered \(session.describe(response))", onStepAt: index, location: spec.location)
            }
        }
        if let expected = spec.after {
            failures.add(
                try await checkValidity(
                    expected, of: amSession, when: spec.logout ? "after the logout" : "at the end", session: session))
        }
        return .next(handoff, failures)
    }

    /// After the run's error: `revoke` still revokes what the run received, as a live grant must
    /// not outlive a failed run; its own trouble is a note, never the run's error.
    func revokeAfterError(in session: RunSession, grant: OAuthGrant?) async -> PhaseFailures {
        var failures = PhaseFailures()
        guard spec.revoke, rakuten != nil || oauth != nil, grant != nil else { return failures }
        do throws(RunError) {
            if let rakuten {
                failures.add(try await rakuten.cleanupRevoke(grant, in: session, after: nil, location: spec.location))
            } else if let oauth {
                failures.add(
                    try await TokenCleanup(client: oauth, grant: grant).revoke(
                        in: session, after: nil, location: spec.location))
            }
        } catch {
            if let index = session.lastStepIndex {
                session.note(stepAt: index, "revoke", "failed after the run's error: \(error.message)")
            }
        }
        return failures
    }

    private func checkValidity(
        _ expected: CleanupSpec.Validity, of amSession: AMSession, when: String, session: RunSession
    ) async throws(RunError) -> PhaseFailures {
        var failures = PhaseFailures()
        let valid = try await session.sessionCalls.validateSession(amSession, phase: "cleanup")
        guard valid != (expected == .valid) else { return failures }
        let failure = ExpectationFailure(
            "expected the session to be \(expected.rawValue) \(when), but it is \(valid ? "valid" : "invalid")",
            step: session.lastStepNumber, location: spec.location)
        failures.add(failure, onStepAt: session.lastStepIndex)
        return failures
    }
}
