import Foundation
import JourneyCore

extension TreeParser {
    static let comparisonKeys = ["equals", "notEquals", "regex", "oneOf", "greaterThan", "lessThan", "exists"]

    func parseCondition(_ node: YNode, context: String) -> Condition? {
        guard let map = node.mapping(context) else { return nil }
        map.allowOnly(["value", "all", "any", "not"] + Self.comparisonKeys, in: context)
        for combinator in ["all", "any"] {
            guard let listNode = map[combinator] else { continue }
            if map.entries.count > 1 {
                reader.error("'\(combinator)' stands alone in a condition", at: listNode)
            }
            guard let items = listNode.sequence(combinator) else { return nil }
            let conditions = items.compactMap { parseCondition($0, context: "a condition") }
            guard conditions.count == items.count else { return nil }
            return combinator == "all" ? .all(conditions) : .any(conditions)
        }
        if let inner = map["not"] {
            return parseCondition(inner, context: "a condition").map(Condition.not)
        }
        guard let path = map.required("value", in: context)?.string("value") else { return nil }
        let comparisons = map.entries.filter { Self.comparisonKeys.contains($0.key) }
        guard let comparisonEntry = comparisons.first else {
            reader.error(
                "a condition needs one comparison", at: map.node.location,
                hint: "one of: \(Self.comparisonKeys.joined(separator: ", "))")
            return nil
        }
        for extra in comparisons.dropFirst() {
            reader.error("a condition has one comparison; split it with 'all:'", at: extra.keyNode)
        }
        let value = comparisonEntry.value
        let comparison: Condition.Comparison
        switch comparisonEntry.key {
        case "equals": comparison = .equals(value.json)
        case "notEquals": comparison = .notEquals(value.json)
        case "regex":
            guard let pattern = value.string("regex") else { return nil }
            guard (try? NSRegularExpression(pattern: pattern)) != nil else {
                reader.error("regex is not a valid regular expression", at: value)
                return nil
            }
            comparison = .regex(pattern)
        case "oneOf":
            guard let items = value.sequence("oneOf") else { return nil }
            comparison = .oneOf(items.map(\.json))
        case "greaterThan":
            guard let number = value.double("greaterThan") else { return nil }
            comparison = .greaterThan(number)
        case "lessThan":
            guard let number = value.double("lessThan") else { return nil }
            comparison = .lessThan(number)
        default:
            guard let flag = value.bool("exists") else { return nil }
            comparison = .exists(flag)
        }
        return .compare(path: path, comparison)
    }

    func parseRecaptcha(_ node: YNode, context: String) -> RecaptchaSpec? {
        guard let map = node.mapping(context) else { return nil }
        map.allowOnly(
            Self.textKeys + [
                "siteKey", "apiUri", "divClass", "minScore", "expectedAction", "tokens", "rejectReasons",
                "storePayload", "storeAssessment", "from",
            ], in: context)
        var spec = RecaptchaSpec(
            text: values.pageText(map),
            siteKey: map["siteKey"]?.string("siteKey") ?? "6LdSu_spAAAAAKz3UhIy4JYQld2lm_WRt7dEhf9T",
            apiUri: map["apiUri"]?.string("apiUri") ?? "https://www.google.com/recaptcha/enterprise.js",
            divClass: map["divClass"]?.string("divClass") ?? "g-recaptcha",
            minScore: 0.5, expectedAction: map["expectedAction"]?.string("expectedAction"), tokens: [:],
            rejectReasons: map["rejectReasons"]?.stringList("rejectReasons") ?? [],
            storePayload: map["storePayload"]?.string("storePayload"),
            storeAssessment: map["storeAssessment"]?.string("storeAssessment"),
            from: map["from"]?.string("from"))
        if let scoreNode = map["minScore"], let score = scoreNode.double("minScore") {
            if (0...1).contains(score) {
                spec.minScore = score
            } else {
                reader.error("minScore must be between 0.0 and 1.0", at: scoreNode)
            }
        }
        if let tokens = map.required("tokens", in: context)?.mapping("tokens") {
            for entry in tokens.entries {
                if let assessment = parseTokenAssessment(entry.value, token: entry.key) {
                    spec.tokens[entry.key] = assessment
                }
            }
        }
        return spec
    }

    private func parseTokenAssessment(_ node: YNode, token: String) -> RecaptchaSpec.TokenAssessment? {
        let context = "token '\(token)'"
        if node.isScalar, let score = node.double(context) {
            return RecaptchaSpec.TokenAssessment(
                score: score, valid: true, action: nil, reasons: [], invalidReason: nil)
        }
        guard let map = node.mapping(context) else { return nil }
        map.allowOnly(["score", "valid", "action", "reasons", "invalidReason"], in: context)
        let score = map["score"]?.double("score") ?? 0
        if let scoreNode = map["score"], !(0...1).contains(score) {
            reader.error("score must be between 0.0 and 1.0", at: scoreNode)
        }
        let invalidReason = map["invalidReason"]?.string("invalidReason")
        return RecaptchaSpec.TokenAssessment(
            score: score, valid: map["valid"]?.bool("valid") ?? (invalidReason == nil),
            action: map["action"]?.string("action"), reasons: map["reasons"]?.stringList("reasons") ?? [],
            invalidReason: invalidReason)
    }
}
