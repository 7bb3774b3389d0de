import JourneyCore
import JourneyKit

/// `describe_callback { type }`: what a callback type sends (outputs, with the simulator's
/// default values), what it takes back (inputs, which are secret), and the handler options
/// that answer it, with an example handler. All of it from the callback registry and the
/// answer options' declarations: the sources the docs and the schema are made from.
struct DescribeCallbackTool: Sendable {
    func call(_ arguments: ToolArguments) async throws -> ToolOutput {
        let asked = try arguments.requiredString("type")
        guard let definition = Self.definition(named: asked) else { return Self.custom(asked) }
        let name = definition.type.wireName
        let options = (CallbackCatalogue.allowedOptions(for: name) ?? CallbackCatalogue.customTypeOptions).sorted()
        let example = Self.example(name, options: Set(options), definition: definition)
        let outputs: [JSONValue] = definition.outputs.map {
            ["name": .string($0.name), "default": $0.defaultValue]
        }
        let inputs: [JSONValue] = definition.inputs.map { input in
            [
                "name": .string("IDToken1" + input.suffix), "default": input.defaultValue,
                "secret": .bool(input.secretName != nil),
                "prefilledFrom": input.prefilledFrom.map { .string($0) } ?? .null,
            ]
        }
        let optionDocs: [JSONValue] = options.map {
            ["option": .string($0), "doc": .string(AnswerOptionDocs.doc(of: $0) ?? "")]
        }
        let notes = Self.notes(definition, options: Set(options))
        var text = "\(name) (\(Self.origin(definition)))\n"
        text += "outputs: " + (definition.outputs.map(\.name).joined(separator: ", ").nonEmpty ?? "none") + "\n"
        text +=
            "inputs: "
            + (definition.inputs.map { "IDToken1\($0.suffix)" + ($0.secretName != nil ? " (secret)" : "") }
                .joined(separator: ", ").nonEmpty ?? "none") + "\n"
        text += "handler options: " + options.joined(separator: ", ") + "\n"
        for note in notes { text += note + "\n" }
        if let example { text += "example:\n" + example }
        return ToolOutput(
            structured: [
                "type": .string(name), "origin": .string(Self.origin(definition)), "outputs": .array(outputs),
                "inputs": .array(inputs), "options": .array(optionDocs),
                "notes": .array(notes.map { .string($0) }),
                "example": example.map { .string($0) } ?? .null,
            ],
            text: text)
    }

    /// The registry's definition of `asked`: its wire name, in any case, with or without `Callback`.
    static func definition(named asked: String) -> CallbackDefinition? {
        if let exact = CallbackRegistry.definition(wireName: asked) { return exact }
        let wanted = asked.lowercased()
        return CallbackRegistry.definitions.first {
            let name = $0.type.wireName.lowercased()
            return name == wanted || name == wanted + "callback"
        }
    }

    static func origin(_ definition: CallbackDefinition) -> String {
        switch definition.origin {
        case .am: return "sent by PingAM"
        case .derived: return "a Ping SDK name for a feature inside a generic callback; never on the wire"
        case .product: return "this product's own type, answered like a custom callback"
        }
    }

    static func notes(_ definition: CallbackDefinition, options: Set<String>) -> [String] {
        var notes: [String] = []
        if definition.isOutputOnly {
            notes.append("Nothing to answer: echoed as received unless a handler says otherwise.")
        }
        if definition.type == .hiddenValue { notes.append("Echoed as received when no handler matches it.") }
        if options == CallbackCatalogue.everyTypeOptions {
            notes.append("No answer option but echo, keep and input: expect the outcome it leads to instead.")
        }
        if definition.isValidated { notes.append("Re-prompted with failedPolicies when its policies fail.") }
        if let choices = definition.choicesOutput {
            notes.append("`choose` picks a label or 0-based index of `\(choices)`.")
        }
        if !definition.secretInputs.isEmpty {
            notes.append("Its secret inputs are masked in every output; answer them from { env: NAME, secret: true }.")
        }
        return notes
    }

    /// A map-form handler answering `name`, in the format of docs/format.md.
    static func example(_ name: String, options: Set<String>, definition: CallbackDefinition) -> String? {
        let answer: String
        if !definition.secretInputs.isEmpty, options.contains("value") {
            answer = "{ env: \(Self.variable(name)), secret: true }"
        } else if options.contains("choose") {
            answer = "{ choose: 0 }"
        } else if options.contains("question") {
            answer = "{ question: \"What is your favourite colour?\", answer: { env: KBA_ANSWER, secret: true } }"
        } else if options.contains("accept") {
            answer = "{ accept: true }"
        } else if options.contains("token") {
            answer = "{ token: { env: \(Self.variable(name)), secret: true } }"
        } else if options.contains("exit") {
            answer = "{ exit: false }"
        } else if options.contains("resume") {
            answer = "{ resume: { env: SUSPENDED_ID } }"
        } else if options.contains("profile") {
            answer = "{ profile: browser }"
        } else if options.contains("deviceName") {
            answer = "{ deviceName: test-device }"
        } else if options.contains("signals") && !options.contains("value") {
            answer = "{ signals: \"{}\" }"
        } else if options.contains("userVerification") {
            answer = "{ userVerification: true }"
        } else if definition.origin == .product {
            answer =
                "{ inputs: { \(definition.inputs.first.map { $0.suffix.isEmpty ? "IDToken1" : $0.suffix } ?? "IDToken1"): \"...\" } }"
        } else if definition.isOutputOnly || options == CallbackCatalogue.everyTypeOptions {
            return nil
        } else if options.contains("value") {
            answer = "demo"
        } else if options.contains("clientError") {
            answer = "{ clientError: Unsupported }"
        } else {
            return nil
        }
        return "handlers:\n  \(name): \(answer)\n"
    }

    /// An environment variable name for a secret answer: `PasswordCallback` → `PASSWORD`.
    static func variable(_ name: String) -> String {
        let stem = name.hasSuffix("Callback") ? String(name.dropLast("Callback".count)) : name
        var result = ""
        for character in stem {
            if character.isUppercase, !result.isEmpty, result.last != "_" { result.append("_") }
            result.append(character.uppercased().first ?? character)
        }
        return result
    }

    /// A type the registry does not know: answered as a custom callback, by input name.
    static func custom(_ asked: String) -> ToolOutput {
        let known = CallbackRegistry.definitions.map(\.type.wireName)
        let options = CallbackCatalogue.customTypeOptions.sorted()
        let text = """
            \(asked) is not a type the registry knows: a custom callback, answered by input name \
            (options: \(options.joined(separator: ", "))), e.g.
            handlers:
              \(asked): { inputs: { IDToken1: "..." } }
            Known types: \(known.joined(separator: ", "))
            """
        return ToolOutput(
            structured: [
                "type": .string(asked), "origin": "custom", "options": .array(options.map { .string($0) }),
                "known": .array(known.map { .string($0) }),
                "example": .string("handlers:\n  \(asked): { inputs: { IDToken1: \"...\" } }\n"),
            ],
            text: text)
    }
}

extension String {
    fileprivate var nonEmpty: String? { isEmpty ? nil : self }
}
