import JourneyCore

/// `rakuten:` in a tree file: Rakuten's token API (RAE, under `/rae/engine`) and its Challenger
/// service (`/v1.0/c`, `/v1.0/m` at the origin), as rauthentication.md describes them.
package struct RakutenDefinition: Sendable {
    /// What Challenger answers for a page id.
    package enum ChallengeKind: String, Sendable, CaseIterable {
        /// ctype 0: the result is the empty string.
        case clearPass
        /// ctype 127: MurmurHash3 proof of work with ``RakutenDefinition/pow``.
        case pow
        /// ``RakutenDefinition/unsupportedCtype``, a type the SDK cannot solve.
        case unsupported
    }

    /// When the token endpoint wants a challenge with a password grant.
    package enum ChallengeRequirement: String, Sendable, CaseIterable {
        /// Always: a password grant without a valid challenge is refused.
        case always
        /// Only for a grey address (``RakutenDefinition/challengeAfter`` failed logins); a
        /// challenge that is sent is checked all the same.
        case grey
        /// Never checked.
        case never
    }

    package struct Client: Sendable {
        package var secret: String
        /// The scopes the client may be granted.
        package var scopes: [String]
        package var challenge: ChallengeRequirement
    }

    package struct Member: Sendable {
        package var password: String
        /// Nil: no profile (GetName answers 404 `not_found`).
        package var firstName: String?
        package var lastName: String?
        package var easyId: String
    }

    package struct ProofOfWork: Sendable {
        package var key: String
        package var seed: UInt32
        /// Hex digits, sent as they are.
        package var mask: String
    }

    package var clients: [String: Client] = [:]
    package var users: [String: Member] = [:]
    /// The Challenger answer per page id; others get ``defaultChallenge``.
    package var pages: [String: ChallengeKind] = [:]
    package var defaultChallenge: ChallengeKind = .pow
    /// Met by the runner's search in 446 tries, before it first looks at the clock (every 4096
    /// tries), so a run's verdict never depends on the machine's speed. The reference's worked
    /// example (`Wd3fQz8a`) takes 97,395.
    package var pow = ProofOfWork(key: "Wd3fQz5a", seed: 1_234_567_890, mask: "a1b2")
    package var unsupportedCtype = 3
    /// Seconds a challenge id stays usable.
    package var challengeLifetime = 300
    /// Failed logins from one address after which a challenge is required (grey address).
    package var challengeAfter: Int?
    /// Failed logins from one address after which it is blocked.
    package var blockAfter: Int?
    /// Addresses blocked from the start (the first `X-Forwarded-For` entry, else `127.0.0.1`).
    package var blockedAddresses: [String] = []
    /// Seconds an access token lives without a lifespan scope (`1Hour@Access`, `90days@Access`, …).
    package var accessLifetime = 3600
    package var location: SourceLocation

    package init(location: SourceLocation) {
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
