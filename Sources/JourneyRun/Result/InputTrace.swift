import JourneyCore

/// What one input was set to. `value` is display text, redacted when secret.
package struct InputTrace: Sendable, Hashable {
    package var name: String
    package var value: String
    package var redacted: Bool
    /// The label of the option a ChoiceCallback or ConfirmationCallback index names (`SMS` for `1`).
    package var label: String?

    package init(name: String, value: String, redacted: Bool, label: String? = nil) {
        self.name = name
        self.value = value
        self.redacted = redacted
        self.label = label
    }
}
