import Foundation
import JourneyCore
import JourneyFormat

/// What Challenger's negotiation ended with (rauthentication.md §2).
struct ChallengeOutcome: Sendable {
    var cid: String?
    var ctype: Int?
    /// The `challengeResult` to send; nil when the challenge failed.
    var result: String?
    /// Proof-of-work tries over every attempt.
    var tries = 0
    /// Why the challenge failed, for the trace and the `challenge_failed` failure.
    var problem: String?

    var solved: Bool { result != nil }
}

/// Gets a challenge from Challenger and meets it: ctype 0 with an empty result, 127 by the proof
/// of work (one retry with a new challenge by default), any other ctype with
/// `rakuten.challenge.result`. Transport trouble and unreadable answers end the negotiation, not
/// the run: the SDK then sends the password grant without a challenge.
struct RakutenChallenger {
    let spec: RakutenSpec
    let session: RunSession
    let baseURL: String

    func negotiate() async throws(RunError) -> ChallengeOutcome {
        var outcome = ChallengeOutcome()
        for attempt in 0...spec.challenge.retries {
            let body = challengeBody()
            let request = TransportRequest(
                method: "POST", url: baseURL + "/v1.0/c", headers: [], body: Data(body.utf8),
                timeoutSeconds: Self.timeoutSeconds, toScriptServer: false)
            guard let (response, index) = try await call(request, into: &outcome) else { return outcome }
            guard let (cid, ctype) = ChallengerAnswer.challenge(response.body) else {
                return problem("invalid response from /v1.0/c: \(session.describe(response))", at: index, &outcome)
            }
            outcome.cid = cid
            outcome.ctype = ctype
            session.note(stepAt: index, "challenge", "cid \(cid), ctype \(ctype)")
            switch ctype {
            case 0:
                outcome.result = ""
                session.note(stepAt: index, "challenge", "clear pass")
                return outcome
            case 127:
                let url = RakutenWire.parametersURL(challenger: baseURL, cid: cid)
                let parameters = TransportRequest(
                    method: "GET", url: url, headers: [], timeoutSeconds: Self.timeoutSeconds, toScriptServer: false)
                guard let (answer, step) = try await call(parameters, into: &outcome) else { return outcome }
                if MaskedChallenge.isMasked(String(decoding: answer.body, as: UTF8.self), replay: replay) {
                    outcome.result = MaskedChallenge.answer
                    session.note(stepAt: step, "proof of work", MaskedChallenge.note)
                    return outcome
                }
                guard let pow = ChallengerAnswer.parameters(answer.body) else {
                    session.note(stepAt: step, "challenge", "unusable /v1.0/m answer: attempt \(attempt + 1) unsolved")
                    continue
                }
                let (solution, tries) = solve(pow)
                outcome.tries += tries
                if let solution {
                    outcome.result = solution
                    session.note(stepAt: step, "proof of work", "solved in \(tries) tries")
                    return outcome
                }
                session.note(stepAt: step, "proof of work", "unsolved after \(tries) tries (attempt \(attempt + 1))")
            default:
                guard let source = spec.challenge.result else {
                    return problem("unsupported challenge type \(ctype)", at: index, &outcome)
                }
                session.context.setVariable(
                    ScriptLoadContext.challengeVariable,
                    ResolvedValue(.object(["cid": .string(cid), "ctype": .int(ctype)])))
                let value = try await session.context.resolve(source, timeoutMilliseconds: nil)
                outcome.result = value.json.displayText
                session.note(stepAt: index, "challenge", "ctype \(ctype) answered by rakuten.challenge.result")
                return outcome
            }
        }
        let unsolved = "proof of work not solved in \(spec.challenge.retries + 1) attempts"
        guard let index = session.lastStepIndex else {
            outcome.problem = unsolved
            return outcome
        }
        return problem(unsolved, at: index, &outcome)
    }

    /// Challenger's own HTTP timeout in the SDK (the session sends with the script's
    /// `server.timeout` when that is shorter).
    static let timeoutSeconds: Double = 20

    /// A call whose transport failure ends the negotiation (noted), not the run; a replay mismatch
    /// stays the run's error.
    private func call(_ request: TransportRequest, into outcome: inout ChallengeOutcome) async throws(RunError) -> (
        TransportResponse, Int
    )? {
        do throws(RunError) {
            return try await session.call(request, phase: "challenger", party: .challenger)
        } catch  where error.kind == .transport {
            outcome.problem = "Challenger unreachable: \(error.message)"
            if let index = session.lastStepIndex { session.note(stepAt: index, "challenge", outcome.problem ?? "") }
            return nil
        }
    }

    private func problem(_ text: String, at index: Int, _ outcome: inout ChallengeOutcome) -> ChallengeOutcome {
        outcome.problem = text
        session.note(stepAt: index, "challenge", text)
        return outcome
    }

    /// The `/v1.0/c` body: the page id and the `rat` device fields, pretty-printed as the SDK sends it.
    private func challengeBody() -> String {
        let device = spec.device
        let rat = RakutenWire.orderedObject([
            ("app", .string(device.app)), ("app_version", .string(device.appVersion)),
            ("os_version", .string(device.osVersion)), ("os", .string(device.os)),
        ])
        return "{\n  \"pid\" : \(JSONValue.string(spec.pageId).compactJSON),\n  \"rat\" : \(rat)\n}"
    }

    private var replay: Bool { session.configuration.offline }

    /// Tries a replay makes at most. Its search order is fixed, so it meets the recorded answer
    /// again after as many tries as the live run made, however slow this machine is; a 16-bit
    /// mask is met within 2^24 tries but with a chance of e^-256.
    static let replayTries = 1 << 24

    /// The proof of work within the time limit (the SDK's budget, on the wall clock) against a
    /// live Challenger; within `replayTries` in a replay, which never reads the clock.
    private func solve(_ pow: ChallengerProofOfWork) -> (String?, Int) {
        if replay { return pow.solve(maxTries: Self.replayTries) }
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: .milliseconds(spec.challenge.timeoutMilliseconds))
        return pow.solve(maxTries: Int.max) { clock.now >= deadline }
    }
}
