import JourneyCore

/// SelectIdPCallback: `value` is a provider id from `providers[].provider` (`localAuthentication` included).
enum SelectIdPAnswerer: CallbackAnswerer {
    static func answer(_ draft: inout CallbackDraft, _ context: AnswerContext) async throws(RunError) {
        guard let spec = context.answer.value else { return try context.requireAnswer(draft, expected: "value") }
        let providers = (draft.original.output("providers")?.arrayValue ?? []).compactMap {
            $0["provider"]?.stringValue
        }
        let provider = ValueConversion.text(try await context.resolve(spec).json)
        // ping-android external-idp/src/main/kotlin/com/pingidentity/idp/journey/SelectIdpCallback.kt:
        // `value` is posted as the app sets it, offered or not (SelectIdpCallbackTest sets one that is not).
        if context.sdk == .pingAndroid, !providers.contains(provider) {
            draft.notes.append(("provider", "not offered: \(context.redactor.redact(provider))"))
        } else if !providers.contains(provider) {
            throw context.error(
                "\(draft.subject) offers no provider '\(provider)'; providers: \(String.quotedList(providers))")
        }
        try draft.write(.string(provider), suffix: "", redactor: context.redactor, context: context)
    }
}

/// IdPCallback: `token` (a secret) into `…token` and `tokenType` (default `id_token`, or `JSON`
/// when the token is a mapping, as Apple's JSON answer) into `…token_type`; or `clientError`
/// when the callback has that input.
enum IdPAnswerer: CallbackAnswerer {
    static let defaultTokenType = "id_token"

    static func answer(_ draft: inout CallbackDraft, _ context: AnswerContext) async throws(RunError) {
        if context.answer.clientError != nil, context.answer.token == nil { return }
        guard let spec = context.answer.token else { return try context.requireAnswer(draft, expected: "token") }
        let token = try await context.resolve(spec)
        let isJSON: Bool
        if case .object = token.json { isJSON = true } else { isJSON = false }
        let secret = context.secretName(
            of: token, spec: spec, fallback: CallbackCatalogue.secretName(forInputSuffix: "token", in: draft.original))
        let tokenType = context.answer.tokenType?.value ?? (isJSON ? "JSON" : defaultTokenType)
        let values: [(value: JSONValue, secretName: String?)] = [
            (.string(ValueConversion.text(token.json)), secret), (.string(tokenType), nil),
        ]
        if try !SDKProfileAnswers.writeByPosition(values, .idP, into: &draft, context) {
            try draft.write(
                .string(ValueConversion.text(token.json)), suffix: "token", secretName: secret,
                redactor: context.redactor, context: context)
            try draft.write(.string(tokenType), suffix: "token_type", redactor: context.redactor, context: context)
        }
        if let provider = draft.original.output("provider")?.stringValue { draft.notes.append(("provider", provider)) }
    }
}
