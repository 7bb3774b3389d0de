import JourneyCore

/// HiddenValueCallback: `value` as text into its input (the default echoes the pre-filled input).
enum HiddenValueAnswerer: CallbackAnswerer {
    static var recordedShape: RecordedAnswerShape { .hiddenValue }

    static func answer(_ draft: inout CallbackDraft, _ context: AnswerContext) async throws(RunError) {
        guard let value = context.answer.value else { return try context.requireAnswer(draft, expected: "value") }
        try await context.writeText(value, suffix: "", into: &draft)
    }
}
