/// The keys each mapping of the script format accepts, named once for the loader, its
/// did-you-mean hints, and the schema-consistency test.
enum FormatKeys {
    static let root = [
        "version", "kind", "name", "description", "tags", "protocol", "server", "journey", "start", "vars", "handlers",
        "capture", "expect", "limits", "uses", "request", "cleanup", "mobilefirst", "oauth",
        "rakuten", "device",
    ]
    /// `device: { file: alice-device.json }`: where the run's passkeys are kept between runs.
    static let device = ["file"]
    /// WebAuthn handlers: `algorithm`, `attestation`, `signCount` values.
    static let passkeyAlgorithms = ["ES256", "RS256", "EdDSA"]
    static let passkeyAttestations = ["none", "packed"]
    static let passkeySignCounts = ["increment", "zero"]
    static let server = ["url", "realm", "cookieName", "headers", "verifyTLS", "timeout", "simulate"]
    static let start = [
        "service", "authIndexType", "authIndexValue", "forceAuth", "noSession", "query", "acceptLanguage", "resume",
        "resumeUrl", "zeroPage",
    ]
    /// `start: { zeroPage: { username, password } }`.
    static let zeroPage = ["username", "password", "usernameHeader", "passwordHeader"]
    /// A value source mapping: `{ env: PW, secret: true }`.
    static let valueSource = ["value", "env", "default", "generate", "command", "timeout", "outbox", "secret"]
    /// The keys that name where a value comes from; a source mapping has exactly one.
    static let sourceKinds = ["value", "env", "generate", "command", "outbox"]
    /// Source keys that never appear in a literal payload-like mapping with other keys.
    static let unambiguousSourceKinds = ["env", "generate", "command", "outbox"]
    static let outbox = ["to", "field"]
    /// `solve: { scheme: altcha, challenge: ..., timeout: 20000, maxCount: 1000000, input: "" }`.
    static let solve = ["scheme", "challenge", "timeout", "maxCount", "input"]
    static let outboxFields = ["code", "link", "suspendedId"]
    /// Map-form handler values: `NameCallback: { value: demo }`.
    static let answer = AnswerSpec.allOptionKeys
    /// List-form handler items: `- match: NameCallback` plus the answer options.
    static let handler = ["match"] + AnswerSpec.allOptionKeys
    static let match = ["type", "prompt", "output", "id", "hiddenId", "stage", "step", "occurrence"]
    static let capture = ["from", "callback", "name", "path", "regex", "step", "secret"]
    static let captureSources = [
        "output", "stage", "header", "description", "response", "httpHeader", "registrationUri", "recoveryCodes",
    ]
    static let expect = ["steps", "outcome", "singleUse", "tokens", "challenge"]
    /// `oauth: { clientId, redirectUri, scope, ... }`.
    static let oauth = [
        "clientId", "redirectUri", "scope", "grant", "clientSecret", "clientAuth", "privateKeyJwt", "pkce",
        "acrValues", "authorize", "consent", "refresh", "discovery", "userinfo",
    ]
    static let privateKeyJwt = ["key", "kid"]
    /// `expect.tokens: { scope, claims, expiresIn, refreshToken, idToken, userinfo }`.
    static let tokensExpectation = [
        "scope", "claims", "expiresIn", "refreshToken", "idToken", "userinfo", "introspection",
    ]
    static let step = ["callbacks", "stage", "header", "outputs"]
    static let outcome = OutcomeExpectation.names
    static let successOutcome = ["realm", "successUrl", "session"]
    static let failureOutcome = ["code", "reason", "message", "detail", "error", "errorDescription"]
    static let suspendedOutcome = ["message"]
    static let redirectOutcome = ["url"]
    static let resourceOutcome = ["status", "body", "advice"]
    static let request = ["method", "url", "headers", "body", "adviceInHeader", "retry", "auth"]
    static let retry = ["txid", "tree", "url", "headers"]
    static let uses = ["script", "outputs"]
    static let cleanup = ["logout", "before", "after", "revoke", "endSession"]
    static let cleanupActions = ["logout"]
    /// `mobilefirst: { scope, application, redirectUri, encoding, grant, confidentialClient, ... }`.
    static let mobileFirst = [
        "scope", "application", "redirectUri", "encoding", "grant", "confidentialClient", "introspect", "heartbeat",
        "logout",
    ]
    static let mobileFirstConfidentialClient = ["id", "secret"]
    /// Keys that need a registered mobile client (not the `clientCredentials` grant).
    static let mobileFirstRegisteredOnly = ["application", "redirectUri", "encoding", "heartbeat", "logout"]
    static let mobileFirstApplication = ["id", "platform", "version"]
    static let tokenOutcome = ["scope", "resource"]
    static let blockedOutcome = ["check", "message"]
    static let resourceResult = ["status", "body"]
    /// Outcomes of a MobileFirst script.
    static let mobileFirstOutcomes = ["token", "failure", "blocked"]
    /// `rakuten: { clientId, clientSecret, scope, grant, username, password, ... }`.
    static let rakuten = [
        "clientId", "clientSecret", "scope", "grant", "username", "password", "serviceId", "challenger", "pageId",
        "device", "challenge", "refresh",
    ]
    static let rakutenDevice = ["app", "appVersion", "os", "osVersion", "model", "timeZone"]
    static let rakutenChallenge = ["timeout", "retries", "result", "sendWithout"]
    /// `expect.challenge: { solved, ctype, maxTries }` (protocol: rakuten).
    static let challengeExpectation = ["solved", "ctype", "maxTries"]
    /// Outcomes of a Rakuten script.
    static let rakutenOutcomes = ["success", "failure"]
    static let limits = ["maxSteps", "maxPolls", "fastPolling", "deadline", "keptBodyBytes"]
    static let tokenTypes = ["id_token", "access_token", "authorization_code", "JSON"]

    static let all: [String: [String]] = [
        "<root>": root,
        "server": server,
        "start": start,
        "zeroPage": zeroPage,
        "value": valueSource,
        "outbox": outbox,
        "solve": solve,
        "answer": answer,
        "handler": handler,
        "match": match,
        "capture": capture,
        "expect": expect,
        "step": step,
        "outcome": outcome,
        "outcome.success": successOutcome,
        "outcome.failure": failureOutcome,
        "outcome.suspended": suspendedOutcome,
        "outcome.redirect": redirectOutcome,
        "outcome.authorized": resourceOutcome,
        "outcome.denied": resourceOutcome,
        "outcome.token": tokenOutcome,
        "outcome.blocked": blockedOutcome,
        "mobilefirst": mobileFirst,
        "mobilefirst.application": mobileFirstApplication,
        "mobilefirst.confidentialClient": mobileFirstConfidentialClient,
        "request": request,
        "retry": retry,
        "uses": uses,
        "cleanup": cleanup,
        "oauth": oauth,
        "oauth.privateKeyJwt": privateKeyJwt,
        "expect.tokens": tokensExpectation,
        "rakuten": rakuten,
        "rakuten.device": rakutenDevice,
        "rakuten.challenge": rakutenChallenge,
        "expect.challenge": challengeExpectation,
        "limits": limits,
        "device": device,
    ]
}
