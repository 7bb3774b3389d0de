import Foundation
import HTTPTypes
import JourneyCore

/// `POST …/sessions?_action=validate|logout|getSessionInfo`.
struct SessionsController: SimulatorController {
    let cookies: SessionCookies
    let clock: any JourneyClock

    var settings: SimulatorSettings { cookies.settings }
    var sessions: SessionStore { cookies.sessions }

    func addRoutes(to router: inout SimulatorRouter) {
        router.am.add("sessions", method: .post) { request, _ in sessionsAction(request) }
    }

    private func sessionsAction(_ request: IncomingRequest) -> HTTPReply {
        let now = clock.now()
        let body: JSONValue
        switch JSONValue.body(request) {
        case .success(let value): body = value
        case .failure(let reply): return reply
        }
        let token =
            cookies.token(of: request) ?? body["tokenId"]?.stringValue
            ?? request.query["tokenId"]
        let session = token.flatMap { sessions.valid($0, now: now) }
        let action = request.query["_action"] ?? ""
        var reply: HTTPReply
        switch action {
        case "validate":
            if let session {
                var object: [String: JSONValue] = [
                    "valid": true, "sessionUid": .string(session.contextId), "realm": .string(session.realm),
                ]
                if let username = session.username { object["uid"] = .string(username) }
                reply = .json(.ok, .object(object), outcome: "200 valid")
            } else {
                reply = .json(.ok, ["valid": false], outcome: "200 invalid")
            }
            reply.headers[.contentAPIVersion] = "resource=3.1"
        case "logout":
            guard let session, sessions.remove(session.tokenId) else { return .accessDenied }
            if settings.quirks.logoutNoContent {
                return HTTPReply(status: .noContent, headers: HTTPFields(), body: [], logOutcome: "204 logged out")
            }
            reply = .json(.ok, ["result": "Successfully logged out"], outcome: "200 logged out")
            reply.headers[.contentAPIVersion] = "resource=3.1"
        case "getSessionInfo":
            guard let session else { return .accessDenied }
            sessions.touch(session.tokenId, now: now)
            let username = session.username ?? "anonymous"
            let realmPath = session.realm == "/" ? "" : session.realm.replacingOccurrences(of: "/", with: ",o=")
            let body: JSONValue = [
                "username": .string(username),
                "universalId": .string("id=\(username),ou=user\(realmPath),ou=services,ou=am-config"),
                "realm": .string(session.realm),
                "latestAccessTime": .string(ISO8601.seconds(now)),
                "maxIdleExpirationTime": .string(ISO8601.seconds(now.addingTimeInterval(1800))),
                "maxSessionExpirationTime": .string(ISO8601.seconds(session.expires)),
                "properties": ["AMCtxId": .string(session.contextId)],
            ]
            reply = .json(.ok, body, outcome: "200 session info")
            reply.headers[.contentAPIVersion] = "resource=4.0"
        default:
            return .error(400, "Action '\(action)' not supported on sessions")
        }
        return reply
    }
}
