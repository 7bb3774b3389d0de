import Foundation
import JourneyCore
import JourneyTestSupport
import Testing

@testable import JourneySimulator

/// A node kind is one case of `NodeKind.Name`: the compiler makes the parser and the engine handle
/// it; these tests make the schema, the parser and the samples below agree with that list.
@Suite("Node kinds: one list, known everywhere")
struct NodeKindTests {
    /// The node kinds the simulator schema allows: the kind key of each `$defs.node.oneOf` alternative.
    static func schemaKinds() throws -> Set<String> {
        let url = Repository.root.appendingPathComponent("schemas/simulator.schema.json")
        let schema = try JSONValue.parse(Data(contentsOf: url))
        let alternatives = schema["$defs"]?["node"]?["oneOf"]?.arrayValue ?? []
        #expect(!alternatives.isEmpty, "schemas/simulator.schema.json has no $defs.node.oneOf")
        var kinds: Set<String> = []
        for alternative in alternatives {
            let keys = Set(alternative["properties"]?.objectValue?.keys ?? [:].keys)
            let kindKeys = keys.subtracting(TreeParser.nodeCommonKeys)
            #expect(kindKeys.count == 1, "a schema node alternative names one kind, not \(kindKeys.sorted())")
            kinds.formUnion(kindKeys)
        }
        return kinds
    }

    @Test("the schema's node kinds are exactly NodeKind.Name's")
    func schemaAgrees() throws {
        let schema = try Self.schemaKinds()
        let known = Set(NodeKind.names)
        #expect(schema.subtracting(known).isEmpty, "in the schema, unknown to the simulator")
        #expect(known.subtracting(schema).isEmpty, "known to the simulator, missing from the schema")
        #expect(NodeKind.names.count == known.count, "a kind is listed twice")
    }

    /// A node of each kind, with its outcomes wired to `end` (the exhaustive switch asks for a sample
    /// of every new kind).
    static func sample(_ kind: NodeKind.Name) -> String {
        switch kind {
        case .page: "page: { callbacks: [{ type: NameCallback }] }\nnext: end"
        case .decision: "decision: { value: x, equals: 1 }\noutcomes: { \"true\": end, \"false\": end }"
        case .credentials: "credentials: {}\noutcomes: { \"true\": end, \"false\": end }"
        case .identify: "identify: {}\noutcomes: { \"true\": end, \"false\": end }"
        case .retryLimit: "retryLimit: { limit: 2 }\noutcomes: { retry: end, reject: end }"
        case .createUser: "createUser: {}\noutcomes: { created: end, exists: end }"
        case .recaptcha:
            "recaptcha: { tokens: { t: { score: 0.9 } } }\noutcomes: { \"true\": end, \"false\": end }"
        case .choice: "choice: { choices: [A, B] }\noutcomes: { A: end, B: end }"
        case .confirmation: "confirmation: { options: [Yes] }\noutcomes: { \"Yes\": end }"
        case .pollingWait: "pollingWait: {}\noutcomes: { done: end, exit: end }"
        case .emailSuspend: "emailSuspend: { to: user.mail }\nnext: end"
        case .otpSend: "otpSend: { to: user.mail }\nnext: end"
        case .otpVerify: "otpVerify: {}\noutcomes: { \"true\": end, \"false\": end }"
        case .kbaVerify: "kbaVerify: {}\noutcomes: { \"true\": end, \"false\": end }"
        case .oathRegistration: "oathRegistration: {}\nnext: end"
        case .oathVerify: "oathVerify: {}\noutcomes: { \"true\": end, \"false\": end, notRegistered: end }"
        case .proofOfWork: "proofOfWork: {}\noutcomes: { \"true\": end, \"false\": end }"
        case .mathCaptcha: "mathCaptcha: {}\noutcomes: { \"true\": end, \"false\": end }"
        case .zeroPageLogin: "zeroPageLogin: {}\noutcomes: { \"true\": end, \"false\": end }"
        case .webAuthnRegistration:
            "webAuthnRegistration: {}\noutcomes: { success: end, failure: end, unsupported: end, error: end, "
                + "exceedsDeviceLimit: end }"
        case .webAuthnAuthentication:
            "webAuthnAuthentication: { form: script }\noutcomes: { success: end, failure: end, unsupported: end, "
                + "error: end, noDevice: end }"
        case .recoveryCodeDisplay: "recoveryCodeDisplay: {}\nnext: end"
        case .recoveryCodeCollector: "recoveryCodeCollector: {}\noutcomes: { \"true\": end, \"false\": end }"
        case .message: "message: { message: Hello }\nnext: end"
        case .set: "set: { x: 1 }\nnext: end"
        case .success: "success: {}"
        case .failure: "failure: {}"
        }
    }

    @Test("every kind parses to a node of that kind", arguments: NodeKind.Name.allCases)
    func parses(_ kind: NodeKind.Name) throws {
        let node = Self.sample(kind).split(separator: "\n").map { "          " + $0 }.joined(separator: "\n")
        let yaml = """
            kind: simulator
            version: 1
            journeys:
              Sample:
                start: node
                nodes:
                  node:
            \(node)
                  end:
                    success: {}
            """
        let definition = try SimulatorLoader.load(text: yaml, file: "\(kind.rawValue).yaml")
        let parsed = try #require(definition.journeys["Sample"]?.nodes["node"])
        #expect(parsed.kind.kindName == kind)
        #expect(parsed.kind.name == kind.rawValue)
    }
}
