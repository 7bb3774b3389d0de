import JourneyCore

/// KbaCreateCallback: `question` (one of `predefinedQuestions`, an index into them, or any text
/// unless `allowUserDefinedQuestions` is false) into `…question`; `answer` (a secret) into `…answer`.
/// An absent `allowUserDefinedQuestions` (older AM) allows the user's own questions;
/// `forceQuestion: true` sends the question even when the callback says it is not allowed.
enum KbaCreateAnswerer: CallbackAnswerer {
    static var recordedShape: RecordedAnswerShape { .kbaCreate }

    static func answer(_ draft: inout CallbackDraft, _ context: AnswerContext) async throws(RunError) {
        guard let questionSpec = context.answer.question, let answerSpec = context.answer.answer else {
            throw context.missingAnswer(draft, expected: "question and answer")
        }
        let predefined = (draft.original.output("predefinedQuestions")?.arrayValue ?? []).map(\.displayText)
        let userDefinedAllowed =
            context.answer.forceQuestion?.value == true
            || draft.original.output("allowUserDefinedQuestions")?.boolValue ?? true
        let resolved = try await context.resolve(questionSpec)
        let question: String
        if case .int(let index) = resolved.json {
            guard predefined.indices.contains(index) else {
                throw context.error(
                    "\(draft.subject) has no question #\(index); predefined questions: \(String.quotedList(predefined))"
                )
            }
            question = predefined[index]
        } else {
            question = ValueConversion.text(resolved.json)
        }
        guard predefined.contains(question) || userDefinedAllowed else {
            throw context.error(
                "\(draft.subject) does not allow user-defined questions (allowUserDefinedQuestions is false); '\(question)' is not one of the predefined questions: \(String.quotedList(predefined)). Add 'forceQuestion: true' to send it anyway"
            )
        }
        try draft.write(.string(question), suffix: "question", redactor: context.redactor, context: context)
        try await context.writeText(answerSpec, suffix: "answer", into: &draft)
    }
}
