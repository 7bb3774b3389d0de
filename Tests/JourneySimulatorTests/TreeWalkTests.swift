import Foundation
import JourneyCore
import Testing

@testable import JourneySimulator

/// Walks every journey of the example trees with answers drawn from the tree itself (users, tokens, choices,
/// literals, the outbox), until every outcome of every reachable node has been taken.
@Suite("Every branch of every example tree")
struct TreeWalkTests {
    /// Outcomes no client can reach: UNIQUE on the page rejects a taken username before `createUser` sees it.
    static let unreachable: Set<String> = ["Registration/create/exists"]

    @Test("the walk covers every outcome of every reachable node", arguments: ["am.yaml"])
    func walk(file: String) async throws {
        let tree = try SimulatorLoader.load(path: Paths.trees.appendingPathComponent(file).path)
        let trace = EdgeTrace()
        let yaml = try String(contentsOf: Paths.trees.appendingPathComponent(file), encoding: .utf8)
        let path = Paths.trees.appendingPathComponent(file).path
        try await Harness.run(yaml, file: path, trace: trace, logRequests: false) { h in
            let walker = Walker(h: h, tree: tree)
            for name in tree.journeyNames {
                let journey = try #require(tree.journeys[name])
                let wanted = Self.edges(of: journey).subtracting(Self.unreachable)
                var attempt = 0
                while !wanted.isSubset(of: trace.all), attempt < 600 {
                    try await walker.run(journey, attempt: attempt)
                    attempt += 1
                }
                let missing = wanted.subtracting(trace.all).sorted()
                #expect(missing.isEmpty, "journey \(name): never took \(missing)")
            }
        }
    }

    /// `journey/node/outcome` for every outcome of every node reachable from the start.
    static func edges(of journey: JourneyDefinition) -> Set<String> {
        var seen: Set<String> = [journey.start]
        var queue = [journey.start]
        var edges: Set<String> = []
        while let id = queue.popLast(), let node = journey.nodes[id] {
            for outcome in node.possibleOutcomes {
                edges.insert("\(journey.name)/\(id)/\(outcome)")
                if let target = node.outcomes[outcome], seen.insert(target).inserted { queue.append(target) }
            }
        }
        return edges
    }
}

/// Answers steps with values picked (seeded) from what the tree declares.
final class Walker: @unchecked Sendable {
    let h: Harness
    let tree: SimulatorTree
    var random = SeededGenerator(seed: 7)
    var counter = 0
    let literals: [String]
    let tokens: [String]

    init(h: Harness, tree: SimulatorTree) {
        self.h = h
        self.tree = tree
        var literals: Set<String> = []
        var tokens: Set<String> = ["unknown-token"]
        for journey in tree.journeys.values {
            for node in journey.nodes.values {
                switch node.kind {
                case .decision(let condition): Self.collect(condition, into: &literals)
                case .recaptcha(let spec): tokens.formUnion(spec.tokens.keys)
                default: break
                }
            }
        }
        self.literals = literals.sorted() + ["nope"]
        self.tokens = tokens.sorted()
    }

    static func collect(_ condition: Condition, into literals: inout Set<String>) {
        switch condition {
        case .all(let list), .any(let list): for item in list { collect(item, into: &literals) }
        case .not(let inner): collect(inner, into: &literals)
        case .compare(_, let comparison):
            switch comparison {
            case .equals(let value), .notEquals(let value): literals.insert(value.displayText)
            case .oneOf(let values): for value in values { literals.insert(value.displayText) }
            case .regex(let pattern):
                literals.insert(
                    pattern.replacingOccurrences(of: "(?i)", with: "").trimmingCharacters(
                        in: CharacterSet(charactersIn: "^$")))
            default: break
            }
        }
    }

    func pick<T>(_ options: [T]) -> T {
        options[Int(random.next() % UInt64(options.count))]
    }

    func chance(_ percent: UInt64) -> Bool { random.next() % 100 < percent }

    var users: [SimulatedUser] { tree.users }

    /// One journey run, up to 40 requests.
    func run(_ journey: JourneyDefinition, attempt: Int) async throws {
        var headers: [(String, String)] = []
        var query = ""
        if attempt % 2 == 1 {
            let user = pick(users)
            let token = try await h.login(user.username, user.password)
            headers = [("Cookie", "iPlanetDirectoryPro=\(token)")]
            query = "ForceAuth=true"
        } else if attempt % 4 == 2 {
            // Zero-page login headers, for the Zero Page Login Collector nodes.
            let user = pick(users)
            headers = [("X-OpenAM-Username", user.username), ("X-OpenAM-Password", pick([user.password, "wrong"]))]
        }
        var reply = try await h.start(journey.name, query: query, headers: headers)
        for _ in 0..<40 {
            let step = reply.json
            guard reply.status == 200, step["authId"] != nil else { return }
            let types = Steps.types(step)
            if types == ["SuspendedTextOutputCallback"] {
                guard let id = latestMessage(where: { $0.suspendedId != nil })?.suspendedId else { return }
                reply = try await h.post(h.authenticatePath() + "?suspendedId=\(id)", headers: headers)
                continue
            }
            if types.first == "PollingWaitCallback", chance(40) { h.clock.advance(by: 6) }
            reply = try await h.post(h.authenticatePath(), json: answer(step), headers: headers)
        }
    }

    func latestMessage(where matches: (OutboxMessage) -> Bool) -> OutboxMessage? {
        let recipients = users.flatMap { user in
            ["mail", "telephoneNumber"].compactMap { user.attributes[$0]?.displayText }
        }
        return recipients.flatMap { h.simulator.outbox(for: $0) }.filter(matches).max { $0.time < $1.time }
    }

    func answer(_ step: JSONValue) -> JSONValue {
        var filled = step
        let polling = Steps.types(step).first == "PollingWaitCallback"
        for (index, callback) in Steps.callbacks(step).enumerated() {
            let type = callback["type"]?.stringValue ?? ""
            for suffix in (callback["input"]?.arrayValue ?? []).compactMap({ $0["name"]?.stringValue }).map(
                AMCallback.suffix(of:))
            {
                if let value = value(type: type, suffix: suffix, callback: callback, polling: polling) {
                    filled = Steps.set(filled, index, suffix: suffix, value)
                }
            }
        }
        return filled
    }

    func value(type: String, suffix: String, callback: JSONValue, polling: Bool) -> JSONValue? {
        counter += 1
        let prompt = Steps.output(callback, "prompt")?.stringValue ?? ""
        if suffix == "validateOnly" { return .bool(chance(10)) }
        switch type {
        case "NameCallback":
            return .string(pick(users.map(\.username) + ["nobody"]))
        case "PasswordCallback":
            if prompt == "One Time Password" {
                return .string(chance(60) ? (latestMessage { $0.code != nil }?.code ?? "") : "000000")
            }
            let kba = users.flatMap(\.kba)
            if let entry = kba.first(where: { $0.question == prompt }) {
                return .string(chance(60) ? entry.answer : "wrong")
            }
            return .string(pick(users.map(\.password) + ["wrong"]))
        case "ValidatedCreateUsernameCallback":
            return .string(pick(["walker\(counter)", "walker\(counter)", users[0].username, "ab"]))
        case "ValidatedCreatePasswordCallback":
            return .string(chance(70) ? "Str0ngPassw0rd!" : "short")
        case "StringAttributeInputCallback":
            let name = Steps.output(callback, "name")?.stringValue ?? ""
            if name == "mail" {
                return .string(
                    pick([
                        "walker\(counter)@example.com", "not-an-email", users[0].attributes["mail"]?.displayText ?? "",
                    ]))
            }
            return .string(chance(80) ? "Name\(counter)" : "")
        case "BooleanAttributeInputCallback", "TermsAndConditionsCallback", "ConsentMappingCallback":
            return .bool(chance(70))
        case "ChoiceCallback":
            let count = Steps.output(callback, "choices")?.arrayValue?.count ?? 1
            return .int(Int(random.next() % UInt64(max(1, count))))
        case "ConfirmationCallback":
            if polling { return .int(chance(25) ? 0 : 100) }
            let count = Steps.output(callback, "options")?.arrayValue?.count ?? 1
            return .int(Int(random.next() % UInt64(max(1, count))))
        case "KbaCreateCallback":
            if suffix == "question" { return Steps.output(callback, "predefinedQuestions")?.arrayValue?.first ?? "Q?" }
            return "answer"
        case "DeviceProfileCallback":
            return .string(chance(70) ? #"{"identifier":"device-\#(counter)","metadata":{}}"# : "{}")
        case "HiddenValueCallback":
            return nil
        case "ReCaptchaEnterpriseCallback":
            switch suffix {
            case "token": return .string(pick(tokens))
            case "action": return .string(chance(80) ? "login" : "signup")
            case "clientError": return .string(chance(15) ? "network-error" : "")
            case "payload":
                return .string(pick(["", #"{"transactionData":{"value":250}}"#, #"{"transactionData":{"value":20}}"#]))
            default: return nil
            }
        default:
            return .string(pick(literals))
        }
    }
}
