import JourneyCore

/// Renders a callback's `failedPolicies` for the trace: `MIN_LENGTH{minLength:3}, UNIQUE`.
/// AM sends each failure as a JSON string (older servers and tests also as objects).
enum FailedPolicies {
    /// The note text, or `nil` when nothing failed.
    static func note(for callback: AMCallback) -> String? {
        guard let items = callback.output("failedPolicies")?.arrayValue, !items.isEmpty else { return nil }
        return items.map(describe).joined(separator: ", ")
    }

    static func describe(_ item: JSONValue) -> String {
        var policy = item
        if let text = item.stringValue {
            guard let parsed = try? JSONValue.parse(text) else { return text }
            policy = parsed
        }
        guard let requirement = policy["policyRequirement"]?.stringValue else { return policy.displayText }
        guard let params = policy["params"]?.objectValue, !params.isEmpty else { return requirement }
        let rendered = params.keys.sorted().map { "\($0):\(params[$0]?.displayText ?? "")" }.joined(separator: ",")
        return "\(requirement){\(rendered)}"
    }
}
