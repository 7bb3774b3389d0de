import Foundation
import JourneyCore

/// `POST …/authenticate` (start, continue or resume a journey) and `GET …/serverinfo/*`.
struct AuthenticateController: SimulatorController {
    let tree: SimulatorTree
    let env: EngineEnvironment
    let codec: AuthIdCodec
    let states: ShardedStore<JourneyState>
    let cookies: SessionCookies
    let transactions: TransactionStore
    let resources: [String: ResourceDefinition]

    var settings: SimulatorSettings { tree.settings }
    var sessions: SessionStore { cookies.sessions }
    var now: Date { env.clock.now() }

    func addRoutes(to router: inout SimulatorRouter) {
        router.am.add("authenticate", method: .post) { request, realm in authenticate(request, realm: realm) }
        // `quirks.noServerInfo`: a server without the endpoint answers 404.
        if !settings.quirks.noServerInfo {
            router.am.add("serverinfo", method: .get, withSubpaths: true) { _, realm in serverInfo(realm: realm) }
        }
    }

    static let suspendedNotFound = AMError(
        code: 401, reason: "Unauthorized",
        message:
            "org.forgerock.openam.auth.nodes.framework.token.SuspendedAuthSessionException: Token not found. It may have expired."
    )
    static let badSignature = AMError(code: 400, reason: "Bad Request", message: "AuthId JWT Signature not valid")

    /// `POST …/authenticate`: start, continue or resume a journey.
    func authenticate(_ request: IncomingRequest, realm: String) -> HTTPReply {
        var reply = authenticateReply(request, realm: realm)
        if settings.quirks.errorsAsHTTP200, reply.status.code >= 400 { reply.status = .ok }
        reply.addAuthenticateHeaders(amlbCookie: settings.amlbCookie)
        return reply
    }

    private func authenticateReply(_ request: IncomingRequest, realm: String) -> HTTPReply {
        let body: JSONValue
        switch JSONValue.body(request) {
        case .success(let value): body = value
        case .failure(let reply): return reply
        }
        if let served = settings.realms, !served.contains(realm) {
            return .error(AMRequestRules.invalidRealm(realm))
        }
        if let suspendedId = request.query["suspendedId"] { return resume(suspendedId, request) }
        if let authId = body["authId"]?.stringValue { return continueJourney(authId, body: body, request) }
        if body["authId"] != nil { return .error(.init(code: 400, reason: "Bad Request", message: "Invalid authId")) }
        return start(request, realm: realm)
    }

    private func start(_ request: IncomingRequest, realm: String) -> HTTPReply {
        let indexType = request.query["authIndexType"] ?? "service"
        let indexValue = request.query["authIndexValue"]
        let session = cookies.session(of: request, now: now)
        let forceAuth = request.query["ForceAuth"]?.lowercased() == "true" || request.query["forceAuth"] == "true"
        var advice: AdviceContext?
        let journeyName: String
        switch indexType {
        case "service":
            journeyName = indexValue ?? settings.defaultJourney(in: realm)
        case "composite_advice":
            guard let text = indexValue, let parsed = try? AdviceXML.parse(text),
                let target = adviceTarget(parsed, session)
            else {
                return .error(400, "Invalid composite advice")
            }
            if case .transaction = target.advice, session == nil { return .accessDenied }
            journeyName = target.journey
            advice = target.advice
        default:
            return .error(400, "Unsupported authIndexType '\(indexType)'")
        }
        guard let journey = tree.journeys[journeyName], journey.realms.map({ $0.contains(realm) }) ?? true
        else {
            var reply = HTTPReply.error(.noConfiguration)
            reply.logContext = "journey=\(journeyName)"
            return reply
        }
        if let session, advice == nil, !forceAuth, session.realm == realm {
            // AM answers a start with a valid session by returning that session.
            var reply = successReply(
                SuccessSpec(successUrl: nil), journey: journey, token: session.tokenId, realm: realm, newCookie: false)
            reply.logContext = "journey=\(journey.name)"
            reply.logOutcome = "success (existing session)"
            return reply
        }
        let noSession = request.query["noSession"]?.lowercased() == "true"
        var state = JourneyState(
            id: env.random.token(24), journey: journey.name, realm: realm, node: journey.start, noSession: noSession,
            existingSession: session?.tokenId, advice: advice,
            expires: now.addingTimeInterval(Double(settings.authIdLifetime)))
        if let username = session?.username, let user = env.users.user(username) {
            // A journey run under a session (ForceAuth, step-up) knows who the user is.
            state.values["user"] = user.stateValue
            state.values["username"] = .string(username)
        }
        let engine = Engine(journey: journey, env: env, baseURL: request.baseURL, headers: request.headers)
        let (result, node) = engine.start(&state)
        return reply(result, node: node, state: &state, journey: journey)
    }

    private func continueJourney(_ authId: String, body: JSONValue, _ request: IncomingRequest) -> HTTPReply {
        let claims: AuthIdClaims
        switch codec.verify(authId, now: now) {
        case .success(let value): claims = value
        case .failure(.invalidSignature): return .error(Self.badSignature)
        case .failure(.expired): return .error(.sessionTimeout)
        }
        let taken: JourneyState? = states.update(claims.stateId) { slot in
            guard let state = slot, state.otk == claims.otk else { return nil }
            slot = nil
            return state
        }
        guard var state = taken, state.expires > now, let journey = tree.journeys[state.journey] else {
            var reply = HTTPReply.error(.sessionTimeout)
            reply.logContext = "journey=\(claims.journey)"
            return reply
        }
        let answers: EchoValidator.Answers
        do {
            answers = try EchoValidator.answers(submitted: body["callbacks"]?.arrayValue ?? [], issued: state.page)
        } catch {
            store(state)
            var reply = HTTPReply.error(400, error.message)
            reply.logContext = "journey=\(journey.name) node=\(state.node)"
            return reply
        }
        let engine = Engine(journey: journey, env: env, baseURL: request.baseURL, headers: request.headers)
        let (result, node) = engine.submit(&state, answers: answers)
        return reply(result, node: node, state: &state, journey: journey)
    }

    private func resume(_ suspendedId: String, _ request: IncomingRequest) -> HTTPReply {
        guard var state = env.suspends.resume(suspendedId, now: now), let journey = tree.journeys[state.journey]
        else {
            return .error(Self.suspendedNotFound)
        }
        state.expires = now.addingTimeInterval(Double(settings.authIdLifetime))
        let engine = Engine(journey: journey, env: env, baseURL: request.baseURL, headers: request.headers)
        let (result, node) = engine.resume(&state)
        return reply(result, node: node, state: &state, journey: journey)
    }

    /// Which journey a composite advice runs, and what it satisfies.
    private func adviceTarget(_ advices: [PolicyAdvice], _ session: SimSession?)
        -> (journey: String, advice: AdviceContext)?
    {
        for advice in advices {
            let values = advice.values
            switch advice.name {
            case "TransactionConditionAdvice":
                for txid in values {
                    if let transaction = transactions.lookup(txid), let resource = resources[transaction.resourcePath] {
                        return (resource.tree, .transaction(txid: txid))
                    }
                }
            case "AuthenticateToServiceConditionAdvice":
                for value in values {
                    let journey = String(value.split(separator: ":").last ?? "")
                    if tree.journeys[journey] != nil { return (journey, .service(tree: journey)) }
                }
            default:
                continue
            }
        }
        return nil
    }

    /// Keeps a journey for its next request, until its authId expires.
    func store(_ state: JourneyState) {
        states.set(state.id, state, expires: state.expires, now: now)
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
