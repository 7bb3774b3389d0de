import Foundation
import JourneyCore
import JourneyFormat

/// Answers challenged security checks with the script's handlers, one answer per check, all
/// sent together in `challengeResponse`.
extension MobileFirstDriver {
    /// Answer members whose value is a secret even when the script does not say so.
    static let secretAnswerMembers = MobileFirstSecrets.answerMembers

    /// The `challengeResponse` for the challenged checks; nil when a check has no handler (an
    /// expectation failure that stops the run).
    func mfpAnswer(_ challenges: [String: JSONValue], index: Int) async throws(RunError)
        -> [String: JSONValue]?
    {
        let number = session.stepNumber(at: index)
        let ordered = challenges.sorted { $0.key < $1.key }
        let step = AMStep(
            authId: "",
            callbacks: ordered.map { name, challenge in
                AMCallback(
                    type: name,
                    output: (challenge.objectValue ?? [:]).sorted { $0.key < $1.key }.map {
                        NameValue(name: $0.key, value: $0.value)
                    })
            })
        let stepFailures = StepChecks(session: session).checkStep(step, number: number)
        session.markChallenged(stepAt: index, names: ordered.map(\.key), failures: stepFailures)
        try RunCaptures(session: session).fromStep(step, number: number)

        var response: [String: JSONValue] = [:]
        var traces: [CallbackTrace] = []
        for (name, challenge) in ordered {
            let prompt = (challenge["captcha"] ?? challenge["errorMsg"] ?? challenge["message"])?.stringValue
            guard let handler = client.spec.handlers.first(where: { $0.check.value == name }) else {
                traces.append(
                    CallbackTrace(
                        type: name, prompt: prompt, answeredBy: nil, inputs: [],
                        notes: [("challenge", session.redactor.redact(json: challenge).compactJSON)]))
                let failure = ExpectationFailure(
                    unknownCheckMessage(name, challenge: challenge, handlers: client.spec.handlers), step: number)
                session.updateStep(at: index) { [traces] in $0.callbacks = traces }
                session.recordFailure(failure, onStepAt: index)
                return nil
            }
            session.context.setVariable(ScriptLoadContext.challengeVariable, ResolvedValue(challenge))
            var trace = CallbackTrace(
                type: name, prompt: prompt, answeredBy: "handler \(name) at \(handler.location)", inputs: [],
                notes: [("challenge", session.redactor.redact(json: challenge).compactJSON)])
            let answer = try await mfpAnswerObject(handler, challenge: challenge, trace: &trace, step: number)
            response[name] = answer
            traces.append(trace)
        }
        session.updateStep(at: index) { [traces] in $0.callbacks = traces }
        return response
    }

    private func mfpAnswerObject(
        _ handler: SecurityCheckHandler, challenge: JSONValue, trace: inout CallbackTrace, step: Int
    ) async throws(RunError) -> JSONValue {
        switch handler.answer {
        case .value(let spec):
            let value = try await session.context.resolve(spec, timeoutMilliseconds: nil)
            let text = session.redactor.redact(value.json.compactJSON)
            trace.inputs.append(InputTrace(name: "(answer)", value: text, redacted: text != value.json.compactJSON))
            return value.json
        case .members(let members):
            var object: [String: JSONValue] = [:]
            for (name, member) in members {
                let value: JSONValue
                switch member {
                case .value(let spec):
                    value = try await session.context.resolve(spec, timeoutMilliseconds: nil).json
                case .solve(let solve):
                    let (answer, note) = try await mfpSolve(
                        solve, challenge: challenge, check: handler.check.value, step: step)
                    value = .string(answer)
                    trace.notes.append(("solve", note))
                }
                if Self.secretAnswerMembers.contains(name.lowercased()), !value.displayText.isEmpty {
                    session.redactor.register(value.displayText, name: name)
                }
                let shown = session.redactor.redact(value.displayText)
                trace.inputs.append(InputTrace(name: name, value: shown, redacted: shown != value.displayText))
                object[name] = value
            }
            return .object(object)
        }
    }

    /// `solve: arithmetic`: the sum (or difference, product) in the challenge's `captcha`, or in `solve.challenge`.
    private func mfpSolve(_ spec: SolveSpec, challenge: JSONValue, check: String, step: Int) async throws(RunError)
        -> (String, String)
    {
        guard spec.scheme == .arithmetic else {
            throw RunError(
                .script,
                "\(spec.location): solve: \(spec.scheme.rawValue) does not apply to a MobileFirst challenge; use solve: arithmetic",
                step: step)
        }
        var text: String?
        if let given = spec.challenge {
            text = try await session.context.resolve(given, timeoutMilliseconds: nil).json.displayText
        } else {
            text =
                challenge["captcha"]?.stringValue
                ?? challenge.objectValue?.values.compactMap(\.stringValue).first {
                    ArithmeticCaptcha.solve($0) != nil
                        || MaskedChallenge.isMasked($0, replay: session.configuration.offline)
                }
        }
        if let text, MaskedChallenge.isMasked(text, replay: session.configuration.offline) {
            return (MaskedChallenge.answer, MaskedChallenge.note)
        }
        guard let text, let value = ArithmeticCaptcha.solve(text) else {
            throw RunError(
                .script,
                "\(spec.location): \(check)'s challenge has no 'A + B' (or -, ×) to solve: \(session.redactor.redact(json: challenge).compactJSON)",
                step: step)
        }
        return (String(value), "arithmetic: \(session.redactor.redact(text)) = \(value)")
    }

    /// Names the check, what it sent, and the handlers the script has.
    private func unknownCheckMessage(_ name: String, challenge: JSONValue, handlers: [SecurityCheckHandler]) -> String {
        let have = handlers.map { "\($0.check.value) (\($0.location))" }
        var message =
            "the server challenged security check '\(name)' (\(session.redactor.redact(json: challenge).compactJSON)) and the script has no handler for it"
        message +=
            have.isEmpty ? "; the script has no handlers" : "; the script's handlers: \(have.joined(separator: ", "))"
        if let hint = DidYouMean.hint(for: name, among: handlers.map(\.check.value)) { message += "; \(hint)" }
        return message
    }
}
