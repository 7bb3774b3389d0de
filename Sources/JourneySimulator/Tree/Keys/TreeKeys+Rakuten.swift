import JourneyCore

/// `rakuten:`, Rakuten's token API and its Challenger service.
extension TreeKeys {
    static let challengeAfter = KeyDeclaration.optional(
        "challengeAfter", .integer(0...TreeRanges.count.upperBound),
        "Failed logins from one address after which it is grey (clients with challenge: grey then need one).")
    static let blockAfter = KeyDeclaration.optional(
        "blockAfter", .integer(0...TreeRanges.count.upperBound),
        "Failed logins from one address after which it is blocked (403 access_denied).")
    static let accessLifetime = KeyDeclaration.optional(
        "accessLifetime", .integer(TreeRanges.seconds), default: "3600",
        "Seconds an access token lives without a lifespan scope such as 90days@Access.")
    static let unsupportedCtype = KeyDeclaration.optional(
        "unsupportedCtype", .integer(0...TreeRanges.count.upperBound), default: "3",
        "The ctype of an unsupported challenge.")
    static let challengeLifetime = KeyDeclaration.optional(
        "challengeLifetime", .integer(TreeRanges.seconds), default: "300", "Seconds a challenge id stays usable.")

    static let rakuten = MappingDeclaration(
        "rakuten", doc: "Rakuten's token API (under /rae/engine) and its Challenger service (/v1.0/c, /v1.0/m).",
        keys: [
            .required("clients", .map(.mapping(rakutenClient)), "Token API clients by client_id."),
            .optional(
                "users", .map(.mapping(rakutenUser)),
                "Members by username; without firstName/lastName GetName answers 404 not_found."),
            .optional("challenger", .mapping(challenger), "Challenger's policy."),
            challengeAfter,
            blockAfter,
            .optional(
                "blockedAddresses", .list(.string()),
                "Addresses blocked from the start (the first X-Forwarded-For entry, else 127.0.0.1)."),
            accessLifetime,
        ])

    static let rakutenClient = MappingDeclaration(
        "a rakuten client",
        keys: [
            .required("secret", .anyOf([.string(), .number()]), "The client_secret the token API expects."),
            .optional("scopes", .list(.string()), "The scopes the client may be granted."),
            .optional(
                "challenge", .cases(of: RakutenDefinition.ChallengeRequirement.self), default: "always",
                "When a password grant needs a solved challenge: always, only from a grey address, never."),
        ])

    static let rakutenUser = MappingDeclaration(
        "a rakuten user",
        keys: [
            .required("password", .anyOf([.string(), .number()])),
            .optional("firstName", .string()),
            .optional("lastName", .string()),
            .optional(
                "easyId", .string(), default: "`easy-<username>`", "The encrypted easy id GetEncryptedEasyId answers."),
        ])

    static let challenger = MappingDeclaration(
        "rakuten.challenger",
        keys: [
            .optional(
                "default", .cases(of: RakutenDefinition.ChallengeKind.self), default: "pow",
                "The challenge for page ids not listed."),
            .optional(
                "pages", .map(.cases(of: RakutenDefinition.ChallengeKind.self)), "The challenge per page id."),
            .optional("pow", .mapping(rakutenPow), "The proof-of-work parameters /v1.0/m answers."),
            unsupportedCtype,
            challengeLifetime,
        ])

    static let rakutenPow = MappingDeclaration(
        "rakuten.challenger.pow",
        keys: [
            .optional(
                "key", .string(StringRule(minLength: 1, maxLength: 13)), default: "Wd3fQz5a",
                "The key (the SDK's limit: 13)."),
            .optional(
                "seed", .integer(0...Int(UInt32.max)), default: "1234567890", "The seed, an unsigned 32-bit number."),
            .optional(
                "mask", .string(StringRule(pattern: "^[0-9A-Fa-f]{1,4}$")), default: "a1b2", "1 to 4 hex digits."),
        ])
}
