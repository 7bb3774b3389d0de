import Foundation
import HTTPTypes
import JourneyCore

/// Everything a node may touch while it runs. No lock here is held across an await: the engine is synchronous.
struct EngineEnvironment: Sendable {
    let settings: SimulatorSettings
    let users: UserStore
    let outbox: Outbox
    let random: RandomSource
    let clock: any JourneyClock
    let suspends: SuspendStore
    let trace: EdgeTrace?
    /// Registered OATH authenticators, by username.
    let devices: OATHDeviceStore
    /// Registered WebAuthn devices, by username, with their unused recovery codes.
    let webAuthnDevices: WebAuthnDeviceStore
}

/// What one node does when reached or answered.
enum NodeStep {
    case outcome(String)
    case page(PageOutput)
    case success(SuccessSpec)
    case failure(FailureSpec)
    /// The journey is parked under `suspendedId`; the page tells the user to check their mail.
    case suspend(PageOutput, suspendedId: String, lifetime: Int)
}

/// How a request into a journey ended.
enum EngineResult {
    case page(PageOutput)
    case success(SuccessSpec)
    case failure(FailureSpec)
    case suspended(PageOutput)
    /// The tree loops without ever asking anything (a tree bug).
    case loop
}

/// Runs a journey's nodes: from a node until one asks something or ends the journey.
struct Engine {
    let journey: JourneyDefinition
    let env: EngineEnvironment
    /// `scheme://host` of the request, for links in messages.
    let baseURL: String
    /// The request's headers (the Zero Page Login Collector reads credentials from them).
    var headers = HTTPFields()

    var renderer: PageRenderer { PageRenderer(numbering: env.settings.inputNumbering, quirks: env.settings.quirks) }

    /// Starts at the journey's start node.
    func start(_ state: inout JourneyState) -> (EngineResult, NodeDefinition?) {
        state.node = journey.start
        return run(&state)
    }

    /// Answers the waiting page.
    func submit(_ state: inout JourneyState, answers: EchoValidator.Answers) -> (EngineResult, NodeDefinition?) {
        guard let node = journey.nodes[state.node] else { return (.loop, nil) }
        let step = NodeExecutor(node: node, engine: self).submit(&state, answers: answers)
        return follow(step, from: node, &state)
    }

    /// Continues after an Email Suspend node.
    func resume(_ state: inout JourneyState) -> (EngineResult, NodeDefinition?) {
        guard let node = journey.nodes[state.node] else { return (.loop, nil) }
        return follow(.outcome("next"), from: node, &state)
    }

    private func run(_ state: inout JourneyState) -> (EngineResult, NodeDefinition?) {
        guard let node = journey.nodes[state.node] else { return (.loop, nil) }
        let step = NodeExecutor(node: node, engine: self).enter(&state)
        return follow(step, from: node, &state)
    }

    private func follow(_ first: NodeStep, from start: NodeDefinition, _ state: inout JourneyState)
        -> (EngineResult, NodeDefinition?)
    {
        var step = first
        var node = start
        for _ in 0..<512 {
            switch step {
            case .page(let page):
                state.page = page.callbacks.map(IssuedCallback.init)
                return (.page(page), node)
            case .success(let spec): return (.success(spec), node)
            case .failure(let spec): return (.failure(spec), node)
            case .suspend(let page, let suspendedId, let lifetime):
                state.page = []
                let expires = env.clock.now().addingTimeInterval(Double(lifetime))
                env.suspends.park(state, id: suspendedId, expires: expires)
                return (.suspended(page), node)
            case .outcome(let name):
                env.trace?.record(journey: journey.name, node: node.id, outcome: name)
                guard let target = node.outcomes[name], let next = journey.nodes[target] else { return (.loop, node) }
                state.node = target
                node = next
                step = NodeExecutor(node: next, engine: self).enter(&state)
            }
        }
        return (.loop, node)
    }
}
