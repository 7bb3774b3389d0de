import JourneyCore
import JourneyFormat

/// DeviceProfileCallback: the input is a JSON string. `profile` (a mapping, sent as given; or
/// `browser`, `ios`, `android`: the document that SDK's collector builds), `value` (text sent as
/// is, a mapping as JSON), or by default a document built from the callback's `metadata` and
/// `location` flags with the run's device identifier (with `--sdk`, the document of that SDK's
/// collector: `SDKProfile.deviceProfileShape`).
enum DeviceProfileAnswerer: CallbackAnswerer {
    static func answer(_ draft: inout CallbackDraft, _ context: AnswerContext) async throws(RunError) {
        let text: String
        let environment = context.environment
        let metadata = draft.original.output("metadata")?.boolValue ?? false
        let location = draft.original.output("location")?.boolValue ?? false
        // A named collector (`profile: ios`) comes first, then a profile or value given whole, then
        // the `--sdk` collector, then the runner's own document.
        let named = context.answer.profile?.value.stringValue.flatMap(DeviceProfileShape.init(rawValue:))
        if named == nil, let profile = context.answer.profile {
            text = try await environment.expandTemplates(in: profile.value).compactJSON
        } else if named == nil, let spec = context.answer.value {
            text = ValueConversion.text(try await context.resolve(spec).json)
        } else {
            let identifier = environment.deviceState.identifier(randomBytes: { environment.randomBytes($0) })
            if let shape = named ?? context.sdk?.deviceProfileShape {
                text = shape.document(identifier: identifier, metadata: metadata, location: location).compactJSON
                draft.notes.append(("profile", shape.rawValue))
            } else {
                text =
                    DeviceProfileDocument.make(identifier: identifier, metadata: metadata, location: location)
                    .compactJSON
                draft.notes.append(("profile", "default"))
            }
        }
        try draft.write(.string(text), suffix: "", redactor: context.redactor, context: context)
    }
}
