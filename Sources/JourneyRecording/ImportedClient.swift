import JourneyCore
import JourneyRun

/// The SDK an imported journey was sent by: the profile journey's own recording states, or a
/// guess from the start request's headers (a capture of an app), written as `client: { sdk: … }`.
/// Only a profile's own name is ever written, never text from the traffic.
package struct ImportedClient: Sendable, Hashable {
    package var sdk: SDKProfile
    /// Why: `recorded with --sdk/client.sdk` or the headers that gave it away.
    package var reason: String

    /// The recording's stated profile, else the guess from `journey`'s first request; nil when neither says.
    package init?(recording: Recording, journey: RecordedJourney) {
        if let stated = recording.page?.sdk.flatMap(SDKProfile.init(rawValue:)) {
            self.init(sdk: stated, reason: "the profile the recording was made with")
            return
        }
        guard let first = journey.exchanges.first, let guess = Self.guess(first.requestHeaders) else { return nil }
        self = guess
    }

    init(sdk: SDKProfile, reason: String) {
        self.sdk = sdk
        self.reason = reason
    }

    /// The SDK whose headers these are (see `SDKProfile.authenticateHeaders`), or nil when they
    /// fit none: `x-requested-with` says Ping or ForgeRock, `x-requested-platform` which platform;
    /// the JavaScript SDK sends no platform by default, but its own `Accept-API-Version` spelling.
    package static func guess(_ headers: [HeaderField]) -> ImportedClient? {
        guard let with = headers.value("x-requested-with")?.lowercased() else { return nil }
        let platform = headers.value("x-requested-platform")?.lowercased()
        let apiVersion = headers.value("accept-api-version")
        let sdk: SDKProfile
        switch (with, platform) {
        case ("ping-sdk", "ios"?): sdk = .pingIOS
        case ("ping-sdk", "android"?): sdk = .pingAndroid
        case ("forgerock-sdk", "ios"?): sdk = .forgeRockIOS
        case ("forgerock-sdk", "android"?): sdk = .forgeRockAndroid
        case ("forgerock-sdk", "javascript"?): sdk = .forgeRockJS
        case ("forgerock-sdk", nil) where apiVersion == "protocol=1.0,resource=2.1": sdk = .forgeRockJS
        default: return nil
        }
        let shown = [
            "X-Requested-With: \(with)", platform.map { "X-Requested-Platform: \($0)" },
            platform == nil ? apiVersion.map { "Accept-API-Version: \($0)" } : nil,
        ].compactMap { $0 }
        return ImportedClient(sdk: sdk, reason: "guessed from the start request's \(shown.joined(separator: ", "))")
    }
}
