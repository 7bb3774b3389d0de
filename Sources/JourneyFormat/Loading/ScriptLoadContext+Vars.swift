import JourneyCore

/// Reads `vars:` and checks the names of variables and captures.
extension ScriptLoadContext {
    func vars(_ node: YNode) -> [VarDecl] {
        guard let mapping = node.mapping("vars") else { return [] }
        return mapping.entries.compactMap { entry in
            checkVariableName(entry.key, at: entry.keyNode, "a variable")
            let value = templates.reading(for: .variable(entry.key)) { valueSpec(entry.value, "vars.\(entry.key)") }
            guard let value else { return nil }
            return VarDecl(name: entry.key, value: value, location: entry.keyNode.location)
        }
    }

    /// The names under `vars:`, whether or not their values are valid: a var with an invalid
    /// value is still declared, so its own error is not followed by one at every read of it.
    func varNames(_ node: YNode?) -> [String] {
        guard let node, node.isMapping else { return [] }
        return node.mapping("vars")?.keys ?? []
    }

    /// Names are identifiers (`otpCode`, `user_2`) so templates can read them; `env` is reserved.
    func checkVariableName(_ name: String, at node: YNode, _ what: String) {
        if name == "env" {
            error("'env' is reserved for environment variables ({{ env.NAME }}) and cannot name \(what)", at: node)
            return
        }
        let scalars = Array(name.unicodeScalars)
        let isIdentifier =
            scalars.first.map { $0 == "_" || $0.properties.isAlphabetic && $0.isASCII } == true
            && scalars.allSatisfy {
                $0.isASCII && ($0 == "_" || $0.properties.isAlphabetic || ("0"..."9").contains($0))
            }
        if !isIdentifier {
            error(
                "'\(name)' cannot name \(what): use letters, digits and '_', starting with a letter", at: node)
        }
    }
}
