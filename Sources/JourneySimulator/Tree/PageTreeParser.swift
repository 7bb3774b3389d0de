import Foundation
import JourneyCore

/// Reads a `page` node: its callbacks, their outputs, inputs and stores, and the policies of the
/// validated callbacks.
struct PageTreeParser {
    let reader: YAMLReader
    let values: TreeValues

    func parsePage(_ node: YNode, context: String) -> PageSpec? {
        guard let map = node.mapping(context) else { return nil }
        map.allowOnly(TreeParser.textKeys + ["callbacks", "ids"], in: context)
        guard let list = map.required("callbacks", in: context)?.sequence("callbacks") else { return nil }
        if list.isEmpty, let callbacksNode = map["callbacks"] {
            reader.error("a page needs at least one callback", at: callbacksNode)
        }
        let callbacks = list.compactMap(parseCallback)
        return PageSpec(text: values.pageText(map), callbacks: callbacks, emitIds: map["ids"]?.bool("ids") ?? true)
    }

    static let callbackCommonKeys = ["type", "store", "outputs", "inputs"]

    /// Default state names for common callbacks, so `credentials` works without `store:`.
    static let defaultStore: [String: String] = [
        CallbackType.name.wireName: "username", CallbackType.password.wireName: "password",
        CallbackType.validatedCreateUsername.wireName: "username",
        CallbackType.validatedCreatePassword.wireName: "password",
    ]

    /// Attribute callbacks store their answer under their attribute name by default.
    static let attributeTypes: Set<String> = Set(
        [CallbackType.booleanAttributeInput, .stringAttributeInput, .numberAttributeInput].map(\.wireName))

    func parseCallback(_ node: YNode) -> CallbackSpec? {
        guard let map = node.mapping("a callback") else { return nil }
        guard let typeNode = map.required("type", in: "a callback"), let type = typeNode.string("type") else {
            return nil
        }
        let entry = PageDefaults.of(type)
        let outputNames = entry?.outputs.map(\.name) ?? []
        var allowed = Self.callbackCommonKeys + outputNames
        if entry?.validated == true { allowed += ["validateOnly"] }
        map.allowOnly(allowed, in: "a \(type)")
        if entry == nil && map["outputs"] == nil && map["inputs"] == nil {
            reader.warning(
                "unknown callback type '\(type)'; declare its 'outputs' and 'inputs'", at: typeNode,
                hint: DidYouMean.hint(for: type, among: PageDefaults.typeNames))
        }
        var spec = CallbackSpec(
            type: type, outputs: [], inputs: entry?.inputs ?? [], store: map["store"]?.string("store"),
            policies: [], attributeName: nil)
        for (name, defaultValue) in entry?.outputs ?? [] {
            var value = defaultValue
            if let given = map[name] {
                value =
                    name == "policies" && entry?.validated == true
                    ? .object([:]) : coerce(given.json, like: defaultValue)
            }
            spec.outputs.append(NameValue(name: name, value: value))
        }
        if let extra = map["outputs"]?.mapping("outputs") {
            for item in extra.entries {
                let value = item.value.json
                if let index = spec.outputs.firstIndex(where: { $0.name == item.key }) {
                    spec.outputs[index].value = value
                } else {
                    spec.outputs.append(NameValue(name: item.key, value: value))
                }
            }
        }
        if let inputsNode = map["inputs"], let inputs = inputsNode.sequence("inputs") {
            spec.inputs = inputs.compactMap { item in
                guard let pair = item.mapping("an input") else { return nil }
                pair.allowOnly(["suffix", "value", "name"], in: "an input")
                let suffix = pair["suffix"]?.string("suffix") ?? ""
                if let nameNode = pair["name"], let name = nameNode.string("name") {
                    if name.isEmpty || spec.inputNames.values.contains(name) || spec.inputNames[suffix] != nil {
                        reader.error("an input's name must be non-empty and unique within its callback", at: nameNode)
                    } else {
                        spec.inputNames[suffix] = name
                    }
                }
                return (suffix, pair["value"]?.json ?? .string(""))
            }
        }
        if entry?.validated == true {
            configureValidated(&spec, map: map, type: type)
        }
        for (suffix, output) in entry?.prefilled ?? [] {
            if let value = spec.output(output), let index = spec.inputs.firstIndex(where: { $0.suffix == suffix }) {
                spec.inputs[index].value = value
            }
        }
        if spec.store == nil { spec.store = Self.defaultStore[type] }
        if spec.store == nil, Self.attributeTypes.contains(type), let name = spec.attributeName, !name.isEmpty {
            spec.store = name
        }
        if spec.store != nil, !spec.hasInputs, let storeNode = map["store"] {
            reader.error("a \(type) has no input to store", at: storeNode)
        }
        return spec
    }

    private func configureValidated(_ spec: inout CallbackSpec, map: YMapping, type: String) {
        spec.attributeName =
            type == CallbackType.validatedCreateUsername.wireName
            ? "userName"
            : type == CallbackType.validatedCreatePassword.wireName ? "password" : spec.output("name")?.stringValue
        if let policiesNode = map["policies"] { spec.policies = parsePolicies(policiesNode) }
        if spec.output("required")?.boolValue == true, !spec.policies.contains(.required) {
            spec.policies.insert(.required, at: 0)
        }
        if let index = spec.outputs.firstIndex(where: { $0.name == "policies" }) {
            spec.outputs[index].value = Self.policiesOutput(spec.policies, name: spec.attributeName ?? "")
        }
        if map["validateOnly"]?.bool("validateOnly") == false {
            spec.outputs.removeAll { $0.name == "validateOnly" }
            spec.inputs.removeAll { $0.suffix == "validateOnly" }
        }
    }

    /// Converts a YAML value to the JSON type AM uses for that output (e.g. messageType "0" vs 0).
    func coerce(_ value: JSONValue, like model: JSONValue) -> JSONValue {
        switch (model, value) {
        case (.string, .int(let n)): return .string(String(n))
        case (.string, .double(let d)): return .string(String(d))
        case (.string, .bool(let b)): return .string(String(b))
        case (.int, .string(let s)): return Int(s).map(JSONValue.int) ?? value
        default: return value
        }
    }

    func parsePolicies(_ node: YNode) -> [PolicyRule] {
        guard let map = node.mapping("policies") else { return [] }
        var rules: [PolicyRule] = []
        for entry in map.entries {
            let value = entry.value
            switch entry.key {
            case "REQUIRED": if value.bool("REQUIRED") == true { rules.append(.required) }
            case "UNIQUE": if value.bool("UNIQUE") == true { rules.append(.unique) }
            case "VALID_EMAIL_ADDRESS_FORMAT":
                if value.bool("VALID_EMAIL_ADDRESS_FORMAT") == true { rules.append(.validEmail) }
            case "MIN_LENGTH":
                if let n = values.nonNegativeInt(value, "MIN_LENGTH", in: TreeRanges.length) {
                    rules.append(.minLength(n))
                }
            case "MAX_LENGTH":
                if let n = values.positiveInt(value, "MAX_LENGTH", in: TreeRanges.length) {
                    rules.append(.maxLength(n))
                }
            case "AT_LEAST_X_CAPITAL_LETTERS":
                if let n = values.positiveInt(value, "AT_LEAST_X_CAPITAL_LETTERS", in: TreeRanges.length) {
                    rules.append(.atLeastCapitals(n))
                }
            case "AT_LEAST_X_NUMBERS":
                if let n = values.positiveInt(value, "AT_LEAST_X_NUMBERS", in: TreeRanges.length) {
                    rules.append(.atLeastNumbers(n))
                }
            case "CANNOT_CONTAIN_CHARACTERS":
                if let list = value.stringList("CANNOT_CONTAIN_CHARACTERS") {
                    rules.append(.cannotContainCharacters(list))
                }
            case "CANNOT_CONTAIN_OTHERS":
                if let list = value.stringList("CANNOT_CONTAIN_OTHERS") { rules.append(.cannotContainOthers(list)) }
            case "MATCH_REGEXP":
                if let pattern = value.string("MATCH_REGEXP") {
                    if (try? NSRegularExpression(pattern: pattern)) == nil {
                        reader.error("MATCH_REGEXP is not a valid regular expression", at: value)
                    } else {
                        rules.append(.matchRegexp(pattern))
                    }
                }
            default:
                reader.error(
                    "unknown policy '\(entry.key)'", at: entry.keyNode,
                    hint: DidYouMean.hint(for: entry.key, among: PolicyRule.names)
                        ?? "known policies: \(PolicyRule.names.joined(separator: ", "))")
            }
        }
        return rules
    }

    /// The AM 7 `policies` output object for a set of rules.
    static func policiesOutput(_ rules: [PolicyRule], name: String) -> JSONValue {
        var requirements: [JSONValue] = []
        var policies: [JSONValue] = []
        for rule in rules {
            if !requirements.contains(.string(rule.requirement)) { requirements.append(.string(rule.requirement)) }
            var policy: [String: JSONValue] = [
                "policyId": .string(rule.policyId), "policyRequirements": [.string(rule.requirement)],
            ]
            if !rule.params.isEmpty {
                policy["params"] = .object(Dictionary(rule.params, uniquingKeysWith: { a, _ in a }))
            }
            policies.append(.object(policy))
        }
        return [
            "policyRequirements": .array(requirements), "fallbackPolicies": nil, "name": .string(name),
            "policies": .array(policies), "conditionalPolicies": nil,
        ]
    }
}
