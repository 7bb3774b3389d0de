import JourneyCore
import JourneyFormat

/// The handler that answers a callback, with its 1-based position in the script's chain.
/// A class: a step hands its handler to every answer and draft, and copying the spec each
/// time (every field retained) was a visible share of answering a callback.
final class ActiveHandler: Sendable {
    let number: Int
    let spec: HandlerSpec
    /// `handler #2 (ChoiceCallback, prompt /factor/i) at login.yaml:14:5` (built once).
    let label: String
    /// The answerer bound when the script was compiled (see ``HandlerChain``), if any.
    let boundAnswerer: (any CallbackAnswerer.Type)?

    init(number: Int, spec: HandlerSpec, answerer: (any CallbackAnswerer.Type)? = nil) {
        self.number = number
        self.spec = spec
        self.label = "handler #\(number) (\(spec.matcher.summary)) at \(spec.location)"
        self.boundAnswerer = answerer
    }

    var answer: AnswerSpec { spec.answer }

    /// The answerer for `draft`: the bound one when the callback is the handler's own type with
    /// no special form (or for `solve`), else the table's.
    func answerer(for draft: CallbackDraft) -> any CallbackAnswerer.Type {
        if let boundAnswerer, answer.solve != nil || (draft.form == nil && draft.type == spec.matcher.type?.value) {
            return boundAnswerer
        }
        return answer.solve != nil ? SolveAnswerer.self : AnswererTable.answerer(for: draft)
    }

    /// `#2 ChoiceCallback, prompt /factor/i (login.yaml:14:5)`: the handler in an unhandled-callback message.
    var triedSummary: String { "#\(number) \(spec.matcher.summary) (\(spec.location))" }
}

/// What an answerer works with besides the callback: the handler, the run's environment and the step number.
package struct AnswerContext: Sendable {
    let handler: ActiveHandler
    let environment: any AnswerEnvironment
    let stepNumber: Int
    /// The run's SDK profile, if any: the answers take the form of that SDK's (`SDKProfileAnswers`).
    var sdk: SDKProfile? = nil

    var answer: AnswerSpec { handler.answer }
    var redactor: Redactor { environment.redactor }

    /// Evaluates a value through the run's environment.
    func resolve(_ spec: ValueSpec, timeoutMilliseconds: Int? = nil) async throws(RunError) -> ResolvedValue {
        try await environment.resolve(spec, timeoutMilliseconds: timeoutMilliseconds)
    }

    /// The secret name a resolved value carries: a declared secret's own name, else `fallback`
    /// (the input's placeholder name) when the input is a secret or the spec says `secret: true`.
    func secretName(of value: ResolvedValue, spec: ValueSpec, fallback: String?) -> String? {
        value.secretName ?? fallback ?? (spec.secret ? "secret" : nil)
    }

    /// True when the handler says `keep: true`: an option it leaves out keeps its input's pre-filled value.
    var keeps: Bool { answer.keep?.value == true }

    /// Throws the error for a handler that sets nothing this callback can use, unless it keeps
    /// the pre-filled values (`keep: true`), or sets `validateOnly` alone on a callback that has
    /// that input, as an app on a ForgeRock SDK may (a handler without a type can meet a callback
    /// without one: `validateOnly` is then no answer): the value input is then posted as that SDK leaves it (forgerock-android
    /// callback/AbstractCallback.java and forgerock-js fr-auth/callbacks/index.ts keep it as
    /// received; forgerock-ios FRAuth/FRAuth/Callbacks/AbstractValidatedCallback.swift posts the
    /// `value` output, see `SDKProfileAnswers`).
    func requireAnswer(_ draft: CallbackDraft, expected: String) throws(RunError) {
        let validateOnlyAlone =
            answer.validateOnly != nil && draft.hasInput(suffix: "validateOnly") && sdk.map { !$0.isPingSDK } == true
        if !keeps && !validateOnlyAlone { throw missingAnswer(draft, expected: expected) }
    }

    /// A script error about this answer, naming the handler: `… (handler #3 at login.yaml:12:5)`.
    func error(_ message: String) -> RunError {
        RunError(.script, "\(message) (handler #\(handler.number) at \(handler.spec.location))", step: stepNumber)
    }
}
