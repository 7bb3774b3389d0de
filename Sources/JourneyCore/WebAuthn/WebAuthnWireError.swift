/// Why WebAuthn bytes or text are not what the specification (or AM's outcome format) allows.
package struct WebAuthnWireError: Error, Sendable, Equatable, CustomStringConvertible {
    package let message: String

    package init(_ message: String) {
        self.message = message
    }

    package var description: String { message }
}
