import JourneyCore

/// DeviceProfileCallback: the input is a JSON string. `profile` (a mapping, sent as given),
/// `value` (text sent as is, a mapping as JSON), or by default a document built from the
/// callback's `metadata` and `location` flags with the run's device identifier.
enum DeviceProfileAnswerer: CallbackAnswerer {
    static func answer(_ draft: inout CallbackDraft, _ context: AnswerContext) async throws(RunError) {
        let text: String
        if let profile = context.answer.profile {
            text = try await context.environment.expandTemplates(in: profile.value).compactJSON
        } else if let spec = context.answer.value {
            text = ValueConversion.text(try await context.resolve(spec).json)
        } else {
            let environment = context.environment
            let identifier = environment.deviceState.identifier(randomBytes: { environment.randomBytes($0) })
            let document = DeviceProfileDocument.make(
                identifier: identifier,
                metadata: draft.original.output("metadata")?.boolValue ?? false,
                location: draft.original.output("location")?.boolValue ?? false)
            text = document.compactJSON
            draft.notes.append(("profile", "default"))
        }
        try draft.write(.string(text), suffix: "", redactor: context.redactor, context: context)
    }
}
