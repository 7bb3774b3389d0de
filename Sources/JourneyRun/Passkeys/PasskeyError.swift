/// Why the software authenticator cannot read a WebAuthn request or a device file, or cannot sign.
public struct PasskeyError: Error, Sendable, Equatable, CustomStringConvertible {
    public let message: String

    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}
