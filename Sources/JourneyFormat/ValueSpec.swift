import JourneyCore

/// Where a value comes from: a literal or template, the environment, a generator, a
/// provider command, or the simulator's outbox. `secret` values are redacted everywhere.
package struct ValueSpec: Sendable {
    package enum Source: Sendable {
        /// A YAML scalar or structure with no expressions (kept with its JSON type).
        case literal(JSONValue)
        /// A string with `{{ }}` expressions.
        case template(Template)
        /// An environment variable, with an optional default.
        case env(name: String, default: String?)
        /// A generated value, from the run's seed and clock.
        case generate(Generator)
        /// A command whose trimmed standard output is the value (run with a timeout, no shell).
        case command(arguments: [String], timeoutMilliseconds: Int?)
        /// The newest message in the simulator outbox for a recipient: `code`, `link` or `suspendedId`.
        case outbox(recipient: Template, field: String)
    }

    package var source: Source
    /// `{ value: null }`: the input is sent as JSON null, whatever type it was received with.
    package var isNull: Bool {
        if case .literal(.null) = source { return true }
        return false
    }
    package var secret: Bool
    package var location: SourceLocation

    package init(_ source: Source, secret: Bool = false, at location: SourceLocation) {
        self.source = source
        self.secret = secret
        self.location = location
    }
}

/// Values a script may generate; each comes from the run's seed or clock.
package enum Generator: String, Sendable, Hashable, CaseIterable {
    case uuid
    /// A unique email address: `user-<random>@example.com`.
    case email
    /// Seconds since 1970 on the run's clock.
    case timestamp
    /// Six random digits.
    case digits
}

/// A script variable: `vars: { username: demo, password: { env: PW, secret: true } }`.
package struct VarDecl: Sendable {
    package var name: String
    package var value: ValueSpec
    package var location: SourceLocation

    package init(name: String, value: ValueSpec, location: SourceLocation) {
        self.name = name
        self.value = value
        self.location = location
    }
}
