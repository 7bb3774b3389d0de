import Synchronization

/// Records which outcomes journeys take (`journey/node/outcome`). Off unless a test turns it on.
final class EdgeTrace: Sendable {
    private let edges = Mutex<Set<String>>([])

    func record(journey: String, node: String, outcome: String) {
        _ = edges.withLock { $0.insert("\(journey)/\(node)/\(outcome)") }
    }

    var all: Set<String> { edges.withLock { $0 } }
}
