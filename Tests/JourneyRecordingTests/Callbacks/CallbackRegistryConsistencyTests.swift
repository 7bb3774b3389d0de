import Foundation
import JourneyCore
import JourneyTestSupport
import Testing

@testable import JourneyFormat
@testable import JourneyRecording
@testable import JourneyRun

/// Every place that knows callback types knows the same ones as `CallbackRegistry`: the answerer
/// table, the handler options, the importer and both JSON schemas. (The simulator's page defaults
/// are checked in JourneySimulatorTests.)
@Suite struct CallbackRegistryConsistencyTests {
    static let schemas = Repository.root.appendingPathComponent("schemas")

    static func schema(_ name: String) throws -> [String: Any] {
        let data = try Data(contentsOf: schemas.appendingPathComponent(name))
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    /// The value at `path` (object keys, or array indices as numbers).
    static func value(_ root: Any, _ path: [String]) -> Any? {
        var node: Any? = root
        for key in path {
            if let index = Int(key) {
                node = (node as? [Any]).flatMap { $0.indices.contains(index) ? $0[index] : nil }
            } else {
                node = (node as? [String: Any])?[key]
            }
        }
        return node
    }

    /// The names a handler may use: AM's wire names and the derived ones.
    static let handlerTypeNames = CallbackRegistry.definitions.filter { $0.origin != .product }.map(\.type.wireName)

    @Test func knownTypesAreTheRegistry() {
        #expect(
            KnownCallbackTypes.all + KnownCallbackTypes.derived + KnownCallbackTypes.custom
                == CallbackType.allCases.map(\.wireName))
        for type in CallbackType.allCases { #expect(KnownCallbackTypes.isKnown(type.wireName)) }
    }

    @Test func everyTypeHasTheAnswererItsDefinitionCallsFor() {
        for type in CallbackType.allCases {
            let definition = type.definition
            let answerer = type.answerer
            let isOutputOnlyAnswerer = Self.same(answerer, OutputOnlyAnswerer.self)
            #expect(isOutputOnlyAnswerer == definition.isOutputOnly, "\(type): \(answerer)")
            #expect((answerer.recordedShape == .none) == definition.isOutputOnly, "\(type)")
            #expect((answerer.recordedShape == .choice) == (definition.choicesOutput != nil), "\(type)")
            if definition.origin != .am {
                // Derived types arrive as special forms (answered by form); the product's by input name.
                #expect(Self.same(answerer, CustomCallbackAnswerer.self), "\(type)")
            }
        }
        let metadata: [SpecialForm: JSONValue] = [
            .protectInitialize: ["_type": "PingOneProtect", "_action": "protect_initialize"],
            .protectEvaluation: ["_type": "PingOneProtect", "_action": "protect_risk_evaluation"],
            .webAuthnRegistration: ["_type": "WebAuthn", "_action": "webauthn_registration"],
            .webAuthnAuthentication: ["_type": "WebAuthn", "_action": "webauthn_authentication"],
        ]
        for form in SpecialForm.allCases {
            let callback = AMCallback(
                type: CallbackType.metadata.wireName,
                output: [NameValue(name: "data", value: metadata[form, default: .null])])
            let draft = CallbackDraft(callback, index: 0)
            #expect(draft.form == form)
            let answerer = AnswererTable.answerer(for: draft)
            let expected: any CallbackAnswerer.Type =
                form.isWebAuthn ? WebAuthnAnswerer.self : ProtectMetadataAnswerer.self
            #expect(Self.same(answerer, expected), "\(form)")
        }
    }

    static func same(_ one: any CallbackAnswerer.Type, _ other: any CallbackAnswerer.Type) -> Bool {
        ObjectIdentifier(one) == ObjectIdentifier(other)
    }

    @Test func everyHandlerTypeHasOptionsThatFitItsDefinition() {
        let optionKeys = Set(AnswerSpec.allOptionKeys)
        for type in CallbackType.allCases {
            let definition = type.definition
            guard let options = CallbackCatalogue.allowedOptions(for: type.wireName) else {
                #expect(definition.origin == .product, "\(type) has no handler options")
                continue
            }
            #expect(definition.origin != .product, "\(type)")
            #expect(options.isSubset(of: optionKeys), "\(type): \(options.subtracting(optionKeys))")
            #expect(options.contains("choose") == (definition.choicesOutput != nil), "\(type)")
            if options.contains("validateOnly") { #expect(definition.isValidated, "\(type)") }
            #expect(
                CallbackCatalogue.secretInputs(for: type.wireName) == definition.secretInputs, "\(type)")
        }
        #expect(CallbackCatalogue.allowedOptions(for: "MyCustomCallback") == nil)
    }

    /// The importer reads every type's recorded answer into options its handlers accept.
    @Test func importerWritesOnlyOptionsTheTypeAccepts() {
        for type in CallbackType.allCases {
            let definition = type.definition
            let outputs = definition.outputs.map { NameValue(name: $0.name, value: $0.defaultValue) }
            let inputs = definition.inputs.enumerated().map { index, input in
                NameValue(name: "IDToken1\(input.suffix)", value: Self.answered(input.defaultValue, index))
            }
            let callback = AMCallback(type: type.wireName, output: outputs, input: inputs.isEmpty ? nil : inputs)
            // As the server sent it: each input at its default (an answer equal to it is no answer).
            let defaults = definition.inputs.map { NameValue(name: "IDToken1\($0.suffix)", value: $0.defaultValue) }
            let received = AMCallback(type: type.wireName, output: outputs, input: defaults.isEmpty ? nil : defaults)
            var builder = ScriptImporter.Builder(journey: RecordedJourney(exchanges: []))
            let options = builder.answer(received, callback).map(\.0)
            let allowed = CallbackCatalogue.allowedOptions(for: type.wireName) ?? CallbackCatalogue.customTypeOptions
            #expect(Set(options).isSubset(of: allowed), "\(type): imported \(options), accepts \(allowed.sorted())")
            if definition.isOutputOnly { #expect(options.isEmpty, "\(type)") }
            if definition.origin == .am, !definition.isOutputOnly,
                definition.inputs.contains(where: { $0.suffix == "" }),
                allowed.contains("value")
            {
                #expect(!options.isEmpty, "\(type): the importer drops its answer")
            }
        }
    }

    /// A recorded value different from the default, of the same JSON type.
    static func answered(_ value: JSONValue, _ index: Int) -> JSONValue {
        switch value {
        case .bool(let flag): return .bool(!flag)
        case .int(let number): return .int(number + 1)
        default: return .string("answer\(index)")
        }
    }

    @Test func journeySchemaListsEveryHandlerType() throws {
        let schema = try Self.schema("journey.schema.json")
        let enumeration = Self.value(schema, ["$defs", "callbackType", "anyOf", "0", "enum"]) as? [String]
        #expect(enumeration == Self.handlerTypeNames, "schemas/journey.schema.json $defs/callbackType")
        let handlerKeys = Self.value(schema, ["properties", "handlers", "anyOf", "0", "properties"]) as? [String: Any]
        #expect(
            Set(handlerKeys?.keys.map { $0 } ?? []) == Set(Self.handlerTypeNames),
            "schemas/journey.schema.json handlers (map form) keys")
    }

    @Test func simulatorSchemaListsEverySimulatedTypeWithItsOutputs() throws {
        let schema = try Self.schema("simulator.schema.json")
        let simulated = CallbackRegistry.definitions.filter(\.isSimulated)
        let shapes = try #require(Self.value(schema, ["$defs", "callback", "oneOf"]) as? [[String: Any]])
        var listed: [String: Set<String>] = [:]
        var custom: [String]?
        for shape in shapes {
            let properties = shape["properties"] as? [String: Any] ?? [:]
            let type = properties["type"] as? [String: Any]
            if let name = type?["const"] as? String {
                listed[name] = Set(properties.keys)
            } else {
                custom = Self.value(type as Any, ["not", "enum"]) as? [String]
            }
        }
        let names = Set(simulated.map(\.type.wireName))
        #expect(Set(listed.keys) == names, "schemas/simulator.schema.json $defs/callback page types")
        #expect(Set(custom ?? []) == names, "schemas/simulator.schema.json custom callback's excluded types")
        let common: Set<String> = ["type", "store", "outputs", "inputs"]
        for definition in simulated {
            let expected = common.union(definition.outputs.map(\.name))
            #expect(listed[definition.type.wireName] == expected, "\(definition.type): schema keys vs registry outputs")
        }
    }
}
