import Foundation
import JourneyCore

/// The session calls: cookie name discovery, `sessions?_action=validate|logout`, and `cleanup:`.
extension DriverRun {
    static let validateAPIVersion = "resource=2.1, protocol=1.0"
    static let logoutAPIVersion = "resource=3.1, protocol=1.0"

    /// Puts the session token in the cookie jar under the session cookie's name, unless the
    /// server already set it (AIC sets only `amlbcookie` and returns the token in the body).
    func ensureSessionCookie() async throws(RunError) {
        guard let token = authorization.tokenId else { return }
        redactor.register(token, name: "tokenId")
        if let name = cookies.cookies.first(where: { $0.value == token })?.name {
            authorization.cookieName = authorization.cookieName ?? name
            return
        }
        cookies.set(try await sessionCookieName(), token)
    }

    /// The script's `server.cookieName`, the name the server set the token under, or `cookieName`
    /// from `GET {base}/json/serverinfo/*`.
    func sessionCookieName() async throws(RunError) -> String {
        if let name = script.server.cookieName { return name }
        if let name = authorization.cookieName { return name }
        if let token = authorization.tokenId, let name = cookies.cookies.first(where: { $0.value == token })?.name {
            authorization.cookieName = name
            return name
        }
        let request = TransportRequest(
            method: "GET", url: AMEndpoints.serverInfoURL(base: baseURL),
            headers: [HeaderField("Accept", "application/json"), HeaderField("Accept-API-Version", "resource=1.1")]
                + extraHeaders,
            timeoutSeconds: timeout)
        let (response, index) = try await call(request, phase: "session")
        guard response.status == 200, let json = try? JSONValue.parse(response.body),
            let name = json["cookieName"]?.stringValue, !name.isEmpty
        else {
            throw RunError(
                .protocol,
                "\(Self.describe(request)) answered \(describe(response)) without a cookieName: set server.cookieName in the script",
                step: steps[index].number)
        }
        steps[index].notes.append(("cookieName", name))
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
        if let token = authorization.tokenId { headers.append(HeaderField(try await sessionCookieName(), token)) }
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
                if response.status == 200 {
                    steps[index].notes.append(("logout", "done"))
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
