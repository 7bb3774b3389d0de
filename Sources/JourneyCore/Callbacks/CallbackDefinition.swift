/// What the registry knows about one callback type: where the name comes from, its outputs
/// and inputs with the values the simulator renders by default, which inputs are secrets.
package struct CallbackDefinition: Sendable {
    /// Where a type's name comes from.
    package enum Origin: Sendable, Hashable {
        /// PingAM sends callbacks of this type under this name.
        case am
        /// An SDK's name for a feature recognised inside generic callbacks (`SpecialForm`); never on the wire.
        case derived
        /// This product's own type (the simulator's), answered like a custom callback: by input name.
        case product
    }

    /// One output, in AM's order, with its default value.
    package struct Output: Sendable {
        package let name: String
        package let defaultValue: JSONValue
    }

    /// One input, by the suffix after `IDToken<N>` (`""` for the main input).
    package struct Input: Sendable {
        package let suffix: String
        package let defaultValue: JSONValue
        /// For a secret input, the placeholder name its values get in recordings and imports
        /// (`password`, `recaptcha-token`...); `nil` for an input that is not a secret.
        package let secretName: String?
        /// The output AM copies into this input when it sends the callback (HiddenValueCallback's `id`...).
        package let prefilledFrom: String?
    }

    package let type: CallbackType
    package let origin: Origin
    package let outputs: [Output]
    package let inputs: [Input]
    /// Shows `policies` / `failedPolicies` and is re-prompted when they fail (attribute and ValidatedCreate* callbacks).
    package let isValidated: Bool
    /// The simulator renders pages with this type from `outputs` and `inputs`. False for AM types
    /// whose outputs differ per platform (AppIntegrityCallback) and for non-AM types.
    package let isSimulated: Bool
    /// For a callback answered by picking one of a list, the output holding the list's labels.
    package let choicesOutput: String?

    /// An AM callback with nothing to answer: a client may echo it unchanged or leave it out.
    package var isOutputOnly: Bool { origin == .am && inputs.isEmpty }

    /// Secret input suffixes and their placeholder names, e.g. PasswordCallback `""` → `password`.
    package let secretInputs: [String: String]

    init(
        type: CallbackType, origin: Origin, outputs: [Output] = [], inputs: [Input] = [], isValidated: Bool = false,
        isSimulated: Bool, choicesOutput: String? = nil
    ) {
        self.type = type
        self.origin = origin
        self.outputs = outputs
        self.inputs = inputs
        self.isValidated = isValidated
        self.isSimulated = isSimulated
        self.choicesOutput = choicesOutput
        var secrets: [String: String] = [:]
        for input in inputs { if let name = input.secretName { secrets[input.suffix] = name } }
        self.secretInputs = secrets
    }
}
