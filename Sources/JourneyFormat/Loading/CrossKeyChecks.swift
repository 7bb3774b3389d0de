import JourneyCore

/// The checks between the top level's keys, once each part is read: the keys of another
/// protocol, the outcomes each protocol has, what the resource phases and the tokens need.
struct CrossKeyChecks {
    let context: ScriptLoadContext

    /// PingAM's journey keys have no meaning in a MobileFirst script.
    func checkMobileFirstKeys(_ mapping: YMapping) {
        for key: ScriptKeys.File in [.journey, .start, .uses, .cleanup, .oauth, .device, .client] {
            if let entry = mapping.entry(key) {
                context.error(
                    "'\(key.rawValue)' is about a PingAM journey; a protocol: mobilefirst script names its scope under 'mobilefirst:'",
                    at: entry.keyNode)
            }
        }
    }

    /// Keys of other protocols have no meaning in this script.
    func checkForeignKeys(_ mapping: YMapping, protocol name: String, keys: [ScriptKeys.File]) {
        for key in keys {
            if let entry = mapping.entry(key) {
                context.error(
                    "'\(key.rawValue)' has no meaning in a protocol: \(name) script; its client is under '\(name):'",
                    at: entry.keyNode)
            }
        }
    }

    /// A Rakuten script's outcomes are `success` (the default) and `failure`; no `request:`;
    /// cleanup revokes, and `after` checks the token at the end.
    func checkRakutenOutcome(
        _ mapping: YMapping, request: RequestSpec?, cleanup: CleanupSpec?, expect: ExpectSpec
    ) {
        let expectMapping = mapping.nestedMapping(ScriptKeys.File.expect)
        if let outcomeNode = expectMapping?[ScriptKeys.Expect.outcome], expect.outcomeLocation != nil,
            !ScriptKeys.rakutenOutcomes.contains(expect.outcome.name)
        {
            context.error(
                "outcome '\(expect.outcome.name)' is not an outcome of a protocol: rakuten script", at: outcomeNode,
                hint: "expect one of: \(ScriptKeys.rakutenOutcomes.joined(separator: ", "))")
        }
        if request != nil, let node = mapping.entry(ScriptKeys.File.request) {
            context.error("a protocol: rakuten script has no request: phase", at: node.keyNode)
        }
        if let cleanup, cleanup.logout || cleanup.endSession || cleanup.before != nil,
            let node = mapping.entry(ScriptKeys.File.cleanup)
        {
            context.error(
                "a protocol: rakuten script's cleanup revokes its token and checks it after (cleanup: { revoke: true, after: invalid })",
                at: node.keyNode)
        }
    }

    /// A MobileFirst script's outcomes are `token` (the default), `failure` and `blocked`.
    func checkMobileFirstOutcome(_ mapping: YMapping, request: RequestSpec?, expect: inout ExpectSpec) {
        let expectMapping = mapping.nestedMapping(ScriptKeys.File.expect)
        guard let outcomeNode = expectMapping?[ScriptKeys.Expect.outcome] else {
            expect.outcome = .token(TokenCheck())
            return
        }
        // An outcome that did not load was reported already: no second error for the same text.
        if expect.outcomeLocation != nil, !ScriptKeys.mobileFirstOutcomes.contains(expect.outcome.name) {
            context.error(
                "outcome '\(expect.outcome.name)' is not an outcome of a protocol: mobilefirst script", at: outcomeNode,
                hint: "expect one of: \(ScriptKeys.mobileFirstOutcomes.joined(separator: ", "))")
        }
        if let request, request.adviceInHeader || request.retry.url != nil {
            context.error(
                "request.adviceInHeader and request.retry are about PingAM advice, not MobileFirst", at: outcomeNode)
        }
    }

    /// `authorized`/`denied` and `singleUse` need a `request:` phase; with one, the outcome defaults to `authorized`.
    func checkResourcePhases(_ mapping: YMapping, request: RequestSpec?, expect: inout ExpectSpec) {
        let expectMapping = mapping.nestedMapping(ScriptKeys.File.expect)
        let outcomeNode = expectMapping?[ScriptKeys.Expect.outcome]
        if mapping[ScriptKeys.File.request] == nil, let outcomeNode {
            switch expect.outcome {
            case .token, .blocked:
                context.error(
                    "outcome '\(expect.outcome.name)' is about MobileFirst; this script has no protocol: mobilefirst",
                    at: outcomeNode,
                    hint: "add protocol: mobilefirst, or expect one of success, failure, suspended, redirect, timeout")
            case .authorized, .denied:
                context.error(
                    "outcome '\(expect.outcome.name)' is about a protected resource, and the script has no 'request:'",
                    at: outcomeNode,
                    hint: "add a request: phase, or expect one of success, failure, suspended, redirect, timeout")
            default:
                break
            }
        }
        if request != nil, outcomeNode == nil {
            expect.outcome = .authorized(ResourceCheck())
        }
        if let singleUse = expectMapping?[ScriptKeys.Expect.singleUse], expect.singleUse?.value == true {
            if expect.outcome.name != "authorized" {
                context.error(
                    "expect.singleUse checks that an authorized grant cannot be used twice; it needs outcome 'authorized'",
                    at: singleUse)
            }
        }
    }

    /// `expect.tokens`, `request.auth` with a token, and token cleanup need an `oauth:` phase.
    func checkTokenKeys(_ mapping: YMapping, oauth: OAuthSpec?, request: RequestSpec?, cleanup: CleanupSpec?) {
        guard oauth == nil, context.typeCheck.protocolKind != .mobilefirst else { return }
        let hint = "add an oauth: block (clientId, redirectUri, scope)"
        if let tokens = mapping.nestedMapping(ScriptKeys.File.expect)?.entry(ScriptKeys.Expect.tokens) {
            context.error(
                "expect.tokens checks the tokens of an oauth: phase, and the script has none", at: tokens.keyNode,
                hint: hint)
        }
        if let request, request.auth != .session,
            let auth = mapping.nestedMapping(ScriptKeys.File.request)?.entry(ScriptKeys.Request.auth)
        {
            context.error(
                "request.auth \(request.auth.rawValue) sends a token of the oauth: phase, and the script has none",
                at: auth.value, hint: hint)
        }
        if let cleanup,
            let entries = mapping.nestedMapping(ScriptKeys.File.cleanup)?.entries
        {
            for entry in entries {
                let actsOnTokens: Bool
                switch ScriptKeys.Cleanup(rawValue: entry.key) {
                case .revoke: actsOnTokens = cleanup.revoke
                case .endSession: actsOnTokens = cleanup.endSession
                default: actsOnTokens = false
                }
                if actsOnTokens {
                    context.error(
                        "cleanup.\(entry.key) acts on the tokens of an oauth: phase, and the script has none",
                        at: entry.keyNode, hint: hint)
                }
            }
        }
    }
}
