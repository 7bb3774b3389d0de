/// Why WebAuthn bytes or text are not what the specification (or AM's outcome format) allows.
public struct WebAuthnWireError: Error, Sendable, Equatable, CustomStringConvertible {
    public let message: String

    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}
