import JourneyCore

/// `client: { sdk: forgerock-ios }`: the app the run stands in for.
package struct ClientSpec: Sendable, Hashable {
    /// The SDK whose requests the run sends, where the script names it.
    package var sdk: Located<SDKProfile>

    package init(sdk: Located<SDKProfile>) {
        self.sdk = sdk
    }
}
