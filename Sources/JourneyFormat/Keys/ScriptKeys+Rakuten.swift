import JourneyCore

/// `rakuten:` (protocol: rakuten), its `device:` and `challenge:`.
extension ScriptKeys {
    /// Outcomes of a Rakuten script.
    static let rakutenOutcomes = ["success", "failure"]

    /// The keys of `rakuten:`, each named once.
    enum Rakuten: String, ScriptKeyName {
        case clientId, clientSecret, scope, grant, username, password, serviceId, challenger, pageId, device, challenge,
            refresh
    }

    static let rakuten = MappingDeclaration(
        "rakuten",
        doc: "A client of Rakuten's token API (RAE) with the Challenger service.",
        keys: [
            .required(Rakuten.clientId, .defined("template"), "The client_id form field."),
            .required(Rakuten.clientSecret, .defined("valueSpec"), "The client_secret form field; always a secret."),
            .optional(
                Rakuten.scope, .anyOf([.string(), .list(.string())]),
                "The scopes asked for; sent sorted by code point and ,-joined."),
            .optional(
                Rakuten.grant, .cases(of: RakutenSpec.Grant.self), default: "password",
                "password (Challenger, then grant_type=password) or clientCredentials (the anonymous login)."),
            .optional(
                Rakuten.username, .defined("valueSpec"),
                "The member's username (whitespace removed, as the SDK does); needed by the password grant."),
            .optional(
                Rakuten.password, .defined("valueSpec"),
                "The member's password; always a secret; needed by the password grant."),
            .optional(Rakuten.serviceId, .defined("template"), "RAE's service_id form field (e.g. i101)."),
            .optional(
                Rakuten.challenger, .defined("template"),
                "Challenger's base URL; default: Rakuten's for rakuten.co.jp hosts (staging for stg hosts), else the token server's origin."
            ),
            .optional(Rakuten.pageId, .string(), default: "the Japan authenticator's", "Challenger's page id."),
            .optional(
                Rakuten.device, .defined("rakuten.device"),
                "The device profile of Challenger's rat object and tracking_parameters."),
            .optional(
                Rakuten.challenge, .defined("rakuten.challenge"),
                "How challenges are met: time limit, retries, a result for other ctypes."),
            .optional(
                Rakuten.refresh, .bool, default: "false", "After the login, refresh once (grant_type=refresh_token)."),
        ])

    /// A device field: text, or a number written bare (`osVersion: 17.5`).
    private static let deviceField = ValueDeclaration.textOrNumber

    /// The keys of `rakuten.device:`, each named once.
    enum RakutenDevice: String, ScriptKeyName {
        case app, appVersion, os, osVersion, model, timeZone
    }

    static let rakutenDevice = MappingDeclaration(
        "rakuten.device",
        doc: "The device profile sent to Challenger and in tracking_parameters.",
        keys: [
            .optional(RakutenDevice.app, deviceField, "The app's bundle id (rat.app, application_identifier)."),
            .optional(RakutenDevice.appVersion, deviceField, "rat.app_version."),
            .optional(RakutenDevice.os, deviceField, default: "iOS", "rat.os."),
            .optional(RakutenDevice.osVersion, deviceField, "rat.os_version."),
            .optional(
                RakutenDevice.model, deviceField, default: "iPhone",
                "device_model_identifier (the uname machine string, e.g. iPhone12,1)."),
            .optional(RakutenDevice.timeZone, deviceField, default: "-540 (JST)", "time_zone: minutes west of UTC."),
        ])

    /// The keys of `rakuten.challenge:`, each named once.
    enum RakutenChallenge: String, ScriptKeyName {
        case timeout, retries, result, sendWithout
    }

    static let rakutenChallenge = MappingDeclaration(
        "rakuten.challenge",
        doc: "How Challenger's challenges are met.",
        keys: [
            .optional(
                RakutenChallenge.timeout, .integer(NumberRanges.rakutenSolveMilliseconds), default: "1000, the SDK's",
                "Milliseconds per proof-of-work solve."),
            .optional(
                RakutenChallenge.retries, .integer(NumberRanges.rakutenRetries), default: "1, the SDK's",
                "New challenges after an unsolved proof of work."),
            .optional(
                RakutenChallenge.result, .defined("valueSpec"),
                "The challengeResult for a ctype other than 0 and 127 (templates read challenge.cid and challenge.ctype)."
            ),
            .optional(
                RakutenChallenge.sendWithout, .bool, default: "true, as the SDK",
                "When the challenge fails, send the password grant without it; false: the failure challenge_failed."),
        ])
}
