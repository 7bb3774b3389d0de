import JourneyCore

/// KbaCreateCallback: `question` (one of `predefinedQuestions`, an index into them, or any text
/// when `allowUserDefinedQuestions` is true) into `…question`; `answer` (a secret) into `…answer`.
enum KbaCreateAnswerer: CallbackAnswerer {
    static func answer(_ draft: inout CallbackDraft, _ context: AnswerContext) async throws(RunError) {
        guard let questionSpec = context.answer.question, let answerSpec = context.answer.answer else {
            throw context.missingAnswer(draft, expected: "question and answer")
        }
        let predefined = (draft.original.output("predefinedQuestions")?.arrayValue ?? []).map(\.displayText)
        let userDefinedAllowed = draft.original.output("allowUserDefinedQuestions")?.boolValue ?? false
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
                "\(draft.subject) does not allow user-defined questions; '\(question)' is not one of the predefined questions: \(String.quotedList(predefined))"
            )
        }
        try draft.write(.string(question), suffix: "question", redactor: context.redactor, context: context)
        try await context.writeText(answerSpec, suffix: "answer", into: &draft)
    }
}
