import Foundation
import JourneyCore
import JourneyFormat

/// `solve:`: computes the answer of a proof-of-work, clear-pass or arithmetic challenge and writes
/// it into the callback's input. The challenge comes from `solve.challenge`, else the callback's
/// `challenge` output (proof of work) or its prompt (arithmetic).
enum SolveAnswerer: CallbackAnswerer {
    static func answer(_ draft: inout CallbackDraft, _ context: AnswerContext) async throws(RunError) {
        guard let spec = context.answer.solve else { throw context.missingAnswer(draft, expected: "solve") }
        let callback = draft.original
        let challenge: JSONValue?
        if let given = spec.challenge {
            challenge = try await context.resolve(given).json
        } else if spec.scheme == .arithmetic {
            challenge = callback.prompt.map(JSONValue.string) ?? callback.output("message")
        } else {
            challenge = callback.output("challenge")
        }
        guard let challenge, !challenge.isNull else {
            throw context.error(
                "\(draft.subject) has no challenge to solve: it has no '\(spec.scheme == .arithmetic ? "prompt" : "challenge")' output; give solve.challenge"
            )
        }
        let answer: String
        var note: String
        let replay = (context.environment as? RunContext)?.offline ?? false
        if spec.scheme != .clearPass, MaskedChallenge.isMasked(challenge.displayText, replay: replay) {
            answer = MaskedChallenge.answer
            note = MaskedChallenge.note
        } else if spec.scheme == .arithmetic {
            guard let value = ArithmeticCaptcha.solve(challenge.displayText) else {
                throw context.error(
                    "\(draft.subject): no 'A + B' (or -, ×) to solve in '\(context.redactor.redact(challenge.displayText))'"
                )
            }
            answer = String(value)
            note = "arithmetic: \(context.redactor.redact(challenge.displayText)) = \(answer)"
        } else {
            let scheme = try powScheme(spec, callback: callback, draft: draft, context)
            // A replay finds the recorded nonce again whatever this machine's speed: it is bounded
            // by the count alone (the search order is fixed), never by the clock.
            let limits = PoWLimits(
                maxCount: UInt64(spec.maxCount ?? 100_000_000),
                timeoutSeconds: replay ? .infinity : Double(spec.timeoutMilliseconds ?? 30_000) / 1000)
            let solution: PoWScheme.Solution
            do {
                solution = try scheme.solve(challenge, limits: limits)
            } catch {
                throw context.error("\(draft.subject): \(scheme.rawValue): \(error.description)")
            }
            answer = solution.answer
            note =
                scheme == .clearPass
                ? "clearPass: token sent back"
                : "\(scheme.rawValue): \(solution.tried) hashes in \(String(format: "%.3f", solution.seconds)) s"
        }
        let names = draft.inputNames
        let target: String
        if let suffix = spec.input {
            target = try draft.inputName(named: suffix, context)
        } else {
            guard let name = names.count == 1 ? names[0] : draft.callback.inputName(suffix: "") else {
                throw context.error(
                    "\(draft.subject) has inputs \(names.joined(separator: ", ")); name one with solve.input")
            }
            target = name
        }
        let secret = CallbackCatalogue.secretName(forInputSuffix: AMCallback.suffix(of: target), in: callback)
        draft.write(.string(answer), inputNamed: target, secretName: secret, redactor: context.redactor)
        draft.notes.append(("solve", note))
    }

    /// The proof-of-work scheme: the spec's, or (`pow`) the callback's `scheme` output.
    private static func powScheme(
        _ spec: SolveSpec, callback: AMCallback, draft: CallbackDraft, _ context: AnswerContext
    )
        throws(RunError) -> PoWScheme
    {
        if spec.scheme != .pow, let scheme = PoWScheme(rawValue: spec.scheme.rawValue) { return scheme }
        let names = PoWScheme.allCases.map(\.rawValue)
        guard let name = callback.output("scheme")?.stringValue else {
            throw context.error(
                "\(draft.subject) has no 'scheme' output; name the scheme: solve: { scheme: \(names.joined(separator: " | ")) }"
            )
        }
        guard let scheme = PoWScheme(rawValue: name) else {
            throw context.error(
                "\(draft.subject) asks for proof-of-work scheme '\(name)', which the runner does not know (\(names.joined(separator: ", ")))"
            )
        }
        return scheme
    }
}
