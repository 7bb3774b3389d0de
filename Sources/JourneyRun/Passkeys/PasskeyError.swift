/// Why the software authenticator cannot read a WebAuthn request or a device file, or cannot sign.
package struct PasskeyError: Error, Sendable, Equatable, CustomStringConvertible {
    package let message: String

    package init(_ message: String) {
        self.message = message
    }

    package var description: String { message }
}
