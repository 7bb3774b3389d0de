import JourneyCore

/// ReCaptchaCallback (v2/v3 node): `token` into `IDToken<N>`, a secret.
enum ReCaptchaAnswerer: CallbackAnswerer {
    static func answer(_ draft: inout CallbackDraft, _ context: AnswerContext) async throws(RunError) {
        if let siteKey = draft.original.output("recaptchaSiteKey")?.stringValue {
            draft.notes.append(("siteKey", siteKey))
        }
        guard let token = context.answer.token else { return try context.requireAnswer(draft, expected: "token") }
        try await context.writeText(token, suffix: "", into: &draft)
    }
}
