import JourneyCore

/// `rakuten:` in a tree file: Rakuten's token API (RAE, under `/rae/engine`) and its Challenger
/// service (`/v1.0/c`, `/v1.0/m` at the origin), as rauthentication.md describes them.
public struct RakutenDefinition: Sendable {
    /// What Challenger answers for a page id.
    public enum ChallengeKind: String, Sendable, CaseIterable {
        /// ctype 0: the result is the empty string.
        case clearPass
        /// ctype 127: MurmurHash3 proof of work with ``RakutenDefinition/pow``.
        case pow
        /// ``RakutenDefinition/unsupportedCtype``, a type the SDK cannot solve.
        case unsupported
    }

    /// When the token endpoint wants a challenge with a password grant.
    public enum ChallengeRequirement: String, Sendable, CaseIterable {
        /// Always: a password grant without a valid challenge is refused.
        case always
        /// Only for a grey address (``RakutenDefinition/challengeAfter`` failed logins); a
        /// challenge that is sent is checked all the same.
        case grey
        /// Never checked.
        case never
    }

    public struct Client: Sendable {
        public var secret: String
        /// The scopes the client may be granted.
        public var scopes: [String]
        public var challenge: ChallengeRequirement
    }

    public struct Member: Sendable {
        public var password: String
        /// Nil: no profile (GetName answers 404 `not_found`).
        public var firstName: String?
        public var lastName: String?
        public var easyId: String
    }

    public struct ProofOfWork: Sendable {
        public var key: String
        public var seed: UInt32
        /// Hex digits, sent as they are.
        public var mask: String
    }

    public var clients: [String: Client] = [:]
    public var users: [String: Member] = [:]
    /// The Challenger answer per page id; others get ``defaultChallenge``.
    public var pages: [String: ChallengeKind] = [:]
    public var defaultChallenge: ChallengeKind = .pow
    /// Met by the runner's search in 446 tries, before it first looks at the clock (every 4096
    /// tries), so a run's verdict never depends on the machine's speed. The reference's worked
    /// example (`Wd3fQz8a`) takes 97,395.
    public var pow = ProofOfWork(key: "Wd3fQz5a", seed: 1_234_567_890, mask: "a1b2")
    public var unsupportedCtype = 3
    /// Seconds a challenge id stays usable.
    public var challengeLifetime = 300
    /// Failed logins from one address after which a challenge is required (grey address).
    public var challengeAfter: Int?
    /// Failed logins from one address after which it is blocked.
    public var blockAfter: Int?
    /// Addresses blocked from the start (the first `X-Forwarded-For` entry, else `127.0.0.1`).
    public var blockedAddresses: [String] = []
    /// Seconds an access token lives without a lifespan scope (`1Hour@Access`, `90days@Access`, …).
    public var accessLifetime = 3600
    public var location: SourceLocation

    public init(location: SourceLocation) {
        self.location = location
    }

    /// The lifetime a `<n>Hour|<n>days@<kind>` scope gives, in seconds.
    static func lifetime(_ scopes: [String], kind: String) -> Int? {
        let values = scopes.compactMap { scope -> Int? in
            let parts = scope.split(separator: "@")
            guard parts.count == 2, parts[1] == kind else { return nil }
            let text = parts[0].lowercased()
            for (unit, seconds) in [("hour", 3600), ("days", 86_400), ("day", 86_400)] where text.hasSuffix(unit) {
                return Int(text.dropLast(unit.count)).map { $0 * seconds }
            }
            return nil
        }
        return values.max()
    }
}
