import JourneyCore
import Synchronization

/// Faults injected at run time, each matching a journey and/or path, for a number of requests or forever.
final class FaultRegistry: Sendable {
    struct Rule: Sendable {
        let id: Int
        let fault: FaultSpec
        let journey: String?
        let pathPrefix: String?
        var remaining: Int?

        var json: JSONValue {
            var object: [String: JSONValue] = ["id": .int(id), "fault": .string(fault.kind)]
            if let journey { object["journey"] = .string(journey) }
            if let pathPrefix { object["path"] = .string(pathPrefix) }
            if let remaining { object["remaining"] = .int(remaining) }
            return .object(object)
        }
    }

    private struct State {
        var rules: [Rule] = []
        var nextId = 1
    }

    private let state = Mutex(State())

    /// Adds a rule; `times: nil` keeps it until cleared. Returns its id.
    @discardableResult
    func add(_ fault: FaultSpec, journey: String?, path: String?, times: Int?) -> Int {
        state.withLock { state in
            let id = state.nextId
            state.nextId += 1
            state.rules.append(Rule(id: id, fault: fault, journey: journey, pathPrefix: path, remaining: times))
            return id
        }
    }

    func clear() {
        state.withLock { $0.rules.removeAll() }
    }

    var rules: [Rule] { state.withLock { $0.rules } }

    /// The first rule matching the request, counted as used.
    func take(journey: String?, path: String) -> FaultSpec? {
        state.withLock { state in
            guard
                let index = state.rules.firstIndex(where: { rule in
                    (rule.journey == nil || rule.journey == journey)
                        && (rule.pathPrefix.map { path.hasPrefix($0) } ?? true)
                })
            else { return nil }
            let fault = state.rules[index].fault
            if let remaining = state.rules[index].remaining {
                if remaining <= 1 {
                    state.rules.remove(at: index)
                } else {
                    state.rules[index].remaining = remaining - 1
                }
            }
            return fault
        }
    }
}

extension FaultRegistry {
    var isEmpty: Bool { rules.isEmpty }
}
