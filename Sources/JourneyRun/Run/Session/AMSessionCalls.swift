import Foundation
import JourneyCore

/// The calls a run makes with the AM session it holds: the session cookie and
/// `sessions?_action=validate|logout`, shared by the phases that call with the session
/// (resource, OAuth, cleanup) through `session.sessionCalls`.
struct AMSessionCalls {
    let session: RunSession

    static let validateAPIVersion = "resource=2.1, protocol=1.0"
    static let logoutAPIVersion = "resource=3.1, protocol=1.0"

    /// The SDKs' default session cookie name, used when nothing else names it.
    static let defaultCookieName = "iPlanetDirectoryPro"

    /// Makes sure the cookie jar holds `amSession` before a resource or session call. The cookie
    /// the server set is sent as it is (its value may differ from the body's `tokenId`); only
    /// when the server set none (AIC returns the token only in the body) is the `tokenId` put in
    /// the jar under the session cookie's name. Returns that name; nil without a session.
    @discardableResult
    func ensureSessionCookie(for amSession: AMSession?) async throws(RunError) -> String? {
        guard let token = amSession?.tokenId else { return nil }
        session.redactor.register(token, name: "tokenId")
        let name = try await sessionCookieName(token: token)
        let existing = session.withState { state -> String? in
            let value = state.cookies.value(name)
            if value == nil { state.cookies.set(name, token) }
            return value
        }
        if let existing, existing != token { session.redactor.register(existing, name: "sessionCookie") }
        return name
    }

    /// The session cookie's name, found once and noted on the trace with where it came from:
    /// the script's `server.cookieName`, the `Set-Cookie` holding the session's `token`,
    /// `cookieName` from `GET {base}/json/serverinfo/*`, or the SDKs' default `iPlanetDirectoryPro`.
    private func sessionCookieName(token: String) async throws(RunError) -> String {
        let (known, setName, count) = session.withState { state in
            (
                state.cookieName, state.cookies.cookies.first(where: { $0.value == token })?.name,
                state.steps.count
            )
        }
        if let known { return known }
        var noted = count - 1
        let name: String
        let source: String
        if let scripted = session.script.server.cookieName {
            (name, source) = (scripted, "server.cookieName")
        } else if let setName {
            (name, source) = (setName, "the Set-Cookie holding the tokenId")
        } else {
            let endpoint = session.endpoint
            let request = TransportRequest(
                method: "GET", url: AMEndpoints.serverInfoURL(base: endpoint.baseURL),
                headers: [HeaderField("Accept", "application/json"), HeaderField("Accept-API-Version", "resource=1.1")])
            let (response, index) = try await session.call(request, phase: "session", party: .am)
            noted = index
            if response.status == 200, let json = try? JSONValue.parse(response.body),
                let published = json["cookieName"]?.stringValue, !published.isEmpty
            {
                (name, source) = (published, "/json/serverinfo/*")
            } else {
                name = Self.defaultCookieName
                source =
                    "the default: no server.cookieName, no Set-Cookie holding the tokenId, "
                    + "and /json/serverinfo/* answered HTTP \(response.status) without a cookieName"
            }
        }
        session.withState { state in
            if state.steps.indices.contains(noted) {
                state.steps[noted].notes.append(("cookieName", "\(name) (\(source))"))
            }
            state.cookieName = name
        }
        return name
    }

    /// `POST …/sessions?_action=validate` with the session: whether it is valid.
    func validateSession(_ amSession: AMSession, phase: String) async throws(RunError) -> Bool {
        let (response, index) = try await sessionAction(
            "validate", with: amSession, apiVersion: Self.validateAPIVersion, phase: phase)
        guard response.status == 200, let valid = (try? JSONValue.parse(response.body))?["valid"]?.boolValue else {
            throw RunError(
                .protocol, "the session validation answered \(session.describe(response)), not {\"valid\": true|false}",
                step: session.stepNumber(at: index))
        }
        session.note(stepAt: index, "session", valid ? "valid" : "invalid")
        return valid
    }

    /// `POST …/sessions?_action=<action>` with `amSession` as the session cookie.
    func sessionAction(_ action: String, with amSession: AMSession, apiVersion: String, phase: String)
        async throws(RunError) -> (TransportResponse, Int)
    {
        var headers = [
            HeaderField("Content-Type", "application/json"), HeaderField("Accept", "application/json"),
            HeaderField("Accept-API-Version", apiVersion),
        ]
        if let name = try await ensureSessionCookie(for: amSession),
            let value = session.withState({ $0.cookies.value(name) })
        {
            headers.append(HeaderField(name, value))
        }
        let endpoint = session.endpoint
        let request = TransportRequest(
            method: "POST", url: AMEndpoints.sessionsURL(base: endpoint.baseURL, realm: endpoint.realm, action: action),
            headers: headers, body: Data("{}".utf8))
        return try await session.call(request, phase: phase, party: .am)
    }
}

extension RunSession {
    /// The calls made with the run's AM session (``AMSessionCalls``).
    var sessionCalls: AMSessionCalls { AMSessionCalls(session: self) }
}
