import Foundation
import JourneyRun
import JourneySimulator
import Synchronization

/// Simulators in process behind the runner's `Transport` (the `.router` setup of
/// docs/architecture.md's "Testing"): a request to a simulator's `serverURL` is handed to its
/// responder, without a socket. A request's timeout closes its connection as it would live (a
/// `hang` is released); a dropped connection is `connectionClosed`. A URL no simulator serves
/// goes to `others` (a live server of the test's own), or is `unreachable`.
package final class InProcessSimulators: Transport {
    private let simulators = Mutex<[String: RunningSimulator]>([:])
    private let others: (any Transport)?

    package init(_ simulators: [RunningSimulator] = [], others: (any Transport)? = nil) {
        self.others = others
        for simulator in simulators { add(simulator) }
    }

    /// Serves `simulator.serverURL` from now on.
    package func add(_ simulator: RunningSimulator) {
        simulators.withLock { $0[simulator.serverURL] = simulator }
    }

    package func send(_ request: TransportRequest) async throws(TransportError) -> TransportResponse {
        guard let (origin, target) = Self.split(request.url),
            let simulator = simulators.withLock({ $0[origin] })
        else {
            if let others { return try await others.send(request) }
            throw .unreachable("no simulator in process serves \(request.url)")
        }
        let incoming = InProcessRequest(
            method: request.method, target: target, authority: String(origin.dropFirst("http://".count)),
            headers: request.headers.map { (name: $0.name, value: $0.value) },
            body: request.body.map { Array($0) })
        let seconds = min(max(0.001, request.timeoutSeconds), 1_000_000)
        switch await simulator.respond(incoming, timeout: .nanoseconds(Int64(seconds * 1_000_000_000))) {
        case .reply(let status, let headers, let body):
            return TransportResponse(
                status: status, headers: headers.map { HeaderField($0.name, $0.value) }, body: Data(body))
        case .dropped: throw .connectionClosed("the server closed the connection")
        case .timedOut: throw .timeout(request.timeoutSeconds)
        }
    }

    /// `http://host[:port]` and the path with its query.
    static func split(_ url: String) -> (origin: String, target: String)? {
        guard url.hasPrefix("http://") else { return nil }
        let rest = url.dropFirst("http://".count)
        let slash = rest.firstIndex(where: { $0 == "/" || $0 == "?" }) ?? rest.endIndex
        let target = rest[slash...]
        return ("http://" + rest[..<slash], target.hasPrefix("/") ? String(target) : "/" + target)
    }
}
