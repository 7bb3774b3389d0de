import JourneyCore

/// NameCallback, PasswordCallback, TextInputCallback, StringAttributeInputCallback and the
/// Validated* callbacks: `value` as text into `IDToken<N>`, plus the optional `validateOnly`.
/// Passwords (and OTPs, KBA answers) are secrets.
enum TextValueAnswerer: CallbackAnswerer {
    static func answer(_ draft: inout CallbackDraft, _ context: AnswerContext) async throws(RunError) {
        if let value = context.answer.value {
            try await context.writeText(value, suffix: "", into: &draft)
        } else {
            try ValidateOnlyOption.keepValue(&draft, context)
        }
        try ValidateOnlyOption.apply(context, to: &draft)
    }
}

/// NumberAttributeInputCallback: `value` as a JSON number (or `null`).
enum NumberValueAnswerer: CallbackAnswerer {
    static func answer(_ draft: inout CallbackDraft, _ context: AnswerContext) async throws(RunError) {
        guard let spec = context.answer.value else {
            try ValidateOnlyOption.keepValue(&draft, context)
            return try ValidateOnlyOption.apply(context, to: &draft)
        }
        let resolved = try await context.resolve(spec)
        guard let number = ValueConversion.number(resolved.json) else {
            throw context.error("\(draft.subject) takes a number; got '\(context.redactor.redact(resolved.text))'")
        }
        try draft.write(
            number, suffix: "", secretName: resolved.secretName, redactor: context.redactor, context: context)
        try ValidateOnlyOption.apply(context, to: &draft)
    }
}

/// BooleanAttributeInputCallback: `value` as a JSON boolean.
enum BooleanValueAnswerer: CallbackAnswerer {
    static func answer(_ draft: inout CallbackDraft, _ context: AnswerContext) async throws(RunError) {
        guard let spec = context.answer.value else {
            try ValidateOnlyOption.keepValue(&draft, context)
            return try ValidateOnlyOption.apply(context, to: &draft)
        }
        let resolved = try await context.resolve(spec)
        guard let flag = ValueConversion.bool(resolved.json) else {
            throw context.error("\(draft.subject) takes true or false; got '\(context.redactor.redact(resolved.text))'")
        }
        try draft.write(.bool(flag), suffix: "", secretName: nil, redactor: context.redactor, context: context)
        try ValidateOnlyOption.apply(context, to: &draft)
    }
}

/// The `validateOnly` option: sets the `IDToken<N>validateOnly` input (the default is `false`).
enum ValidateOnlyOption {
    static func apply(_ context: AnswerContext, to draft: inout CallbackDraft) throws(RunError) {
        guard let validateOnly = context.answer.validateOnly else { return }
        guard draft.hasInput(suffix: "validateOnly") else {
            throw context.error(
                "\(draft.subject) has no validateOnly input (AM before 7 does not offer it); inputs: \(draft.inputNames.joined(separator: ", "))"
            )
        }
        try draft.write(.bool(validateOnly.value), suffix: "validateOnly", redactor: context.redactor, context: context)
    }

    /// A handler without `value`: with `validateOnly` alone the value is kept as the SDK pre-fills
    /// it, as the SDKs let an app set validateOnly alone and post the value their class holds
    /// (ping-ios Journey/JourneyTests/Callbacks/StringAttributeInputCallbackTests.swift,
    /// testPayloadReturnsCorrectly: the `value` output); otherwise the handler must give a value
    /// (or say `keep: true`).
    static func keepValue(_ draft: inout CallbackDraft, _ context: AnswerContext) throws(RunError) {
        guard context.answer.validateOnly != nil else { return try context.requireAnswer(draft, expected: "value") }
        if !context.keeps { KeepOption.prefill(&draft, sdk: context.sdk, redactor: context.redactor) }
    }

    /// The built-in default: every `…validateOnly` input is sent as `false`.
    static func applyDefault(to draft: inout CallbackDraft, redactor: Redactor) {
        for input in draft.callback.input ?? [] where AMCallback.suffix(of: input.name) == "validateOnly" {
            draft.write(.bool(false), inputNamed: input.name, secretName: nil, redactor: redactor)
        }
    }
}
