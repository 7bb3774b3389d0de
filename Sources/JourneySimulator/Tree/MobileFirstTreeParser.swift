import JourneyCore

/// Reads `mobilefirst:` — security checks, scopes, adapters, lifetimes and faults.
struct MobileFirstTreeParser {
    let reader: YAMLReader
    let values: TreeValues

    func parseMobileFirst(_ node: YNode) -> MobileFirstDefinition? {
        guard let map = node.mapping("mobilefirst") else { return nil }
        map.allowOnly(TreeKeys.mobileFirst)
        var definition = MobileFirstDefinition(location: node.location)
        if let checks = map.required("securityChecks", in: "mobilefirst")?.mapping("securityChecks") {
            for entry in checks.entries {
                if let check = parseSecurityCheck(name: entry.key, entry.value) {
                    definition.securityChecks[entry.key] = check
                }
            }
        }
        if let scopes = map["scopes"]?.mapping("scopes") {
            for entry in scopes.entries {
                guard let checks = scopeList(entry.value, "scopes.\(entry.key)") else { continue }
                for check in checks where definition.securityChecks[check] == nil {
                    reader.error(
                        "scope '\(entry.key)' names unknown security check '\(check)'", at: entry.value,
                        hint: DidYouMean.hint(for: check, among: definition.securityChecks.keys.sorted()))
                }
                definition.scopes[entry.key] = checks
            }
        }
        if let adapters = map["adapters"]?.sequence("adapters") {
            definition.adapters = adapters.compactMap(parseAdapter)
        }
        if let value = values.integer(map, TreeKeys.mobileFirstTokenLifetime) { definition.tokenLifetime = value }
        if let value = values.integer(map, TreeKeys.mobileFirstCodeLifetime) { definition.codeLifetime = value }
        if let faults = map["faults"]?.sequence("faults") {
            definition.faults = faults.compactMap(parseMobileFirstFault)
        }
        if let clients = map["confidentialClients"]?.mapping("confidentialClients") {
            for entry in clients.entries {
                if let client = parseConfidentialClient(name: entry.key, entry.value) {
                    definition.confidentialClients[entry.key] = client
                }
            }
        }
        return definition
    }

    private func parseConfidentialClient(name: String, _ node: YNode) -> ConfidentialClientDefinition? {
        let what = "confidential client '\(name)'"
        guard let map = node.mapping(what) else { return nil }
        map.allowOnly(TreeKeys.confidentialClient.names, in: what)
        guard let secret = map.required("secret", in: what)?.scalarText else { return nil }
        return ConfidentialClientDefinition(
            secret: secret, scope: map["scope"].flatMap { scopeList($0, "\(what).scope") } ?? ["*"])
    }

    private func parseSecurityCheck(name: String, _ node: YNode) -> SecurityCheckDefinition? {
        let what = "security check '\(name)'"
        guard let map = node.mapping(what) else { return nil }
        map.allowOnly(TreeKeys.securityCheck.names, in: what)
        guard let kind = values.enumValue(map.required("type", in: what), SecurityCheckDefinition.Kind.self, "type")
        else {
            return nil
        }
        var check = SecurityCheckDefinition(
            kind: kind, maxAttempts: values.integer(map, TreeKeys.maxAttempts),
            attemptingStateExpirationSec: values.integer(map, TreeKeys.attemptingStateExpirationSec),
            successStateExpirationSec: values.integer(map, TreeKeys.successStateExpirationSec),
            blockedStateExpirationSec: values.integer(map, TreeKeys.blockedStateExpirationSec))
        if let value = values.integer(map, TreeKeys.maxOperator) { check.maxOperator = value }
        if let pinNode = map["pin"], let pin = pinNode.scalarText {
            if kind != .pin { reader.error("pin is a setting of a pin check, not of \(kind.rawValue)", at: pinNode) }
            check.pin = pin
        }
        if kind == .pin, let node = map["maxOperator"] {
            reader.error("maxOperator is a setting of a simpleCaptcha check, not of pin", at: node)
        }
        return check
    }

    /// A scope list: a space-separated string or a list of names.
    private func scopeList(_ node: YNode, _ what: String) -> [String]? {
        if node.isSequence { return node.stringList(what) }
        return node.string(what).map { $0.split(separator: " ").map(String.init) }
    }

    private func parseAdapter(_ node: YNode) -> AdapterDefinition? {
        guard let map = node.mapping("an adapter") else { return nil }
        map.allowOnly(TreeKeys.adapter)
        guard let pathNode = map.required("path", in: "an adapter"), let path = pathNode.string("path") else {
            return nil
        }
        if !path.hasPrefix("/adapters/") {
            reader.error("an adapter path starts with /adapters/ (it is served under /mfp/api)", at: pathNode)
        }
        let methods = AdapterDefinition.methods
        var method = "GET"
        if let node = map["method"], let text = node.string("method") {
            if methods.contains(text.uppercased()) {
                method = text.uppercased()
            } else {
                reader.error("method must be one of: \(methods.joined(separator: ", "))", at: node)
            }
        }
        let scope = map["scope"].flatMap { scopeList($0, "scope") } ?? []
        return AdapterDefinition(
            path: path, method: method, scope: scope, body: map["body"]?.json ?? ["result": "ok"])
    }

    private func parseMobileFirstFault(_ node: YNode) -> MobileFirstFault? {
        guard let map = node.mapping("a fault") else { return nil }
        map.allowOnly(TreeKeys.mobileFirstFault)
        guard
            let endpoint = values.enumValue(
                map.required("endpoint", in: "a fault"), MobileFirstFault.Endpoint.self, "endpoint"),
            let kind = values.enumValue(map.required("kind", in: "a fault"), MobileFirstFault.Kind.self, "kind")
        else { return nil }
        return MobileFirstFault(
            endpoint: endpoint, kind: kind, times: values.integer(map, TreeKeys.mobileFirstFaultTimes) ?? 1)
    }
}
