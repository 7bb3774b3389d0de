import JourneyCore

/// Behaviours of AM-compatible servers that AM itself does not have (`settings.quirks:`), so the
/// runner can be tested against them. Every quirk is off by default: the simulator then behaves as AM.
package struct SimulatorQuirks: Sendable {
    /// Authenticate errors (a rejected login, a timed-out journey...) are answered HTTP 200 with the CREST error body.
    package var errorsAsHTTP200 = false
    /// A successful journey sets no session cookie: the `tokenId` is only in the body (as PingOne AIC does).
    package var noSessionCookie = false
    /// A successful journey sets the session cookie under this name instead of `settings.cookieName` (both are accepted).
    package var sessionCookieName: String? = nil
    /// The session cookie holds a session handle, not the body's `tokenId`; a cookie must carry the handle.
    package var cookieHoldsHandle = false
    /// `GET /json/serverinfo/*` answers 404: the server does not publish its cookie name.
    package var noServerInfo = false
    /// `sessions?_action=logout` answers 204 with no body instead of 200 `{"result": …}`.
    package var logoutNoContent = false
    /// IG redirects percent-encode the advice (and `goto`) twice: `authIndexValue=%253CAdvices%253E…`.
    package var igAdviceEncodedTwice = false
    /// KbaCreateCallback comes without the `allowUserDefinedQuestions` output (older AM); questions of the user's own are accepted.
    package var kbaWithoutAllowUserDefinedQuestions = false

    package init() {}

    /// The quirks that are on or off, by their key in the tree file.
    static let switches: [(key: String, path: WritableKeyPath<SimulatorQuirks, Bool> & Sendable)] = [
        ("errorsAsHTTP200", \.errorsAsHTTP200),
        ("noSessionCookie", \.noSessionCookie),
        ("cookieHoldsHandle", \.cookieHoldsHandle),
        ("noServerInfo", \.noServerInfo),
        ("logoutNoContent", \.logoutNoContent),
        ("igAdviceEncodedTwice", \.igAdviceEncodedTwice),
        ("kbaWithoutAllowUserDefinedQuestions", \.kbaWithoutAllowUserDefinedQuestions),
    ]

}

extension TreeParser {
    /// `settings.quirks:` — each key a quirk (docs/simulator.md, "Quirks").
    func parseQuirks(_ node: YNode) -> SimulatorQuirks {
        var quirks = SimulatorQuirks()
        guard let map = node.mapping("quirks") else { return quirks }
        map.allowOnly(TreeKeys.quirks)
        for (key, path) in SimulatorQuirks.switches {
            if let value = map[key]?.bool(key) { quirks[keyPath: path] = value }
        }
        if let node = map["sessionCookieName"], let value = node.string("sessionCookieName") {
            if SimulatorSettings.isCookieName(value) {
                quirks.sessionCookieName = value
            } else {
                reader.error("sessionCookieName must be a non-empty cookie name", at: node)
            }
        }
        return quirks
    }
}
