import JourneyCore

/// An expectation that did not hold.
public struct ExpectationFailure: Sendable, CustomStringConvertible {
    public var message: String
    /// The step it concerns, if any.
    package var step: Int?
    /// The script line the expectation came from, if any.
    package var location: SourceLocation?

    package init(_ message: String, step: Int? = nil, location: SourceLocation? = nil) {
        self.message = message
        self.step = step
        self.location = location
    }

    public var description: String {
        var text = message
        if let step { text = "step \(step): " + text }
        if let location { text += " (\(location))" }
        return text
    }
}
