import Foundation
import JourneyCore
import JourneyFormat

/// A value ready to put in an input, and the name of the secret it is (if it is one).
package struct ResolvedValue: Sendable, Hashable {
    package var json: JSONValue
    /// Set when the value is a secret: the placeholder `«name»` replaces it everywhere.
    package var secretName: String?

    package init(_ json: JSONValue, secretName: String? = nil) {
        self.json = json
        self.secretName = secretName
    }

    /// The value as the text an input takes.
    package var text: String { json.displayText }
}

/// What callback answering needs from the run: value resolution, the run's clock and
/// seeded randomness, and the redactor. The driver provides it.
package protocol AnswerEnvironment: Sendable {
    /// Evaluates a value (template, env, generator, command, outbox). A `command` source
    /// runs with `timeoutMilliseconds` when given, else its own or a default.
    func resolve(_ spec: ValueSpec, timeoutMilliseconds: Int?) async throws(RunError) -> ResolvedValue
    /// The run's clock.
    func now() -> Date
    /// Bytes from the run's seeded generator (reproducible on replay).
    func randomBytes(_ count: Int) -> [UInt8]
    /// The run's redactor: register every secret value before it can reach the trace.
    var redactor: Redactor { get }
    /// Evaluates `{{ }}` expressions in the string values of a structure given in a script
    /// (reCAPTCHA Enterprise `payload`, DeviceProfile `profile`). Has a default: values stay literal.
    func expandTemplates(in value: JSONValue) async throws(RunError) -> JSONValue
    /// The run's simulated device (identifier, binding keys), the same for every step of a run.
    /// Has a default (one device per redactor, i.e. per run); an environment may hold its own.
    var deviceState: DeviceState { get }
    /// The server's origin (`scheme://host[:port]`), the WebAuthn origin when a script gives
    /// none. Has a default: nil (a WebAuthn handler must then give `origin`).
    var serverOrigin: String? { get }
}
