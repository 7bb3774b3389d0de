import JourneyCore

/// What the script expects: the callbacks of each step, in order, and the outcome.
package struct ExpectSpec: Sendable {
    /// When present, the run must have exactly these steps (round trips that returned callbacks).
    package var steps: [StepExpectation]?
    package var outcome: OutcomeExpectation
    /// With `authorized`: retry once more without a new journey and expect a denial, proving the
    /// TransactionConditionAdvice grant is single-use.
    package var singleUse: Located<Bool>?
    /// Checks on the `oauth:` phase's tokens, beside the outcome.
    package var tokens: TokensExpectation?
    /// Checks on Challenger's challenge (`protocol: rakuten`).
    package var challenge: ChallengeExpectation?
    package var location: SourceLocation?
    /// Where the script writes its outcome; nil when it writes none (the default applies) or
    /// when what it wrote did not load.
    package var outcomeLocation: SourceLocation?

    package init(
        steps: [StepExpectation]? = nil, outcome: OutcomeExpectation = .success(SuccessCheck()),
        singleUse: Located<Bool>? = nil, location: SourceLocation? = nil
    ) {
        self.steps = steps
        self.outcome = outcome
        self.singleUse = singleUse
        self.location = location
    }
}

/// One expected step: the callback types in order, and optional checks on outputs.
package struct StepExpectation: Sendable {
    package var callbacks: [String]
    package var stage: TextPattern?
    package var header: TextPattern?
    /// Output checks keyed `Type.output` (e.g. `ChoiceCallback.choices`), the first callback of that type.
    package var outputs: [OutputCheck]
    package var location: SourceLocation

    package init(
        callbacks: [String], stage: TextPattern? = nil, header: TextPattern? = nil, outputs: [OutputCheck] = [],
        location: SourceLocation
    ) {
        self.callbacks = callbacks
        self.stage = stage
        self.header = header
        self.outputs = outputs
        self.location = location
    }
}

/// `ChoiceCallback.choices: [Email, SMS]` — equality for structures, a pattern for strings.
package struct OutputCheck: Sendable {
    package enum Expected: Sendable {
        case equals(JSONValue)
        case matches(TextPattern)
    }

    package var callbackType: String
    package var output: String
    package var expected: Expected
    package var location: SourceLocation

    package init(callbackType: String, output: String, expected: Expected, location: SourceLocation) {
        self.callbackType = callbackType
        self.output = output
        self.expected = expected
        self.location = location
    }
}

/// The typed outcomes, named once (docs/format.md, "Outcomes").
package enum OutcomeExpectation: Sendable {
    case success(SuccessCheck)
    case failure(FailureCheck)
    case suspended(message: TextPattern?)
    case redirect(url: TextPattern?)
    /// AM's own 401 "Session has timed out" (errorCode 110) and nothing else.
    case timeout
    /// The `request:` phase got a 2xx from the resource (after satisfying any advice).
    case authorized(ResourceCheck)
    /// The `request:` phase was refused: a non-2xx without advice, or the advice journey failed.
    case denied(ResourceCheck)
    /// MobileFirst: an access token was obtained (and the `request:` resource called with it).
    case token(TokenCheck)
    /// MobileFirst: a security check answered 403 with its account blocked.
    case blocked(BlockedCheck)

    /// The outcome's name, as the script writes it.
    package var name: String { kind.rawValue }

    /// The outcome this expects.
    package var kind: OutcomeKind {
        switch self {
        case .success: return .success
        case .failure: return .failure
        case .suspended: return .suspended
        case .redirect: return .redirect
        case .timeout: return .timeout
        case .authorized: return .authorized
        case .denied: return .denied
        case .token: return .token
        case .blocked: return .blocked
        }
    }

    /// Every outcome name a script may expect (``OutcomeKind``), in the schema's order.
    package static let names = OutcomeKind.allCases.map(\.rawValue)
}

package struct SuccessCheck: Sendable {
    package var realm: TextPattern?
    package var successUrl: TextPattern?
    /// `true`: a tokenId must be present; `false`: absent (noSession). `nil`: either.
    package var session: Bool?

    package init(realm: TextPattern? = nil, successUrl: TextPattern? = nil, session: Bool? = nil) {
        self.realm = realm
        self.successUrl = successUrl
        self.session = session
    }
}

package struct FailureCheck: Sendable {
    package var code: Int?
    package var reason: TextPattern?
    package var message: TextPattern?
    /// Checks on `detail` members, e.g. `failureUrl`.
    package var detail: [(name: String, pattern: TextPattern)]
    /// An OAuth 2.0 error response's `error` (`invalid_grant`) and `error_description`.
    package var error: TextPattern?
    package var errorDescription: TextPattern?

    package init(
        code: Int? = nil, reason: TextPattern? = nil, message: TextPattern? = nil,
        detail: [(name: String, pattern: TextPattern)] = []
    ) {
        self.code = code
        self.reason = reason
        self.message = message
        self.detail = detail
    }
}

/// MobileFirst `token`: the granted scope, and the resource's answer when the script has a `request:`.
package struct TokenCheck: Sendable {
    package var scope: TextPattern?
    /// `status` and `body` of the resource called with the token.
    package var resource: ResourceCheck?

    package init(scope: TextPattern? = nil, resource: ResourceCheck? = nil) {
        self.scope = scope
        self.resource = resource
    }
}

/// MobileFirst `blocked`: which security check blocked, and its failure message.
package struct BlockedCheck: Sendable {
    package var check: TextPattern?
    package var message: TextPattern?

    package init(check: TextPattern? = nil, message: TextPattern? = nil) {
        self.check = check
        self.message = message
    }
}
