import JourneyCore

/// `protocol: rakuten`: a login at Rakuten's token API (RAE `engine/token`) as the RAuthentication
/// SDK performs it — a Challenger challenge (clear pass or proof of work) then a password grant, or
/// an anonymous client-credentials grant — followed by the member's name and encrypted easy id,
/// an optional refresh, and `cleanup: { revoke: true }`.
package struct RakutenSpec: Sendable {
    /// The variables the Rakuten phase sets for `capture` and later templates.
    package static let variables: Set<String> = [
        "access_token", "refresh_token", "member", ScriptLoadContext.challengeVariable,
    ]
    package enum Grant: String, Sendable, CaseIterable {
        /// The Japan Ichiba user login: Challenger, then `grant_type=password`.
        case password
        /// The anonymous login: `grant_type=client_credentials`, no Challenger, no member calls.
        case clientCredentials
    }

    /// The SDK's page id of the Japan authenticator.
    package static let defaultPageId = "399206e3-905a-4d27-937d-5786ba07e742"

    package var grant: Grant
    package var clientId: Template
    /// Always a secret; sent as the form field `client_secret`.
    package var clientSecret: ValueSpec
    /// The scopes asked for; sent sorted (code-point order) and `,`-joined.
    package var scope: [String]
    package var username: ValueSpec?
    /// Redacted as a secret whether marked or not.
    package var password: ValueSpec?
    /// RAE's `service_id` form field (e.g. `i101`).
    package var serviceId: Template?
    /// The Challenger base URL; nil: the SDK's rule for Rakuten hosts, else the token server's origin.
    package var challenger: Template?
    package var pageId: String
    package var device: RakutenDevice
    package var challenge: RakutenChallengeOptions
    /// After the login, refresh once (`grant_type=refresh_token`).
    package var refresh: Bool
    package var location: SourceLocation

    package init(
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
    package static func scopeParameter(_ scope: [String]) -> String {
        scope.sorted { Array($0.unicodeScalars.map(\.value)).lexicographicallyPrecedes($1.unicodeScalars.map(\.value)) }
            .joined(separator: ",")
    }
}

/// The device profile sent in Challenger's `rat` object and in `tracking_parameters`.
package struct RakutenDevice: Sendable, Hashable {
    package var app: String
    package var appVersion: String
    package var os: String
    package var osVersion: String
    package var model: String
    /// Minutes west of UTC, as the SDK sends it (`-540` for JST).
    package var timeZone: String

    package init(
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
package struct RakutenChallengeOptions: Sendable {
    /// Wall time per proof-of-work solve (the SDK's 1 s), at most ``maxTimeoutMilliseconds``.
    package var timeoutMilliseconds: Int
    /// New challenges after an unsolved proof of work (the SDK's 1), at most ``maxRetries``.
    package var retries: Int
    /// The `challengeResult` for a ctype the runner does not solve (neither 0 nor 127); its
    /// templates read `challenge.cid` and `challenge.ctype`.
    package var result: ValueSpec?
    /// When the challenge fails, send the password grant without it (the SDK's behaviour, the
    /// default); false ends the run with the failure `challenge_failed`.
    package var sendWithout: Bool

    package static let maxTimeoutMilliseconds = 60_000
    package static let maxRetries = 5

    package init(timeoutMilliseconds: Int = 1000, retries: Int = 1, result: ValueSpec? = nil, sendWithout: Bool = true)
    {
        self.timeoutMilliseconds = timeoutMilliseconds
        self.retries = retries
        self.result = result
        self.sendWithout = sendWithout
    }
}

/// `expect.challenge`: whether Challenger's challenge was solved, its ctype, and the tries the
/// proof of work took at most.
package struct ChallengeExpectation: Sendable {
    package var solved: Bool?
    package var ctype: Int?
    package var maxTries: Int?
    package var location: SourceLocation

    package init(solved: Bool? = nil, ctype: Int? = nil, maxTries: Int? = nil, location: SourceLocation) {
        self.solved = solved
        self.ctype = ctype
        self.maxTries = maxTries
        self.location = location
    }
}
