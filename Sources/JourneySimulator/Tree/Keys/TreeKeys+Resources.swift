import JourneyCore

/// `resources:`, protected resources outside /am.
extension TreeKeys {
    static let resource = MappingDeclaration(
        "a resource",
        keys: [
            .required(
                "path", .string(StringRule(pattern: "^/")),
                "Path outside /am and /__simulator, e.g. /resources/withdraw."),
            .optional(
                "auth", .cases(of: ResourceDefinition.Auth.self), default: "session",
                "What the request carries: session (the session cookie), bearer (Authorization: Bearer <access token>), idtoken (X-IdToken or _idtoken)."
            ),
            .optional(
                "scope", .string(), "auth: bearer: the scope the access token must hold, else 403 insufficient_scope."),
            .optional(
                "advice", .cases(of: ResourceDefinition.Advice.self), default: "transaction",
                "transaction, authenticateToService, or none (bearer/idtoken: the token check alone)."),
            .optional("tree", .string(), "Journey run to satisfy the advice (not needed with advice: none)."),
            .optional("realm", .string(), default: "/", "The realm of the advice journey."),
            .optional(
                "delivery", .cases(of: ResourceDefinition.Delivery.self), default: "policy",
                "policy: 200 policy decision; ig: 307 redirect, or 401 SSOADVICE with x-authenticate-response: header."),
            .optional(
                "encoding", .cases(of: ResourceDefinition.Encoding.self), default: "url",
                "How the advice is put in the redirect (ig)."),
            .optional("body", .json, default: "{\"result\": \"ok\"}", "JSON answered once authorized."),
        ])
}
