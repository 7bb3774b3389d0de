import JourneyCore

/// The callback type names a script may use, from `CallbackRegistry`.
package enum KnownCallbackTypes {
    /// The types PingAM sends, by their wire names, in the schema's order.
    package static let all: [String] = CallbackRegistry.amTypeNames

    /// Names a handler may use for callbacks that never appear under that name on the wire:
    /// the SDKs' names for WebAuthn delivered as a MetadataCallback or a TextOutputCallback script.
    /// (PingOne Protect's MetadataCallback forms answer to the wire names in `all`.)
    package static let derived: [String] = CallbackRegistry.derivedTypeNames

    /// Custom types this product defines: the simulator's proof-of-work callback (answered by
    /// input name, usually with `solve:`). Known, so scripts that use them lint without warnings.
    package static let custom: [String] = CallbackRegistry.productTypeNames

    package static func isKnown(_ type: String) -> Bool {
        CallbackType(wireName: type) != nil
    }
}
