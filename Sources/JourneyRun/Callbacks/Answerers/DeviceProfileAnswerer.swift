import JourneyCore
import JourneyFormat

/// DeviceProfileCallback: the input is a JSON string. `profile` (a mapping, sent as given; or
/// `browser`, `ios`, `android`: the document that SDK's collector builds), `value` (text sent as
/// is, a mapping as JSON), or by default a document built from the callback's `metadata` and
/// `location` flags with the run's device identifier.
enum DeviceProfileAnswerer: CallbackAnswerer {
    static func answer(_ draft: inout CallbackDraft, _ context: AnswerContext) async throws(RunError) {
        let text: String
        let environment = context.environment
        let metadata = draft.original.output("metadata")?.boolValue ?? false
        let location = draft.original.output("location")?.boolValue ?? false
        if let name = context.answer.profile?.value.stringValue, let shape = DeviceProfileShape(rawValue: name) {
            let identifier = environment.deviceState.identifier(randomBytes: { environment.randomBytes($0) })
            text = shape.document(identifier: identifier, metadata: metadata, location: location).compactJSON
            draft.notes.append(("profile", shape.rawValue))
        } else if let profile = context.answer.profile {
            text = try await environment.expandTemplates(in: profile.value).compactJSON
        } else if let spec = context.answer.value {
            text = ValueConversion.text(try await context.resolve(spec).json)
        } else if let shape = collectorShape(of: context.sdk) {
            let identifier = environment.deviceState.identifier(randomBytes: { environment.randomBytes($0) })
            text = shape.document(identifier: identifier, metadata: metadata, location: location).compactJSON
            draft.notes.append(("profile", shape.rawValue))
        } else {
            let identifier = environment.deviceState.identifier(randomBytes: { environment.randomBytes($0) })
            let document = DeviceProfileDocument.make(identifier: identifier, metadata: metadata, location: location)
            text = document.compactJSON
            draft.notes.append(("profile", "default"))
        }
        try draft.write(.string(text), suffix: "", redactor: context.redactor, context: context)
    }

    /// The document a Ping SDK's own collectors build, sent when its profile runs and the handler
    /// gives none: ping-ios DeviceProfile/DeviceProfile/DeviceProfileCallback.swift and ping-android
    /// foundation/device/device-profile/src/main/kotlin/com/pingidentity/device/profile/DeviceProfileCallback.kt post
    /// their collectors' document as JSON text in the one input.
    private static func collectorShape(of sdk: SDKProfile?) -> DeviceProfileShape? {
        switch sdk {
        case .pingIOS?: return .ios
        case .pingAndroid?: return .android
        default: return nil
        }
    }
}
