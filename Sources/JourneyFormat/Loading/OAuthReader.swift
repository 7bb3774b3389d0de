import JourneyCore

/// Reads `oauth:` and `expect.tokens:`.
struct OAuthReader {
    let context: ScriptLoadContext

    func oauth(_ node: YNode) -> OAuthSpec? {
        guard let mapping = node.mapping("oauth") else { return nil }
        mapping.allowOnly(ScriptKeys.oauth)
        guard
            let clientId = context.required(
                ScriptKeys.OAuth.clientId, in: mapping, "oauth", accepted: ScriptKeys.oauth.names
            )
            .flatMap({
                context.templates.template($0, "oauth.clientId")
            })
        else { return nil }
        var spec = OAuthSpec(clientId: clientId, location: node.location)
        if let grant = mapping[ScriptKeys.OAuth.grant] {
            spec.grant =
                context.oneOf(OAuthSpec.Grant.allCases.map(\.rawValue), grant, "oauth.grant").flatMap(
                    OAuthSpec.Grant.init(rawValue:)) ?? spec.grant
        }
        spec.redirectUri = mapping[ScriptKeys.OAuth.redirectUri].flatMap {
            context.templates.template($0, "oauth.redirectUri")
        }
        if spec.grant == .authorizationCode, spec.redirectUri == nil {
            context.error(
                "oauth needs a redirectUri for the authorization code grant (the code is read from the redirect to it)",
                at: node, hint: "for example: redirectUri: org.forgerock.demo:/oauth2redirect")
        }
        if let scope = mapping[ScriptKeys.OAuth.scope] { spec.scope = context.scopeList(scope, "oauth.scope") }
        spec.clientSecret = mapping[ScriptKeys.OAuth.clientSecret].flatMap {
            context.valueSpec($0, "oauth.clientSecret")
        }
        if let key = mapping[ScriptKeys.OAuth.privateKeyJwt] { privateKeyJwt(key, into: &spec) }
        if spec.clientSecret != nil, spec.privateKey != nil, let node = mapping[ScriptKeys.OAuth.privateKeyJwt] {
            context.error("oauth has both clientSecret and privateKeyJwt: a client authenticates one way", at: node)
        }
        spec.clientAuth = spec.privateKey != nil ? .privateKeyJwt : spec.clientSecret != nil ? .basic : .none
        if let auth = mapping[ScriptKeys.OAuth.clientAuth] { clientAuth(auth, into: &spec) }
        spec.pkce = mapping[ScriptKeys.OAuth.pkce]?.bool("oauth.pkce") ?? true
        spec.acrValues = mapping[ScriptKeys.OAuth.acrValues].flatMap {
            context.templates.template($0, "oauth.acrValues")
        }
        spec.authorize = mapping[ScriptKeys.OAuth.authorize].map { context.namedTemplates($0, "oauth.authorize") } ?? []
        for parameter in spec.authorize where Self.reservedAuthorizeParameters.contains(parameter.name) {
            if let entry = mapping.nestedMapping(ScriptKeys.OAuth.authorize)?.entries
                .first(where: {
                    $0.key == parameter.name
                })
            {
                context.error(
                    "oauth.authorize.\(parameter.name) is set by the runner; write it as an oauth key or leave it out",
                    at: entry.keyNode)
            }
        }
        if let consent = mapping[ScriptKeys.OAuth.consent] {
            spec.consent = context.oneOf(OAuthSpec.Consent.allCases.map(\.rawValue), consent, "oauth.consent").flatMap(
                OAuthSpec.Consent.init(rawValue:))
        }
        spec.refresh = mapping[ScriptKeys.OAuth.refresh]?.bool("oauth.refresh") ?? false
        spec.discovery = mapping[ScriptKeys.OAuth.discovery]?.bool("oauth.discovery") ?? true
        spec.userinfo = mapping[ScriptKeys.OAuth.userinfo]?.bool("oauth.userinfo") ?? false
        if spec.grant == .clientCredentials {
            for key in [ScriptKeys.OAuth.redirectUri, .pkce, .acrValues, .authorize, .consent, .refresh, .userinfo] {
                if let entry = mapping.entry(key) {
                    context.error(
                        "oauth.\(key.rawValue) has no effect with grant: clientCredentials (there is no user)",
                        at: entry.keyNode
                    )
                }
            }
            if spec.clientAuth == .none {
                context.error(
                    "grant: clientCredentials is for a confidential client: give oauth.clientSecret or oauth.privateKeyJwt",
                    at: node)
            }
        }
        return spec
    }

    /// Parameters the authorize request takes from other keys or from the run.
    static let reservedAuthorizeParameters: Set<String> = [
        "response_type", "client_id", "redirect_uri", "scope", "state", "nonce", "code_challenge",
        "code_challenge_method", "acr_values", "csrf", "decision",
    ]

    private func privateKeyJwt(_ node: YNode, into spec: inout OAuthSpec) {
        guard let mapping = node.mapping("oauth.privateKeyJwt") else { return }
        mapping.allowOnly(ScriptKeys.privateKeyJwt)
        if let key = context.required(
            ScriptKeys.PrivateKeyJwt.key, in: mapping, "oauth.privateKeyJwt", accepted: ScriptKeys.privateKeyJwt.names),
            let path = key.strictString("oauth.privateKeyJwt.key (a PEM file)")
        {
            spec.privateKey = Located(path, at: key.location)
            // A template like every path of a script: resolved when the key is used.
            spec.privateKeyPath = context.templates.template(text: path, of: key)
        }
        spec.keyId = mapping[ScriptKeys.PrivateKeyJwt.kid].flatMap { $0.strictString("oauth.privateKeyJwt.kid") }
    }

    private func clientAuth(_ node: YNode, into spec: inout OAuthSpec) {
        guard
            let auth = context.oneOf(OAuthSpec.ClientAuth.allCases.map(\.rawValue), node, "oauth.clientAuth").flatMap(
                OAuthSpec.ClientAuth.init(rawValue:))
        else { return }
        switch auth {
        case .basic, .post:
            guard spec.clientSecret != nil else {
                context.error(
                    "oauth.clientAuth \(auth.rawValue) sends a client secret: give oauth.clientSecret", at: node)
                return
            }
        case .privateKeyJwt:
            guard spec.privateKey != nil else {
                context.error("oauth.clientAuth privateKeyJwt signs with a key: give oauth.privateKeyJwt", at: node)
                return
            }
        case .none:
            guard spec.clientSecret == nil, spec.privateKey == nil else {
                context.error("oauth.clientAuth none sends no credentials, but the client has some", at: node)
                return
            }
        }
        spec.clientAuth = auth
    }

    func tokensExpectation(_ node: YNode) -> TokensExpectation? {
        guard let mapping = node.mapping("expect.tokens") else { return nil }
        mapping.allowOnly(ScriptKeys.tokensExpectation)
        var tokens = TokensExpectation(location: node.location)
        if let scope = mapping[ScriptKeys.TokensExpectation.scope] {
            if scope.isStringScalar, let text = scope.scalarText, text.hasPrefix("/") {
                tokens.scope = context.pattern(scope, "expect.tokens.scope").map { .matches($0) }
            } else {
                tokens.scope = .includes(context.scopeList(scope, "expect.tokens.scope"))
            }
        }
        if let claims = mapping[ScriptKeys.TokensExpectation.claims] {
            tokens.claims = claimChecks(claims, "expect.tokens.claims")
        }
        if let expiresIn = mapping[ScriptKeys.TokensExpectation.expiresIn],
            let range = expiresIn.mapping("expect.tokens.expiresIn")
        {
            range.allowOnly(ScriptKeys.expiresIn)
            tokens.expiresInMin = range[ScriptKeys.ExpiresIn.min].flatMap {
                context.int($0, "expect.tokens.expiresIn.min", in: NumberRanges.tokenLifetimeSeconds)
            }
            tokens.expiresInMax = range[ScriptKeys.ExpiresIn.max].flatMap {
                context.int($0, "expect.tokens.expiresIn.max", in: NumberRanges.tokenLifetimeSeconds)
            }
        }
        tokens.refreshToken = mapping[ScriptKeys.TokensExpectation.refreshToken]?.bool("expect.tokens.refreshToken")
        tokens.idToken = mapping[ScriptKeys.TokensExpectation.idToken]?.bool("expect.tokens.idToken")
        if let userinfo = mapping[ScriptKeys.TokensExpectation.userinfo] {
            tokens.userinfo = claimChecks(userinfo, "expect.tokens.userinfo")
        }
        if let node = mapping[ScriptKeys.TokensExpectation.introspection] {
            tokens.introspection = claimChecks(node, "expect.tokens.introspection")
        }
        return tokens
    }

    private func claimChecks(_ node: YNode, _ what: String) -> [(name: String, expected: TokensExpectation.Claim)] {
        guard let mapping = node.mapping(what) else { return [] }
        return mapping.entries.compactMap { entry -> (name: String, expected: TokensExpectation.Claim)? in
            let value = entry.value
            if value.isStringScalar, let text = value.scalarText {
                if text.hasPrefix("/") {
                    return context.pattern(value, "\(what).\(entry.key)").map { (entry.key, .matches($0)) }
                }
                if text.contains("{{") {
                    return context.templates.template(value, "\(what).\(entry.key)").map { (entry.key, .template($0)) }
                }
            }
            return (entry.key, .equals(value.json))
        }
    }
}
