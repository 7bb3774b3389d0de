import JourneyCore

/// One callback declared on a page: its type, outputs (defaults filled in), inputs and where its answer goes.
struct CallbackSpec: Sendable {
    var type: String
    /// Outputs in AM's order, with the values to send.
    var outputs: [NameValue]
    /// Input suffixes (`""`, `validateOnly`, `token`...) and their pre-filled values.
    var inputs: [(suffix: String, value: JSONValue)]
    /// State name the answer is stored under.
    var store: String?
    /// Policies checked on submit (ValidatedCreate* and attribute callbacks).
    var policies: [PolicyRule]
    /// For attribute callbacks, the attribute name; for ValidatedCreateUsername, "userName".
    var attributeName: String?
    /// Input suffix → the whole name sent instead of `IDToken<N><suffix>` (an input's `name:`).
    var inputNames: [String: String] = [:]

    var hasInputs: Bool { !inputs.isEmpty }
    /// True when the callback shows `failedPolicies` and is re-prompted on policy failures.
    var isValidated: Bool { outputs.contains { $0.name == "failedPolicies" } }

    func hasType(_ type: CallbackType) -> Bool { self.type == type.wireName }

    func output(_ name: String) -> JSONValue? {
        outputs.first(where: { $0.name == name })?.value
    }
}

/// What a page renders for a callback type by default: the registry's outputs and inputs
/// (`CallbackRegistry`), for the types the simulator renders (`isSimulated`).
struct PageDefaults: Sendable {
    var type: CallbackType
    var outputs: [(name: String, value: JSONValue)]
    var inputs: [(suffix: String, value: JSONValue)]
    /// Accepts `policies:` as a requirement mapping and shows failedPolicies.
    var validated: Bool
    /// Inputs AM fills from an output when it sends the callback (HiddenValueCallback's `id`...).
    var prefilled: [(suffix: String, output: String)]

    /// The defaults for `type`, or `nil` for a type the simulator does not know (a custom one).
    static func of(_ type: String) -> PageDefaults? { byType[type] }

    /// The type names a page may use without declaring outputs and inputs.
    static var typeNames: [String] { byType.keys.sorted() }

    private static let byType: [String: PageDefaults] = Dictionary(
        uniqueKeysWithValues: CallbackRegistry.definitions.filter(\.isSimulated).map { definition in
            (definition.type.wireName, PageDefaults(definition))
        })

    private init(_ definition: CallbackDefinition) {
        type = definition.type
        outputs = definition.outputs.map { ($0.name, $0.defaultValue) }
        inputs = definition.inputs.map { ($0.suffix, $0.defaultValue) }
        validated = definition.isValidated
        prefilled = definition.inputs.compactMap { input in input.prefilledFrom.map { (input.suffix, $0) } }
    }
}
