import JourneyCore

/// Reads a `protocol: mobilefirst` script's `mobilefirst:` section and its handlers, keyed by
/// security-check name: `SimpleCaptcha: { answer: { solve: arithmetic } }`.
struct MobileFirstReader {
    let context: ScriptLoadContext

    func mobileFirst(_ node: YNode?, handlers: YNode?, at root: YNode) -> MobileFirstSpec? {
        guard let node else {
            context.reader.error(
                "a protocol: mobilefirst script needs a 'mobilefirst:' section with its scope", at: root.location,
                hint: "for example: mobilefirst: { scope: SimpleCaptcha }")
            return nil
        }
        guard let mapping = node.mapping("mobilefirst") else { return nil }
        mapping.allowOnly(ScriptKeys.mobileFirst)
        var spec = MobileFirstSpec(scope: [], location: node.location)
        if let scopeNode = context.required(
            ScriptKeys.MobileFirst.scope, in: mapping, "mobilefirst", accepted: ScriptKeys.mobileFirst.names)
        {
            spec.scope = scopeElements(scopeNode)
        }
        if let application = mapping[ScriptKeys.MobileFirst.application],
            let fields = application.mapping("mobilefirst.application")
        {
            fields.allowOnly(ScriptKeys.mobileFirstApplication)
            if let id = fields[ScriptKeys.MobileFirstApplication.id]?.string("mobilefirst.application.id") {
                spec.application.id = id
            }
            if let platform = fields[ScriptKeys.MobileFirstApplication.platform]?.string(
                "mobilefirst.application.platform")
            {
                spec.application.platform = platform
            }
            if let version = fields[ScriptKeys.MobileFirstApplication.version]?.scalarText {
                spec.application.version = version
            }
        }
        if let redirect = mapping[ScriptKeys.MobileFirst.redirectUri]?.string("mobilefirst.redirectUri") {
            spec.redirectURI = redirect
        }
        if let encoding = mapping[ScriptKeys.MobileFirst.encoding] {
            spec.encoding =
                context.oneOf(JWSEncoding.allCases.map(\.rawValue), encoding, "mobilefirst.encoding").flatMap(
                    JWSEncoding.init)
                ?? .base64url
        }
        spec.handlers = handlers.map(securityCheckHandlers) ?? []
        confidential(mapping, handlers: handlers, into: &spec)
        return spec
    }

    /// `grant`, `confidentialClient`, `introspect`, `heartbeat` and `logout`.
    private func confidential(_ mapping: YMapping, handlers: YNode?, into spec: inout MobileFirstSpec) {
        if let grant = mapping[ScriptKeys.MobileFirst.grant] {
            spec.grant =
                context.oneOf(OAuthSpec.Grant.allCases.map(\.rawValue), grant, "mobilefirst.grant").flatMap(
                    OAuthSpec.Grant.init(rawValue:)) ?? spec.grant
        }
        if let node = mapping[ScriptKeys.MobileFirst.confidentialClient],
            let fields = node.mapping("mobilefirst.confidentialClient")
        {
            let keys = ScriptKeys.mobileFirstConfidentialClient.names
            fields.allowOnly(ScriptKeys.mobileFirstConfidentialClient)
            let id = context.required(
                ScriptKeys.MobileFirstConfidentialClient.id, in: fields, "mobilefirst.confidentialClient",
                accepted: keys
            ).flatMap {
                context.templates.template($0, "mobilefirst.confidentialClient.id")
            }
            let secret = context.required(
                ScriptKeys.MobileFirstConfidentialClient.secret, in: fields, "mobilefirst.confidentialClient",
                accepted: keys
            ).flatMap {
                context.valueSpec($0, "mobilefirst.confidentialClient.secret")
            }
            if let id, let secret { spec.confidentialClient = MobileFirstConfidentialClient(id: id, secret: secret) }
        }
        spec.introspect = mapping[ScriptKeys.MobileFirst.introspect]?.bool("mobilefirst.introspect") ?? false
        spec.heartbeat = mapping[ScriptKeys.MobileFirst.heartbeat]?.bool("mobilefirst.heartbeat") ?? false
        if let node = mapping[ScriptKeys.MobileFirst.logout],
            let check = node.strictString("mobilefirst.logout (a security check name)")
        {
            spec.logout = Located(check, at: node.location)
        }
        let hint = "for example: confidentialClient: { id: test, secret: { env: MFP_CLIENT_SECRET, secret: true } }"
        if spec.confidentialClient == nil, mapping[ScriptKeys.MobileFirst.confidentialClient] == nil {
            if spec.grant == .clientCredentials, let node = mapping[ScriptKeys.MobileFirst.grant] {
                context.error(
                    "mobilefirst.grant: clientCredentials needs mobilefirst.confidentialClient", at: node, hint: hint)
            }
            if spec.introspect, let node = mapping[ScriptKeys.MobileFirst.introspect] {
                context.error(
                    "mobilefirst.introspect calls /az/v1/introspection as a confidential client: give mobilefirst.confidentialClient",
                    at: node, hint: hint)
            }
        }
        if let entry = mapping.entry(ScriptKeys.MobileFirst.confidentialClient),
            spec.grant != .clientCredentials,
            !spec.introspect
        {
            context.error(
                "mobilefirst.confidentialClient is used by grant: clientCredentials or introspect: true, and the script has neither",
                at: entry.keyNode)
        }
        guard spec.grant == .clientCredentials else { return }
        for entry in mapping.entries where ScriptKeys.mobileFirstRegisteredOnly.contains(entry.key) {
            context.error(
                "mobilefirst.\(entry.key) is about a registered mobile client; grant: clientCredentials has none",
                at: entry.keyNode)
        }
        if let handlers {
            context.error("grant: clientCredentials answers no security checks: leave handlers out", at: handlers)
        }
    }

    /// `scope: SimpleCaptcha`, `scope: "accounts SimpleCaptcha"` or `scope: [accounts, SimpleCaptcha]`.
    private func scopeElements(_ node: YNode) -> [String] {
        let elements: [String]
        if node.isSequence {
            elements = node.sequence("mobilefirst.scope")?.compactMap { $0.string("each scope element") } ?? []
        } else {
            elements = node.string("mobilefirst.scope").map { $0.split(separator: " ").map(String.init) } ?? []
        }
        if elements.isEmpty { context.error("mobilefirst.scope needs at least one scope element", at: node) }
        return elements
    }

    /// `handlers:` of a MobileFirst script: a mapping from security-check name to the answer object.
    private func securityCheckHandlers(_ node: YNode) -> [SecurityCheckHandler] {
        guard node.isMapping, let mapping = node.mapping("handlers") else {
            context.error(
                "in a protocol: mobilefirst script, handlers is a mapping from security-check name to its answer, found \(node.kindDescription)",
                at: node, hint: "for example: handlers: { SimpleCaptcha: { answer: { solve: arithmetic } } }")
            return []
        }
        return mapping.entries.compactMap { entry in
            let what = "handlers.\(entry.key)"
            guard let name = entry.keyNode.strictString("a security check name") else { return nil }
            let value = entry.value
            let answer: SecurityCheckAnswer
            if value.isMapping, let members = value.mapping(what) {
                if context.isValueSource(members) {
                    guard let spec = context.valueSpec(value, what) else { return nil }
                    answer = .value(spec)
                } else {
                    answer = .members(members.entries.compactMap { member($0, "\(what).\($0.key)") })
                }
            } else {
                context.error(
                    "\(what) must be the answer object sent for \(name) in challengeResponse (a mapping), found \(value.kindDescription)",
                    at: value, hint: "for example: \(name): { answer: \"{{ arithmetic(challenge.captcha) }}\" }")
                return nil
            }
            return SecurityCheckHandler(
                check: Located(name, at: entry.keyNode.location), answer: answer, location: entry.keyNode.location)
        }
    }

    /// One member of an answer: `{ solve: arithmetic }` or any value.
    private func member(_ entry: YMapping.Entry, _ what: String) -> (name: String, value: SecurityCheckAnswerMember)? {
        if entry.value.isMapping, let mapping = entry.value.mapping(what),
            let solveNode = mapping[ScriptKeys.SecurityCheckMember.solve]
        {
            mapping.allowOnly(ScriptKeys.securityCheckMember, in: what)
            return AnswerReader(context: context).solve(solveNode, "\(what).solve").map { (entry.key, .solve($0)) }
        }
        return context.valueSpec(entry.value, what).map { (entry.key, .value($0)) }
    }
}
