import JourneyCore

/// TermsAndConditionsCallback and ConsentMappingCallback: `accept` (or `value`) as a boolean.
/// Older AM pre-fills the input with the integer 0; a boolean is written all the same.
enum AcceptanceAnswerer: CallbackAnswerer {
    static var recordedShape: RecordedAnswerShape { .acceptance }

    static func answer(_ draft: inout CallbackDraft, _ context: AnswerContext) async throws(RunError) {
        let accepted: Bool
        if let accept = context.answer.accept {
            accepted = accept.value
        } else if let spec = context.answer.value {
            let resolved = try await context.resolve(spec)
            guard let flag = ValueConversion.bool(resolved.json) else {
                throw context.error(
                    "\(draft.subject) takes true or false; got '\(context.redactor.redact(resolved.text))'")
            }
            accepted = flag
        } else {
            return try context.requireAnswer(draft, expected: "accept: true or false")
        }
        try draft.write(.bool(accepted), suffix: "", redactor: context.redactor, context: context)
    }
}
