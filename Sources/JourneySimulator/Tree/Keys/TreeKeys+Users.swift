import JourneyCore

/// `users:` and `journeys:`.
extension TreeKeys {
    static let user = MappingDeclaration(
        "a user",
        keys: [
            .required("username", .string(), "The name a journey looks the user up by."),
            .required("password", .string()),
            .optional(
                "attributes", .object,
                "Profile attributes (mail, telephoneNumber, givenName...), readable as user.<name>."),
            .optional("kba", .list(.mapping(kbaEntry)), "Security questions and their answers."),
            .optional("oathSecret", .string(), "A registered OATH device's secret (hex), for oathVerify."),
        ])

    static let kbaEntry = MappingDeclaration(
        "a kba entry",
        keys: [
            .required("question", .string()),
            .required("answer", .string()),
        ])

    static let journey = MappingDeclaration(
        "a journey",
        keys: [
            .optional("description", .string()),
            .optional("realms", .defined("stringOrList"), default: "every served realm", "Realms the journey runs in."),
            .required("start", .string(), "The id of the first node."),
            .optional("successUrl", .string(), default: "settings.successUrl", "The `successUrl` of its successes."),
            .required("nodes", .map(.defined("node")), "Nodes by id; `success` and `failure` need no declaration."),
        ])
}
