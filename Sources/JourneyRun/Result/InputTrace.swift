import JourneyCore

/// What one input was set to. `value` is display text, redacted when secret.
package struct InputTrace: Sendable, Hashable {
    package var name: String
    package var value: String
    package var redacted: Bool

    package init(name: String, value: String, redacted: Bool) {
        self.name = name
        self.value = value
        self.redacted = redacted
    }
}
