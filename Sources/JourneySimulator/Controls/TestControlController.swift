import Foundation
import JourneyCore

/// `/__simulator/…`: the clock, the outbox, fault injection, what the simulator holds, a user's
/// WebAuthn devices and recovery codes, and the MobileFirst device controls, for tests.
struct TestControlController: SimulatorController {
    static let prefix = "/__simulator"

    let env: EngineEnvironment
    let faults: FaultRegistry
    let hangs: HangRegistry
    let states: ShardedStore<JourneyState>
    let sessions: SessionStore
    let mobileFirstStore: MobileFirstStore

    var now: Date { env.clock.now() }

    func addRoutes(to router: inout SimulatorRouter) {
        router.add(prefix: Self.prefix) { request in control(request) }
    }

    private func control(_ request: IncomingRequest) -> HTTPReply {
        let rest = request.path.dropFirst(Self.prefix.count + 1)
        if rest == "clock" { return clock(request) }
        if rest == "faults" { return faultsControl(request) }
        if rest == "stats" { return stats(request) }
        if rest.hasPrefix("mobilefirst/") {
            return mobileFirstControl(request, rest: rest.dropFirst("mobilefirst/".count))
        }
        if rest.hasPrefix("users/") { return userControl(request, rest: rest.dropFirst("users/".count)) }
        if rest.hasPrefix("outbox/"), rest.count > "outbox/".count {
            return outbox(request, recipient: String(rest.dropFirst("outbox/".count)))
        }
        return .notFound(request.path)
    }

    private func clock(_ request: IncomingRequest) -> HTTPReply {
        switch request.method {
        case .get:
            return .json(.ok, clockJSON, outcome: "200 clock")
        case .post:
            guard let manual = env.clock as? ManualClock else {
                return .error(409, "The simulator runs on the system clock; start it with a ManualClock to move time")
            }
            let body: JSONValue
            switch JSONValue.body(request) {
            case .success(let value): body = value
            case .failure(let reply): return reply
            }
            if let seconds = body["advance"]?.doubleValue, seconds >= 0 {
                manual.advance(by: seconds)
            } else if let epoch = body["set"]?.doubleValue {
                manual.set(Date(timeIntervalSince1970: epoch))
            } else {
                return .error(400, "Send {\"advance\": seconds} or {\"set\": epochSeconds}")
            }
            return .json(.ok, clockJSON, outcome: "200 clock moved")
        default:
            return .methodNotAllowed(request.method)
        }
    }

    private var clockJSON: JSONValue {
        let now = self.now
        return ["now": .string(ISO8601.format(now)), "epochSeconds": .int(Int(now.timeIntervalSince1970))]
    }

    /// What the simulator holds: pending journeys (with the capacity and how many were evicted),
    /// sessions, and requests held by a `hang` or `delay` fault.
    private func stats(_ request: IncomingRequest) -> HTTPReply {
        guard request.method == .get else { return .methodNotAllowed(request.method) }
        var journeys: [String: JSONValue] = ["pending": .int(states.count), "evicted": .int(states.evicted)]
        if let capacity = states.capacity { journeys["capacity"] = .int(capacity) }
        let body: JSONValue = [
            "journeys": .object(journeys), "sessions": .int(sessions.count), "heldRequests": .int(hangs.count),
        ]
        return .json(.ok, body, outcome: "200 stats")
    }

    private func outbox(_ request: IncomingRequest, recipient: String) -> HTTPReply {
        switch request.method {
        case .get:
            return .json(.ok, env.outbox.json(for: recipient), outcome: "200 outbox")
        case .delete:
            env.outbox.clear(recipient)
            return .json(.ok, env.outbox.json(for: recipient), outcome: "200 outbox cleared")
        default:
            return .methodNotAllowed(request.method)
        }
    }

    private func faultsControl(_ request: IncomingRequest) -> HTTPReply {
        switch request.method {
        case .get:
            return .json(.ok, ["faults": .array(faults.rules.map(\.json))], outcome: "200 faults")
        case .delete:
            faults.clear()
            return .json(.ok, ["faults": []], outcome: "200 faults cleared")
        case .post:
            let body: JSONValue
            switch JSONValue.body(request) {
            case .success(let value): body = value
            case .failure(let reply): return reply
            }
            let fault: FaultSpec?
            switch body["fault"] {
            case .string(let text): fault = FaultSpec(headerValue: text)
            case .some(let object): fault = FaultSpec(json: object)
            case nil: fault = nil
            }
            guard let fault else {
                return .error(
                    400,
                    "Send {\"fault\": {\"kind\": \"\(FaultSpec.kindNames.joined(separator: "|"))\", ...}, \"match\": {...}}"
                )
            }
            let match = body["match"]
            let times = match?["times"]?.intValue
            if let times, times < 1 { return .error(400, "match.times must be at least 1") }
            let id = faults.add(
                fault, journey: match?["journey"]?.stringValue, path: match?["path"]?.stringValue, times: times)
            return .json(.created, ["id": .int(id), "fault": .string(fault.kind)], outcome: "201 fault \(fault.kind)")
        default:
            return .methodNotAllowed(request.method)
        }
    }
}
