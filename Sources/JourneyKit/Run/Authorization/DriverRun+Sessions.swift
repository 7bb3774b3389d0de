import Foundation
import JourneyCore

/// The session calls: cookie name discovery, `sessions?_action=validate|logout`, and `cleanup:`.
extension DriverRun {
    static let validateAPIVersion = "resource=2.1, protocol=1.0"
    static let logoutAPIVersion = "resource=3.1, protocol=1.0"

    /// The SDKs' default session cookie name, used when nothing else names it.
    static let defaultCookieName = "iPlanetDirectoryPro"

    /// Makes sure the cookie jar holds the session before a resource or session call. The cookie
    /// the server set is sent as it is (its value may differ from the body's `tokenId`); only
    /// when the server set none (AIC returns the token only in the body) is the `tokenId` put in
    /// the jar under the session cookie's name. Returns that name; nil without a session.
    @discardableResult
    func ensureSessionCookie() async throws(RunError) -> String? {
        guard let token = authorization.tokenId else { return nil }
        redactor.register(token, name: "tokenId")
        let name = try await sessionCookieName()
        if let value = cookies.value(name) {
            if value != token { redactor.register(value, name: "sessionCookie") }
        } else {
            cookies.set(name, token)
        }
        return name
    }

    /// The session cookie's name, found once and noted on the trace with where it came from:
    /// the script's `server.cookieName`, the `Set-Cookie` holding the `tokenId`, `cookieName`
    /// from `GET {base}/json/serverinfo/*`, or the SDKs' default `iPlanetDirectoryPro`.
    func sessionCookieName() async throws(RunError) -> String {
        if let name = authorization.cookieName { return name }
        var noted = steps.count - 1
        let name: String
        let source: String
        if let scripted = script.server.cookieName {
            (name, source) = (scripted, "server.cookieName")
        } else if let token = authorization.tokenId, let set = cookies.cookies.first(where: { $0.value == token })?.name
        {
            (name, source) = (set, "the Set-Cookie holding the tokenId")
        } else {
            let request = TransportRequest(
                method: "GET", url: AMEndpoints.serverInfoURL(base: baseURL),
                headers: [HeaderField("Accept", "application/json"), HeaderField("Accept-API-Version", "resource=1.1")]
                    + extraHeaders,
                timeoutSeconds: timeout)
            let (response, index) = try await call(request, phase: "session")
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
        if steps.indices.contains(noted) { steps[noted].notes.append(("cookieName", "\(name) (\(source))")) }
        authorization.cookieName = name
        return name
    }

    /// `POST …/sessions?_action=validate` with the session: whether it is valid.
    func validateSession(phase: String) async throws(RunError) -> Bool {
        let (response, index) = try await sessionAction("validate", apiVersion: Self.validateAPIVersion, phase: phase)
        guard response.status == 200, let valid = (try? JSONValue.parse(response.body))?["valid"]?.boolValue else {
            throw RunError(
                .protocol, "the session validation answered \(describe(response)), not {\"valid\": true|false}",
                step: steps[index].number)
        }
        steps[index].notes.append(("session", valid ? "valid" : "invalid"))
        return valid
    }

    func sessionAction(_ action: String, apiVersion: String, phase: String) async throws(RunError) -> (
        TransportResponse, Int
    ) {
        var headers = [
            HeaderField("Content-Type", "application/json"), HeaderField("Accept", "application/json"),
            HeaderField("Accept-API-Version", apiVersion),
        ]
        if let name = try await ensureSessionCookie(), let value = cookies.value(name) {
            headers.append(HeaderField(name, value))
        }
        let request = TransportRequest(
            method: "POST", url: AMEndpoints.sessionsURL(base: baseURL, realm: realm, action: action),
            headers: headers + extraHeaders, body: Data("{}".utf8), timeoutSeconds: timeout)
        return try await call(request, phase: phase)
    }

    /// `cleanup:` — validity before, logout, validity after. Runs when the run did not stop on an
    /// error; its checks are expectation failures, its transport trouble the run's error.
    func runCleanup(error runError: inout RunError?) async {
        guard let cleanup = script.cleanup, runError == nil else { return }
        guard authorization.tokenId != nil else {
            if cleanup.before == .valid || cleanup.logout {
                failures.append(
                    ExpectationFailure(
                        "cleanup: the run produced no session (no tokenId) to check or log out",
                        location: cleanup.location))
            }
            return
        }
        do throws(RunError) {
            try await ensureSessionCookie()
            if let expected = cleanup.before {
                try await checkValidity(expected, when: "before the logout", location: cleanup.location)
            }
            if cleanup.logout {
                let (response, index) = try await sessionAction(
                    "logout", apiVersion: Self.logoutAPIVersion, phase: "cleanup")
                if (200..<300).contains(response.status) {
                    steps[index].notes.append(("logout", "done"))
                } else if response.status == 401 {
                    // The session had already ended (AM answers a logout of an ended session 401).
                    steps[index].notes.append(("logout", "already logged out (HTTP 401)"))
                } else {
                    let failure = ExpectationFailure(
                        "the logout answered \(describe(response))", step: steps[index].number,
                        location: cleanup.location)
                    steps[index].failures.append(failure)
                    failures.append(failure)
                }
            }
            if let expected = cleanup.after {
                try await checkValidity(
                    expected, when: cleanup.logout ? "after the logout" : "at the end", location: cleanup.location)
            }
        } catch {
            runError = error
        }
    }

    private func checkValidity(_ expected: CleanupSpec.Validity, when: String, location: SourceLocation)
        async throws(RunError)
    {
        let valid = try await validateSession(phase: "cleanup")
        guard valid != (expected == .valid) else { return }
        let failure = ExpectationFailure(
            "expected the session to be \(expected.rawValue) \(when), but it is \(valid ? "valid" : "invalid")",
            step: steps.last?.number, location: location)
        if !steps.isEmpty { steps[steps.count - 1].failures.append(failure) }
        failures.append(failure)
    }
}
