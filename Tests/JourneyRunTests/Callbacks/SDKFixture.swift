import Foundation
import JourneyCore
import JourneyTestSupport
import Testing

@testable import JourneyFormat
@testable import JourneyRun

/// One assertion of an SDK's callback unit test (`Tests/Fixtures/sdk/<sdk>/*.json`, format in
/// that folder's README.md): the callback the test received, what it did, what the SDK posts.
struct SDKFixture: Sendable, CustomTestStringConvertible {
    /// What the SDK posts for the callback.
    enum Posted: Sendable, Hashable {
        /// The callback's input array.
        case inputs(JSONValue)
        /// The callback as received (it has no input).
        case asReceived
        /// Nothing: the SDK leaves the callback out of the request.
        case omitted
    }

    /// The SDK's folder name (`ping-ios`, `forgerock-js`...).
    var sdk: String
    /// The file name, `<CallbackType>-<case>.json`.
    var name: String
    var sourceTest: String
    var received: JSONValue
    var action: [String: JSONValue]
    var posted: Posted

    var testDescription: String { "\(sdk)/\(name) (\(sourceTest))" }
    var type: String { received["type"]?.stringValue ?? "" }

    /// Every fixture of `sdk`, in file name order.
    static func all(sdk: String) -> [SDKFixture] {
        let folder = Repository.fixtures.appendingPathComponent("sdk").appendingPathComponent(sdk)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".json") }.sorted().compactMap { name in
            guard let data = try? Data(contentsOf: folder.appendingPathComponent(name)),
                let json = try? JSONValue.parse(data)
            else { return nil }
            return SDKFixture(sdk: sdk, name: name, json: json)
        }
    }

    init?(sdk: String, name: String, json: JSONValue) {
        guard let received = json["received"], case .object(let action)? = json["action"] else { return nil }
        self.sdk = sdk
        self.name = name
        self.sourceTest = json["source"]?["test"]?.stringValue ?? ""
        self.received = received
        self.action = action
        switch json["posted"] {
        case .array(let inputs)?: posted = .inputs(.array(inputs))
        case .string("omitted")?: posted = .omitted
        case .null?, nil: posted = .asReceived
        default: return nil
        }
    }

    /// The fixture's callback as the only callback of a step.
    var step: AMStep? {
        AMStep(json: .object(["authId": "sdk-fixture", "callbacks": .array([received])]))
    }

    /// The journey handlers that do what the SDK test did. No option at all: the built-in answer
    /// for an output-only type, `echo: true` (keep as received) for a callback with inputs.
    var handlers: [HandlerSpec] {
        let hasInputs = !(received["input"]?.arrayValue ?? []).isEmpty
        let definesInputs = !(CallbackRegistry.definition(wireName: type)?.inputs.isEmpty ?? false)
        if action.isEmpty && !(hasInputs && definesInputs) { return [] }
        return [handler(type) { spec in Self.apply(action, to: &spec, received: received) }]
    }

    private static func apply(_ action: [String: JSONValue], to spec: inout AnswerSpec, received: JSONValue) {
        if action.isEmpty { spec.echo = located(true) }
        for (key, value) in action {
            switch key {
            case "value": spec.value = literal(value)
            case "validateOnly": spec.validateOnly = value.boolValue.map(located)
            case "choose": spec.choose = value.intValue.map { located(.index($0)) }
            case "accept": spec.accept = value.boolValue.map(located)
            case "question":
                spec.question = literal(value)
                if !isPredefined(value, in: received) { spec.forceQuestion = located(true) }
            case "answer": spec.answer = literal(value)
            case "token": spec.token = literal(value)
            case "tokenType": spec.tokenType = value.stringValue.map(located)
            case "action": spec.action = value.stringValue.map(located)
            case "clientError": spec.clientError = literal(value)
            case "payload": spec.payload = located(value)
            case "signals": spec.signals = literal(value)
            default: break
            }
        }
    }

    /// A KBA question the server offers (else the handler must force a user-defined one).
    private static func isPredefined(_ question: JSONValue, in received: JSONValue) -> Bool {
        let outputs = received["output"]?.arrayValue ?? []
        let predefined = outputs.first { $0["name"]?.stringValue == "predefinedQuestions" }?["value"]
        return predefined?.arrayValue?.contains(question) ?? false
    }
}

/// JSON equality as the fixtures state it: exact types, except that two numbers are equal by
/// value (`30` and `30.0`), and two strings that are both JSON objects as text are compared
/// parsed (a payload whose key order is the SDK's JSON writer's).
func sdkEqual(_ left: JSONValue, _ right: JSONValue) -> Bool {
    switch (left, right) {
    case (.int(let a), .double(let b)), (.double(let b), .int(let a)):
        return Double(a) == b
    case (.string(let a), .string(let b)):
        if a == b { return true }
        guard case .object? = try? JSONValue.parse(a), let parsedA = try? JSONValue.parse(a),
            let parsedB = try? JSONValue.parse(b)
        else { return false }
        return sdkEqual(parsedA, parsedB)
    case (.array(let a), .array(let b)):
        return a.count == b.count && zip(a, b).allSatisfy(sdkEqual)
    case (.object(let a), .object(let b)):
        return a.keys.sorted() == b.keys.sorted()
            && a.allSatisfy { key, value in b[key].map { sdkEqual(value, $0) } ?? false }
    default:
        return left == right
    }
}
