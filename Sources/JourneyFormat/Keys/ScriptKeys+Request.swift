import JourneyCore

/// `request:` and its `retry:`.
extension ScriptKeys {
    /// The keys of `request:`, each named once.
    enum Request: String, ScriptKeyName {
        case method, url, headers, body, adviceInHeader, retry, auth
    }

    static let request = MappingDeclaration(
        "request",
        doc: "A call to a protected resource with the session the journey produced.",
        keys: [
            .optional(
                Request.method, .strings(RequestSpec.methods + RequestSpec.methods.map { $0.lowercased() }),
                default: "GET",
                "The HTTP method."),
            .required(
                Request.url, .defined("template"), "Absolute, or relative to the server's origin (/resources/withdraw)."
            ),
            .optional(Request.headers, .map(.defined("template")), "Headers of the request."),
            .optional(
                Request.body, .anyOf([.object, .list(.json), .string()]),
                "A mapping or list sent as JSON (strings may hold templates), or a text body."),
            .optional(
                Request.adviceInHeader, .bool, default: "false",
                "Send x-authenticate-response: header, so Identity Gateway answers 401 WWW-Authenticate: SSOADVICE instead of redirecting."
            ),
            .optional(Request.retry, .defined("retry"), "How the retry carries the satisfied advice."),
            .optional(
                Request.auth, .cases(of: ResourceAuth.self), default: "session",
                "What proves the caller: the session cookie, Authorization: Bearer with the oauth: access token, or X-IdToken with its ID token. With a token, new tokens are obtained after an advice journey."
            ),
        ])

    /// The keys of `request.retry:`, each named once.
    enum Retry: String, ScriptKeyName {
        case txid, tree, url, headers
    }

    static let retry = MappingDeclaration(
        "request.retry",
        doc: "How the retry after a satisfied advice carries the proof.",
        keys: [
            .optional(
                Retry.txid, .cases(of: RetrySpec.TxIdCarrier.self), default: "auto",
                "How the retry carries the transaction id: auto (_txid for Identity Gateway's forms, X-TxID for a policy decision), query (_txid), header (X-TxID) or none."
            ),
            .optional(
                Retry.tree, .cases(of: RetrySpec.TreeCarrier.self), default: "header",
                "Send X-Tree: <tree> for AuthenticateToServiceConditionAdvice (header) or not (none)."),
            .optional(
                Retry.url, .defined("template"),
                "Replaces the retry's URL (absolute or relative to the server's origin)."),
            .optional(Retry.headers, .map(.defined("template")), "Extra headers on the retry."),
        ])
}
