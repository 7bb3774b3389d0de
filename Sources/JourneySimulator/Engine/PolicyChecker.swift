import Foundation
import JourneyCore

/// Checks IDM-style policies and reports failures as AM does: an array of JSON strings.
struct PolicyChecker {
    let users: UserStore

    func failures(
        _ rules: [PolicyRule], value: JSONValue?, attribute: String?, state: [String: JSONValue]
    ) -> [String] {
        let text: String
        switch value {
        case .string(let s): text = s
        case nil, .null: text = ""
        case .some(let other): text = other.displayText
        }
        if text.isEmpty {
            return rules.contains(.required) ? [Self.failure(.required)] : []
        }
        var failed: [String] = []
        for rule in rules where !passes(rule, text: text, attribute: attribute, state: state) {
            failed.append(Self.failure(rule))
        }
        return failed
    }

    private func passes(_ rule: PolicyRule, text: String, attribute: String?, state: [String: JSONValue]) -> Bool {
        switch rule {
        case .required: return true
        case .unique: return !users.isTaken(attribute: attribute ?? "userName", value: text)
        case .minLength(let n): return text.count >= n
        case .maxLength(let n): return text.count <= n
        case .atLeastCapitals(let n): return text.filter(\.isUppercase).count >= n
        case .atLeastNumbers(let n): return text.filter(\.isNumber).count >= n
        case .cannotContainCharacters(let forbidden): return !forbidden.contains { !$0.isEmpty && text.contains($0) }
        case .cannotContainOthers(let fields):
            let lowered = text.lowercased()
            return !fields.contains { field in
                guard let other = ValuePath.resolve(field, in: state)?.displayText, other.count >= 3 else {
                    return false
                }
                return lowered.contains(other.lowercased())
            }
        case .validEmail:
            return text.range(of: #"^[^@\s]+@[^@\s]+\.[^@\s]+$"#, options: .regularExpression) != nil
        case .matchRegexp(let pattern):
            return text.range(of: pattern, options: .regularExpression) != nil
        }
    }

    /// `{ "params": { "minLength": 3 }, "policyRequirement": "MIN_LENGTH" }`, spaced as AM writes it.
    static func failure(_ rule: PolicyRule) -> String {
        let requirement = "\"policyRequirement\": \"\(rule.requirement)\""
        guard !rule.params.isEmpty else { return "{ \(requirement) }" }
        let params = rule.params.map { "\"\($0.0)\": \($0.1.fastJSONString)" }.joined(separator: ", ")
        return "{ \"params\": { \(params) }, \(requirement) }"
    }
}
