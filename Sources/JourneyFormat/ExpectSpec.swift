import JourneyCore

/// What the script expects: the callbacks of each step, in order, and the outcome.
public struct ExpectSpec: Sendable {
    /// When present, the run must have exactly these steps (round trips that returned callbacks).
    public var steps: [StepExpectation]?
    public var outcome: OutcomeExpectation
    /// With `authorized`: retry once more without a new journey and expect a denial, proving the
    /// TransactionConditionAdvice grant is single-use.
    public var singleUse: Located<Bool>?
    /// Checks on the `oauth:` phase's tokens, beside the outcome.
    public var tokens: TokensExpectation?
    /// Checks on Challenger's challenge (`protocol: rakuten`).
    public var challenge: ChallengeExpectation?
    public var location: SourceLocation?
    /// Where the script writes its outcome; nil when it writes none (the default applies) or
    /// when what it wrote did not load.
    public var outcomeLocation: SourceLocation?

    public init(
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
public struct StepExpectation: Sendable {
    public var callbacks: [String]
    public var stage: TextPattern?
    public var header: TextPattern?
    /// Output checks keyed `Type.output` (e.g. `ChoiceCallback.choices`), the first callback of that type.
    public var outputs: [OutputCheck]
    public var location: SourceLocation

    public init(
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
public struct OutputCheck: Sendable {
    public enum Expected: Sendable {
        case equals(JSONValue)
        case matches(TextPattern)
    }

    public var callbackType: String
    public var output: String
    public var expected: Expected
    public var location: SourceLocation

    public init(callbackType: String, output: String, expected: Expected, location: SourceLocation) {
        self.callbackType = callbackType
        self.output = output
        self.expected = expected
        self.location = location
    }
}

/// The typed outcomes, named once (docs/format.md, "Outcomes").
public enum OutcomeExpectation: Sendable {
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
    public var name: String { kind.rawValue }

    /// The outcome this expects.
    public var kind: OutcomeKind {
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
    public static let names = OutcomeKind.allCases.map(\.rawValue)
}

public struct SuccessCheck: Sendable {
    public var realm: TextPattern?
    public var successUrl: TextPattern?
    /// `true`: a tokenId must be present; `false`: absent (noSession). `nil`: either.
    public var session: Bool?

    public init(realm: TextPattern? = nil, successUrl: TextPattern? = nil, session: Bool? = nil) {
        self.realm = realm
        self.successUrl = successUrl
        self.session = session
    }
}

public struct FailureCheck: Sendable {
    public var code: Int?
    public var reason: TextPattern?
    public var message: TextPattern?
    /// Checks on `detail` members, e.g. `failureUrl`.
    public var detail: [(name: String, pattern: TextPattern)]
    /// An OAuth 2.0 error response's `error` (`invalid_grant`) and `error_description`.
    public var error: TextPattern?
    public var errorDescription: TextPattern?

    public init(
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
public struct TokenCheck: Sendable {
    public var scope: TextPattern?
    /// `status` and `body` of the resource called with the token.
    public var resource: ResourceCheck?

    public init(scope: TextPattern? = nil, resource: ResourceCheck? = nil) {
        self.scope = scope
        self.resource = resource
    }
}

/// MobileFirst `blocked`: which security check blocked, and its failure message.
public struct BlockedCheck: Sendable {
    public var check: TextPattern?
    public var message: TextPattern?

    public init(check: TextPattern? = nil, message: TextPattern? = nil) {
        self.check = check
        self.message = message
    }
}
