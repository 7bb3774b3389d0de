import JourneyCore

/// `client:`: the app the run stands in for.
extension ScriptKeys {
    /// The keys of `client:`, each named once.
    enum Client: String, ScriptKeyName {
        case sdk
    }

    static let client = MappingDeclaration(
        "client",
        doc:
            "The app the run stands in for: which Ping / ForgeRock SDK's requests it sends (docs/protocols/sdk-differences.md).",
        keys: [
            .required(
                Client.sdk, .cases(of: SDKProfile.self),
                "The SDK whose requests every step reproduces: the value types each callback posts, the inputs it fills or keeps, and the authenticate request's headers. `--sdk` overrides it. Without `client`, a run answers as ping-ios does, with journey's own headers."
            )
        ])
}
