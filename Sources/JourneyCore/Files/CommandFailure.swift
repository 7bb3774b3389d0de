/// Why a command stops: a message for humans and the exit code the process ends with
/// (2 invalid input, 3 transport or output, as the README's exit codes say).
package struct CommandFailure: Error, Sendable, CustomStringConvertible {
    package let message: String
    package let exitCode: Int32
    /// The message is diagnostics already rendered (each line says its own severity), shown as is.
    package let isRendered: Bool

    package init(_ message: String, exitCode: Int32 = 2) {
        self.message = message
        self.exitCode = exitCode
        self.isRendered = false
    }

    /// Stops with rendered diagnostics (exit 2), shown without an `error:` prefix.
    package init(rendered diagnostics: String) {
        self.message = diagnostics
        self.exitCode = 2
        self.isRendered = true
    }

    package var description: String { message }
}
