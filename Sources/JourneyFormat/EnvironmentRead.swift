import JourneyCore

/// A place a script reads an environment variable it cannot run without: `{{ env.NAME }}`, or
/// an `env:` source with no `default`. A run checks them all before its first request.
package struct EnvironmentRead: Sendable, Equatable {
    /// What reads the variable, when a command-line value can replace it (so it is never read).
    package enum Scope: Sendable, Equatable {
        /// Read whenever the script runs.
        case always
        /// `server.url`, replaced by `--server` or `--simulate` (and in a used script by the run's server).
        case serverURL
        /// `server.realm`, replaced by `--realm`.
        case realm
        /// `rakuten.challenger`, replaced by `--challenger`.
        case challenger
        /// The value of the var `name`, replaced by `--var name=...`.
        case variable(String)
    }

    package var name: String
    package var location: SourceLocation
    package var length: Int
    /// An `env:` source marked `secret`: a replay reads its placeholder when it is unset.
    package var secret: Bool
    package var scope: Scope

    package init(name: String, location: SourceLocation, length: Int, secret: Bool = false, scope: Scope = .always) {
        self.name = name
        self.location = location
        self.length = length
        self.secret = secret
        self.scope = scope
    }
}
