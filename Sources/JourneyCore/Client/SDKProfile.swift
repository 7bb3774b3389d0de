/// A Ping / ForgeRock SDK whose requests a run reproduces: `client: { sdk: NAME }` in a script,
/// `--sdk NAME` on the command line. Without one a run answers as it always has (ping-ios's
/// rules, see docs/protocols/sdk-differences.md). A test picks one by name: `SDKProfile(rawValue:)`.
package enum SDKProfile: String, CaseIterable, Sendable, Hashable, Codable {
    /// ForgeRock/ping-ios-sdk (the Ping SDK for iOS, module Journey).
    case pingIOS = "ping-ios"
    /// ForgeRock/ping-android-sdk (the Ping SDK for Android, module journey).
    case pingAndroid = "ping-android"
    /// ForgeRock/forgerock-ios-sdk (FRAuth).
    case forgeRockIOS = "forgerock-ios"
    /// ForgeRock/forgerock-android-sdk (forgerock-auth).
    case forgeRockAndroid = "forgerock-android"
    /// ForgeRock/forgerock-javascript-sdk (@forgerock/javascript-sdk).
    case forgeRockJS = "forgerock-js"

    /// Every profile's name, in the order the docs list them.
    package static var names: [String] { allCases.map(\.rawValue) }

    /// The profile named `name`, or the error to show: the names, and the closest one.
    package static func named(_ name: String) -> Result<SDKProfile, SDKProfileNameError> {
        if let profile = SDKProfile(rawValue: name) { return .success(profile) }
        return .failure(SDKProfileNameError(name: name))
    }

    /// The SDK's repository on GitHub, which the rules cite.
    package var repository: String {
        switch self {
        case .pingIOS: return "ForgeRock/ping-ios-sdk"
        case .pingAndroid: return "ForgeRock/ping-android-sdk"
        case .forgeRockIOS: return "ForgeRock/forgerock-ios-sdk"
        case .forgeRockAndroid: return "ForgeRock/forgerock-android-sdk"
        case .forgeRockJS: return "ForgeRock/forgerock-javascript-sdk"
        }
    }

    /// The new Ping SDKs (ping-ios, ping-android), as opposed to the ForgeRock SDKs they replace.
    package var isPingSDK: Bool { self == .pingIOS || self == .pingAndroid }
}

/// A name that is not a profile: `unknown SDK 'forgerock-io'; one of ping-ios, … (did you mean 'forgerock-ios'?)`.
package struct SDKProfileNameError: Error, Sendable, Hashable, CustomStringConvertible {
    package var name: String

    package var hint: String? { DidYouMean.hint(for: name, among: SDKProfile.names) }

    package var description: String {
        let known = "unknown SDK '\(VisibleText.escaped(name))'; one of \(SDKProfile.names.joined(separator: ", "))"
        return hint.map { "\(known) (\($0))" } ?? known
    }
}
