import JourneyKit

/// `--sdk NAME` of `run`, `load`, `diff` and `bench`: the SDK profile over each script's `client.sdk`.
enum SDKOption {
    static let help =
        "Send what this SDK sends (ping-ios, ping-android, forgerock-ios, forgerock-android, forgerock-js); overrides each script's client.sdk."

    /// The profile `name` names; a name that is none stops the command (exit 2) with the closest one.
    static func profile(_ name: String?) throws(CommandFailure) -> SDKProfile? {
        guard let name else { return nil }
        switch SDKProfile.named(name) {
        case .success(let profile): return profile
        case .failure(let error): throw CommandFailure("--sdk: \(error.description)")
        }
    }
}
