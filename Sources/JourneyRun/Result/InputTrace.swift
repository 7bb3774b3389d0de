import JourneyCore

/// What one input was set to. `value` is display text, redacted when secret.
public struct InputTrace: Sendable, Hashable {
    public var name: String
    public var value: String
    public var redacted: Bool

    public init(name: String, value: String, redacted: Bool) {
        self.name = name
        self.value = value
        self.redacted = redacted
    }
}
