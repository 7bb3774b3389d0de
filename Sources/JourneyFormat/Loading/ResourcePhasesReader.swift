import JourneyCore

/// Reads the resource phases: `uses:`, `request:` (with `retry:`) and `cleanup:`.
struct ResourcePhasesReader {
    let context: ScriptLoadContext

    func request(_ node: YNode) -> RequestSpec? {
        guard let mapping = node.mapping("request") else { return nil }
        mapping.allowOnly(ScriptKeys.request)
        let url = context.required(ScriptKeys.Request.url, in: mapping, "request", accepted: ScriptKeys.request.names)
            .flatMap {
                context.templates.template($0, "request.url")
            }
        var method = "GET"
        if let node = mapping[ScriptKeys.Request.method], let text = node.string("request.method") {
            if RequestSpec.methods.contains(text.uppercased()) {
                method = text.uppercased()
            } else {
                context.error(
                    "request.method must be one of \(RequestSpec.methods.joined(separator: ", ")), found '\(text)'",
                    at: node,
                    hint: DidYouMean.hint(for: text.uppercased(), among: RequestSpec.methods))
            }
        }
        let headers = mapping[ScriptKeys.Request.headers].map { context.namedTemplates($0, "request.headers") } ?? []
        let body = mapping[ScriptKeys.Request.body].flatMap { requestBody($0) }
        let adviceInHeader = mapping[ScriptKeys.Request.adviceInHeader]?.bool("request.adviceInHeader") ?? false
        let retry = mapping[ScriptKeys.Request.retry].map { self.retry($0) } ?? RetrySpec()
        guard let url else { return nil }
        var spec = RequestSpec(
            method: method, url: url, headers: headers, body: body, adviceInHeader: adviceInHeader, retry: retry,
            location: node.location)
        if let auth = mapping[ScriptKeys.Request.auth],
            let name = context.oneOf(ResourceAuth.allCases.map(\.rawValue), auth, "request.auth")
        {
            spec.auth = ResourceAuth(rawValue: name) ?? .session
        }
        return spec
    }

    /// A mapping or list is JSON (templates inside are checked); a scalar is a text template.
    private func requestBody(_ node: YNode) -> RequestBody? {
        if node.isMapping || node.isSequence {
            context.templates.checkTemplates(nestedIn: node)
            return .json(node.json)
        }
        if node.isNull {
            context.error("request.body has no value", at: node, hint: "write a mapping (sent as JSON) or a string")
            return nil
        }
        guard let text = node.scalarText else { return nil }
        return context.templates.template(text: text, of: node).map { .text($0) }
    }

    private func retry(_ node: YNode) -> RetrySpec {
        var retry = RetrySpec()
        guard let mapping = node.mapping("request.retry") else { return retry }
        mapping.allowOnly(ScriptKeys.retry)
        if let node = mapping[ScriptKeys.Retry.txid],
            let name = context.oneOf(RetrySpec.TxIdCarrier.allCases.map(\.rawValue), node, "request.retry.txid"),
            let carrier = RetrySpec.TxIdCarrier(rawValue: name)
        {
            retry.txid = carrier
        }
        if let node = mapping[ScriptKeys.Retry.tree],
            let name = context.oneOf(RetrySpec.TreeCarrier.allCases.map(\.rawValue), node, "request.retry.tree"),
            let carrier = RetrySpec.TreeCarrier(rawValue: name)
        {
            retry.tree = carrier
        }
        retry.url = mapping[ScriptKeys.Retry.url].flatMap { context.templates.template($0, "request.retry.url") }
        if let headers = mapping[ScriptKeys.Retry.headers] {
            retry.headers = context.namedTemplates(headers, "request.retry.headers")
        }
        return retry
    }

    /// `uses: login.yaml` or `uses: { script: login.yaml, outputs: [username] }`.
    func uses(_ node: YNode) -> UsesSpec? {
        if node.isStringScalar, let path = node.strictString("uses (a script path)") {
            return UsesSpec(script: Located(path, at: node.location), location: node.location)
        }
        guard node.isMapping, let mapping = node.mapping("uses") else {
            context.error(
                "uses must be a script path or a mapping with 'script' and 'outputs', found \(node.kindDescription)",
                at: node)
            return nil
        }
        mapping.allowOnly(ScriptKeys.uses)
        guard
            let scriptNode = context.required(
                ScriptKeys.Uses.script, in: mapping, "uses", accepted: ScriptKeys.uses.names),
            let path = scriptNode.strictString("uses.script (a script path)")
        else { return nil }
        var uses = UsesSpec(script: Located(path, at: scriptNode.location), location: node.location)
        if let outputs = mapping[ScriptKeys.Uses.outputs], let items = outputs.sequence("uses.outputs") {
            for item in items {
                guard let name = item.strictString("each item of uses.outputs (a variable name)") else { continue }
                context.checkVariableName(name, at: item, "an output")
                uses.outputs.append(Located(name, at: item.location))
            }
        }
        return uses
    }

    /// `cleanup: logout` (logout, valid before, invalid after) or `cleanup: { logout, before, after }`.
    func cleanup(_ node: YNode) -> CleanupSpec? {
        if node.isScalar, !node.isNull {
            guard context.oneOf(ScriptKeys.cleanupActions, node, "cleanup") != nil else { return nil }
            return CleanupSpec(logout: true, before: .valid, after: .invalid, location: node.location)
        }
        guard node.isMapping, let mapping = node.mapping("cleanup") else {
            context.error(
                "cleanup must be 'logout' or a mapping with logout, before and after, found \(node.kindDescription)",
                at: node)
            return nil
        }
        mapping.allowOnly(ScriptKeys.cleanup)
        var cleanup = CleanupSpec(location: node.location)
        if let flag = mapping[ScriptKeys.Cleanup.logout]?.bool("cleanup.logout") { cleanup.logout = flag }
        cleanup.before = mapping[ScriptKeys.Cleanup.before].flatMap { validity($0, "cleanup.before") }
        cleanup.after = mapping[ScriptKeys.Cleanup.after].flatMap { validity($0, "cleanup.after") }
        cleanup.revoke = mapping[ScriptKeys.Cleanup.revoke]?.bool("cleanup.revoke") ?? false
        cleanup.endSession = mapping[ScriptKeys.Cleanup.endSession]?.bool("cleanup.endSession") ?? false
        if mapping[ScriptKeys.Cleanup.logout] == nil, cleanup.revoke || cleanup.endSession { cleanup.logout = false }
        return cleanup
    }

    private func validity(_ node: YNode, _ what: String) -> CleanupSpec.Validity? {
        context.oneOf(CleanupSpec.Validity.allCases.map(\.rawValue), node, what).flatMap(
            CleanupSpec.Validity.init(rawValue:))
    }
}
