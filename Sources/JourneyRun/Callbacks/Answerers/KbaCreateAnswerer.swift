import JourneyCore
import JourneyFormat

/// KbaCreateCallback: `question` (one of `predefinedQuestions`, an index into them, or any text
/// unless `allowUserDefinedQuestions` is false) into `…question`; `answer` (a secret) into `…answer`.
/// An absent `allowUserDefinedQuestions` (older AM) allows the user's own questions;
/// `forceQuestion: true` sends the question even when the callback says it is not allowed.
enum KbaCreateAnswerer: CallbackAnswerer {
    static var recordedShape: RecordedAnswerShape { .kbaCreate }

    static func answer(_ draft: inout CallbackDraft, _ context: AnswerContext) async throws(RunError) {
        let questionSpec = context.answer.question
        let answerSpec = context.answer.answer
        if questionSpec == nil || answerSpec == nil {
            // With `keep: true`, the question or the answer alone; the other stays as received.
            try context.requireAnswer(draft, expected: "question and answer")
        }
        if let questionSpec {
            let question = try await question(questionSpec, draft, context)
            try draft.write(.string(question), suffix: "question", redactor: context.redactor, context: context)
        }
        if let answerSpec { try await context.writeText(answerSpec, suffix: "answer", into: &draft) }
    }

    /// The question text: a predefined one by index or text, or one of the user's own when allowed.
    private static func question(_ spec: ValueSpec, _ draft: CallbackDraft, _ context: AnswerContext)
        async throws(RunError) -> String
    {
        let predefined = (draft.original.output("predefinedQuestions")?.arrayValue ?? []).map(\.displayText)
        let userDefinedAllowed =
            context.answer.forceQuestion?.value == true
            || draft.original.output("allowUserDefinedQuestions")?.boolValue ?? true
        let resolved = try await context.resolve(spec)
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
        return question
    }
}
