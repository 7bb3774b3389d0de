/// Why a command stops: a message for humans and the exit code the process ends with
/// (2 invalid input, 3 transport or output, as the README's exit codes say).
public struct CommandFailure: Error, Sendable, CustomStringConvertible {
    public let message: String
    public let exitCode: Int32

    public init(_ message: String, exitCode: Int32 = 2) {
        self.message = message
        self.exitCode = exitCode
    }

    public var description: String { message }
}
