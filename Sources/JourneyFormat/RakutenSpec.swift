import JourneyCore

/// `protocol: rakuten`: a login at Rakuten's token API (RAE `engine/token`) as the RAuthentication
/// SDK performs it — a Challenger challenge (clear pass or proof of work) then a password grant, or
/// an anonymous client-credentials grant — followed by the member's name and encrypted easy id,
/// an optional refresh, and `cleanup: { revoke: true }`.
public struct RakutenSpec: Sendable {
    /// The variables the Rakuten phase sets for `capture` and later templates.
    public static let variables: Set<String> = [
        "access_token", "refresh_token", "member", LoadContext.challengeVariable,
    ]
    public enum Grant: String, Sendable, CaseIterable {
        /// The Japan Ichiba user login: Challenger, then `grant_type=password`.
        case password
        /// The anonymous login: `grant_type=client_credentials`, no Challenger, no member calls.
        case clientCredentials
    }

    /// The SDK's page id of the Japan authenticator.
    public static let defaultPageId = "399206e3-905a-4d27-937d-5786ba07e742"

    public var grant: Grant
    public var clientId: Template
    /// Always a secret; sent as the form field `client_secret`.
    public var clientSecret: ValueSpec
    /// The scopes asked for; sent sorted (code-point order) and `,`-joined.
    public var scope: [String]
    public var username: ValueSpec?
    /// Redacted as a secret whether marked or not.
    public var password: ValueSpec?
    /// RAE's `service_id` form field (e.g. `i101`).
    public var serviceId: Template?
    /// The Challenger base URL; nil: the SDK's rule for Rakuten hosts, else the token server's origin.
    public var challenger: Template?
    public var pageId: String
    public var device: RakutenDevice
    public var challenge: RakutenChallengeOptions
    /// After the login, refresh once (`grant_type=refresh_token`).
    public var refresh: Bool
    public var location: SourceLocation

    public init(
        grant: Grant = .password, clientId: Template, clientSecret: ValueSpec, scope: [String] = [],
        username: ValueSpec? = nil, password: ValueSpec? = nil, serviceId: Template? = nil,
        challenger: Template? = nil, pageId: String = Self.defaultPageId, device: RakutenDevice = RakutenDevice(),
        challenge: RakutenChallengeOptions = RakutenChallengeOptions(), refresh: Bool = false,
        location: SourceLocation
    ) {
        self.grant = grant
        self.clientId = clientId
        self.clientSecret = clientSecret
        self.scope = scope
        self.username = username
        self.password = password
        self.serviceId = serviceId
        self.challenger = challenger
        self.pageId = pageId
        self.device = device
        self.challenge = challenge
        self.refresh = refresh
        self.location = location
    }

    /// The `scope` form field: sorted by code point, joined by `,`.
    public static func scopeParameter(_ scope: [String]) -> String {
        scope.sorted { Array($0.unicodeScalars.map(\.value)).lexicographicallyPrecedes($1.unicodeScalars.map(\.value)) }
            .joined(separator: ",")
    }
}

/// The device profile sent in Challenger's `rat` object and in `tracking_parameters`.
public struct RakutenDevice: Sendable, Hashable {
    public var app: String
    public var appVersion: String
    public var os: String
    public var osVersion: String
    public var model: String
    /// Minutes west of UTC, as the SDK sends it (`-540` for JST).
    public var timeZone: String

    public init(
        app: String = "com.example.journey", appVersion: String = "1.0.0", os: String = "iOS",
        osVersion: String = "17.0", model: String = "iPhone", timeZone: String = "-540"
    ) {
        self.app = app
        self.appVersion = appVersion
        self.os = os
        self.osVersion = osVersion
        self.model = model
        self.timeZone = timeZone
    }
}

/// How Challenger's challenges are met.
public struct RakutenChallengeOptions: Sendable {
    /// Wall time per proof-of-work solve (the SDK's 1 s), at most ``maxTimeoutMilliseconds``.
    public var timeoutMilliseconds: Int
    /// New challenges after an unsolved proof of work (the SDK's 1), at most ``maxRetries``.
    public var retries: Int
    /// The `challengeResult` for a ctype the runner does not solve (neither 0 nor 127); its
    /// templates read `challenge.cid` and `challenge.ctype`.
    public var result: ValueSpec?
    /// When the challenge fails, send the password grant without it (the SDK's behaviour, the
    /// default); false ends the run with the failure `challenge_failed`.
    public var sendWithout: Bool

    public static let maxTimeoutMilliseconds = 60_000
    public static let maxRetries = 5

    public init(timeoutMilliseconds: Int = 1000, retries: Int = 1, result: ValueSpec? = nil, sendWithout: Bool = true) {
        self.timeoutMilliseconds = timeoutMilliseconds
        self.retries = retries
        self.result = result
        self.sendWithout = sendWithout
    }
}

/// `expect.challenge`: whether Challenger's challenge was solved, its ctype, and the tries the
/// proof of work took at most.
public struct ChallengeExpectation: Sendable {
    public var solved: Bool?
    public var ctype: Int?
    public var maxTries: Int?
    public var location: SourceLocation

    public init(solved: Bool? = nil, ctype: Int? = nil, maxTries: Int? = nil, location: SourceLocation) {
        self.solved = solved
        self.ctype = ctype
        self.maxTries = maxTries
        self.location = location
    }
}
