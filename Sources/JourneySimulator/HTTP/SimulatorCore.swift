import Foundation
import HTTPTypes
import JourneyCore
import Synchronization

/// The simulator's state and request handling, independent of the HTTP server that feeds it.
final class SimulatorCore: Sendable {
    let definition: SimulatorDefinition
    let settings: SimulatorSettings
    let options: SimulatorOptions
    let env: EngineEnvironment
    let codec: AuthIdCodec
    let states: ShardedStore<JourneyState>
    let sessions = SessionStore()
    let transactions = TransactionStore()
    let faults = FaultRegistry()
    let hangs = HangRegistry()
    let mobileFirstStore = MobileFirstStore()
    let resources: [String: ResourceDefinition]
    /// `hangOnValue` faults of tree nodes, by `journey/node`: they apply to answers to the node's page.
    let pageFaultNodes: [String: FaultSpec]

    init(definition: SimulatorDefinition, options: SimulatorOptions) {
        self.definition = definition
        self.settings = definition.settings
        self.options = options
        self.states = ShardedStore(capacity: options.maxPendingJourneys ?? definition.settings.maxPendingJourneys)
        self.codec = AuthIdCodec(secret: definition.settings.secret)
        self.env = EngineEnvironment(
            settings: definition.settings, users: UserStore(definition.users), outbox: Outbox(),
            random: RandomSource(seed: options.seed), clock: options.clock, suspends: SuspendStore(),
            trace: options.edgeTrace, devices: OATHDeviceStore(definition.users))
        var pageFaults: [String: FaultSpec] = [:]
        for journey in definition.journeys.values {
            for node in journey.nodes.values {
                if case .hangOnValue? = node.fault { pageFaults["\(journey.name)/\(node.id)"] = node.fault }
            }
        }
        self.pageFaultNodes = pageFaults
        self.resources = Dictionary(definition.resources.map { ($0.path, $0) }, uniquingKeysWith: { a, _ in a })
    }

    var now: Date { env.clock.now() }

    /// Routes one request to its handler.
    func handle(_ request: IncomingRequest) -> HTTPReply {
        let path = request.path
        if path.hasPrefix("/__simulator/") { return control(request) }
        if path == "/am/json" || path.hasPrefix("/am/json/") { return amJSON(request) }
        if let mfp = definition.mobileFirst, path.hasPrefix(Self.mobileFirstPrefix + "/") {
            return mobileFirst(request, mfp)
        }
        if let resource = resources[path] { return protectedResource(resource, request) }
        return .notFound(path)
    }

    private func amJSON(_ request: IncomingRequest) -> HTTPReply {
        let segments = request.path.dropFirst("/am/json".count).split(separator: "/").map(String.init)
        let (realm, rest) = AMRequestRules.realm(segments: segments, query: request.query["realm"])
        switch rest.first {
        case "authenticate" where rest.count == 1:
            guard request.method == .post else { return .methodNotAllowed(request.method) }
            return authenticate(request, realm: realm)
        case "sessions" where rest.count == 1:
            guard request.method == .post else { return .methodNotAllowed(request.method) }
            return sessionsAction(request, realm: realm)
        case "serverinfo":
            if settings.quirks.noServerInfo { return .notFound(request.path) }
            guard request.method == .get else { return .methodNotAllowed(request.method) }
            return serverInfo(realm: realm)
        default:
            return .notFound(request.path)
        }
    }

    /// Keeps a journey for its next request, until its authId expires.
    func store(_ state: JourneyState) {
        states.set(state.id, state, expires: state.expires, now: now)
    }

    /// The live session the request carries, if any.
    func session(of request: IncomingRequest) -> SimSession? {
        guard let token = sessionToken(of: request) else { return nil }
        return sessions.valid(token, now: now)
    }

    private func serverInfo(realm: String) -> HTTPReply {
        let body: JSONValue = [
            "cookieName": .string(settings.cookieName), "domains": [], "protectedUserAttributes": [],
            "forgotPassword": "false", "forgotUsername": "false", "kbaEnabled": "false", "selfRegistration": "false",
            "lang": "en", "successfulUserRegistrationDestination": "default", "socialImplementations": [],
            "referralsEnabled": "false", "realm": .string(realm), "xuiUserSessionValidationEnabled": true,
            "fileBasedConfiguration": true, "userIdAttributes": [], "secureCookie": false,
            "zeroPageLogin": ["enabled": false, "refererWhitelist": [], "allowedWithoutReferer": true],
        ]
        var reply = HTTPReply.json(.ok, body, outcome: "200 serverinfo")
        reply.headers[.contentAPIVersion] = "resource=1.1"
        return reply
    }
}
