import Synchronization

/// Records which outcomes journeys take (`journey/node/outcome`), and why when a node says so.
/// Off unless a test turns it on.
final class EdgeTrace: Sendable {
    private let edges = Mutex<Set<String>>([])
    private let reasons = Mutex<[String]>([])

    func record(journey: String, node: String, outcome: String) {
        _ = edges.withLock { $0.insert("\(journey)/\(node)/\(outcome)") }
    }

    var all: Set<String> { edges.withLock { $0 } }

    /// Records why a node took an outcome (`journey/node: reason`), in order.
    func note(journey: String, node: String, _ reason: String) {
        reasons.withLock { $0.append("\(journey)/\(node): \(reason)") }
    }

    /// Every reason noted, oldest first.
    var notes: [String] { reasons.withLock { $0 } }
}
