import Foundation
import HTTPTypes
import JourneyCore

extension AuthenticateController {
    /// Turns how the engine ended into the response AM would send.
    func reply(_ result: EngineResult, node: NodeDefinition?, state: inout JourneyState, journey: JourneyDefinition)
        -> HTTPReply
    {
        let notes = state.notes
        state.notes = []
        var reply: HTTPReply
        switch result {
        case .page(let page):
            state.otk = env.random.token(26)
            state.expires = now.addingTimeInterval(Double(settings.authIdLifetime))
            let authId = sign(state)
            store(state)
            reply = .json(.ok, stepBody(authId: authId, page: page), outcome: "step (\(Self.types(page)))")
        case .suspended(let page):
            var parked = state
            parked.otk = env.random.token(26)
            reply = .json(.ok, stepBody(authId: sign(parked), page: page), outcome: "suspended")
        case .success(let spec):
            var token: String?
            var newCookie = false
            if !state.noSession {
                if let existing = state.existingSession, sessions.valid(existing, now: now) != nil {
                    token = existing
                } else {
                    token = createSession(
                        username: state.values["user"]?["username"]?.stringValue, realm: state.realm,
                        journey: state.journey)
                    newCookie = true
                }
            }
            if let token { completeAdvice(state, token: token) }
            reply = successReply(spec, journey: journey, token: token, realm: state.realm, newCookie: newCookie)
        case .failure(let spec):
            let detail: [String: JSONValue]? =
                switch spec.detail {
                case .none: nil
                case .settingsFailureUrl: ["failureUrl": .string(settings.failureUrl)]
                case .failureUrl(let url): ["failureUrl": .string(url)]
                }
            reply = .error(
                AMError(
                    code: spec.code, reason: HTTPReply.reasonPhrase(spec.code), message: spec.message, detail: detail))
        case .loop:
            reply = .error(500, "Journey '\(journey.name)' loops without asking anything (at node '\(state.node)')")
        }
        reply.logContext = "journey=\(journey.name) node=\(node?.id ?? state.node)"
        if !notes.isEmpty { reply.logContext += " (\(notes.joined(separator: "; ")))" }
        reply.fault = node?.fault
        return reply
    }

    func successReply(_ spec: SuccessSpec, journey: JourneyDefinition, token: String?, realm: String, newCookie: Bool)
        -> HTTPReply
    {
        var writer = JSONWriter(capacity: 160)
        writer.object { object in
            if let token { object.member("tokenId", string: token) }
            object.member("successUrl", string: spec.successUrl ?? journey.successUrl ?? settings.successUrl)
            object.member("realm", string: realm)
        }
        var reply = HTTPReply.json(.ok, writer.bytes, outcome: token == nil ? "success (no session)" : "success")
        if let token, newCookie, let cookie = cookies.cookie(for: token) {
            reply.headers.append(cookie)
        }
        return reply
    }

    private func sign(_ state: JourneyState) -> String {
        let issued = Int(now.timeIntervalSince1970)
        return codec.sign(
            AuthIdClaims(
                journey: state.journey, indexType: "service", realm: state.realm, stateId: state.id, otk: state.otk,
                iat: issued, exp: Int(state.expires.timeIntervalSince1970)))
    }

    private func stepBody(authId: String, page: PageOutput) -> [UInt8] {
        var writer = JSONWriter(capacity: 1024)
        writer.object { object in
            object.member("authId", string: authId)
            object.member("callbacks") { array in
                array.array(page.callbacks) { element, callback in Self.write(callback, to: &element) }
            }
            if let stage = page.text.stage { object.member("stage", string: stage) }
            if let header = page.text.header { object.member("header", string: header) }
            if let description = page.text.description { object.member("description", string: description) }
        }
        return writer.bytes
    }

    /// Writes a callback in AM's member order: type, output, input, _id.
    static func write(_ callback: AMCallback, to writer: inout JSONWriter) {
        writer.object { object in
            object.member("type", string: callback.type)
            object.member("output") { array in
                array.array(callback.output) { element, pair in
                    element.object { member in
                        member.member("name", string: pair.name)
                        member.member("value", pair.value)
                    }
                }
            }
            if let input = callback.input {
                object.member("input") { array in
                    array.array(input) { element, pair in
                        element.object { member in
                            member.member("name", string: pair.name)
                            member.member("value", pair.value)
                        }
                    }
                }
            }
            if let id = callback.id { object.member("_id", id) }
        }
    }

    static func types(_ page: PageOutput) -> String {
        page.callbacks.map(\.type).joined(separator: ", ")
    }

    func createSession(username: String?, realm: String, journey: String) -> String {
        let token = "\(env.random.token(27)).*AAJTSQACMDEAAlNLABw\(env.random.token(28))AAR0eXBlAANDVFMAAlMxAAA.*"
        let created = now
        sessions.add(
            SimSession(
                tokenId: token, username: username, realm: realm, created: created, lastAccess: created,
                expires: created.addingTimeInterval(Double(settings.sessionLifetime)),
                contextId: env.random.uuid(), journey: journey))
        return token
    }

    /// Marks what a successful journey proved: the transaction or step-up, and that the tree ran.
    private func completeAdvice(_ state: JourneyState, token: String) {
        sessions.recordTree(state.journey, for: token, now: now)
        if case .transaction(let txid) = state.advice { transactions.satisfy(txid, session: token, now: now) }
    }
}
