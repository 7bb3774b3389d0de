import Foundation
import HTTPTypes
import JourneyCore

/// The simulator's state (its stores) and the router of its controllers, independent of the HTTP
/// server that feeds it. What the responder needs before routing (faults, hangs) lives here too.
final class SimulatorCore: Sendable {
    let tree: SimulatorTree
    let options: SimulatorOptions
    let env: EngineEnvironment
    let codec: AuthIdCodec
    let states: ShardedStore<JourneyState>
    let faults: FaultRegistry
    let hangs: HangRegistry
    let router: SimulatorRouter
    /// `hangOnValue` faults of tree nodes, by `journey/node`: they apply to answers to the node's page.
    private let pageFaultNodes: [String: FaultSpec]

    var settings: SimulatorSettings { tree.settings }

    init(tree: SimulatorTree, options: SimulatorOptions) {
        self.tree = tree
        self.options = options
        let settings = tree.settings
        let states = ShardedStore<JourneyState>(capacity: options.maxPendingJourneys ?? settings.maxPendingJourneys)
        let codec = AuthIdCodec(secret: settings.secret)
        let env = EngineEnvironment(
            settings: settings, users: UserStore(tree.users), outbox: Outbox(),
            random: RandomSource(seed: options.seed), clock: options.clock, suspends: SuspendStore(),
            trace: options.edgeTrace, devices: OATHDeviceStore(tree.users),
            webAuthnDevices: WebAuthnDeviceStore())
        let faults = FaultRegistry()
        let hangs = HangRegistry()
        self.states = states
        self.codec = codec
        self.env = env
        self.faults = faults
        self.hangs = hangs
        var pageFaults: [String: FaultSpec] = [:]
        for journey in tree.journeys.values {
            for node in journey.nodes.values {
                if case .hangOnValue? = node.fault { pageFaults["\(journey.name)/\(node.id)"] = node.fault }
            }
        }
        self.pageFaultNodes = pageFaults

        let cookies = SessionCookies(settings: settings, sessions: SessionStore())
        let transactions = TransactionStore()
        let mobileFirstStore = MobileFirstStore()
        let resources = Dictionary(tree.resources.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
        var controllers: [any SimulatorController] = [
            TestControlController(
                env: env, faults: faults, hangs: hangs, states: states, sessions: cookies.sessions,
                mobileFirstStore: mobileFirstStore),
            AuthenticateController(
                tree: tree, env: env, codec: codec, states: states, cookies: cookies,
                transactions: transactions, resources: resources),
            SessionsController(cookies: cookies, clock: env.clock),
        ]
        if let mobileFirst = tree.mobileFirst {
            controllers.append(
                MobileFirstController(definition: mobileFirst, mobileFirstStore: mobileFirstStore, env: env))
        }
        if let rakuten = tree.rakuten {
            controllers.append(
                RakutenController(
                    definition: rakuten, store: RakutenStore(), env: env,
                    random: RandomSource(seed: options.seed ^ 0x5241_4B55_5445_4E00)))
        }
        let oauthTokens = OAuthTokenStore()
        if let oauth = tree.oauth {
            controllers.append(
                OAuthController(
                    definition: oauth, cookies: cookies, tokens: oauthTokens, env: env,
                    journeys: Set(tree.journeys.keys)))
        }
        controllers.append(
            ResourceController(
                resources: tree.resources, cookies: cookies, transactions: transactions, oauthTokens: oauthTokens,
                env: env))
        var router = SimulatorRouter()
        for controller in controllers { controller.addRoutes(to: &router) }
        self.router = router
    }

    var now: Date { env.clock.now() }

    /// The `hangOnValue` fault of the node whose page a continue request answers, without touching any state.
    func pageFault(_ request: IncomingRequest) -> FaultSpec? {
        guard !pageFaultNodes.isEmpty, let body = try? JSONReader.parse(request.body),
            let authId = body["authId"]?.stringValue, case .success(let claims) = codec.verify(authId, now: now),
            let state = states.get(claims.stateId)
        else { return nil }
        return pageFaultNodes["\(state.journey)/\(state.node)"]
    }

    /// The journey a request is about, for matching injected faults, without touching any state.
    func peekJourney(_ request: IncomingRequest) -> String? {
        if let name = request.query["authIndexValue"], request.query["authIndexType"] ?? "service" == "service" {
            return name
        }
        guard let body = try? JSONReader.parse(request.body), let authId = body["authId"]?.stringValue else {
            return nil
        }
        let parts = authId.split(separator: ".")
        guard parts.count == 3, let payload = Base64URL.decodeBytes(parts[1]) else { return nil }
        return (try? JSONReader.parse(payload))?["authIndexValue"]?.stringValue
    }
}
