import Foundation
import HTTPTypes
import JourneyCore

/// The session cookie as the simulator sets and reads it, with the session quirks applied, and the
/// live session a request carries.
struct SessionCookies: Sendable {
    /// The prefix that makes a session handle of a tokenId (`quirks.cookieHoldsHandle`).
    static let handlePrefix = "handle-"

    let settings: SimulatorSettings
    let sessions: SessionStore

    /// The `Set-Cookie` a new session gets, or nil when `quirks.noSessionCookie` sets none.
    func cookie(for token: String) -> HTTPField? {
        let quirks = settings.quirks
        if quirks.noSessionCookie { return nil }
        let name = quirks.sessionCookieName ?? settings.cookieName
        let value = quirks.cookieHoldsHandle ? Self.handlePrefix + token : token
        return HTTPField(name: .setCookie, value: "\(name)=\(value); Path=/; HttpOnly")
    }

    /// The tokenId a request carries in a session cookie (under `settings.cookieName` or
    /// `quirks.sessionCookieName`) or in a header named like the cookie. With
    /// `quirks.cookieHoldsHandle` a cookie must hold the handle: a bare tokenId in a cookie is ignored.
    func token(of request: IncomingRequest) -> String? {
        let names = [settings.cookieName] + (settings.quirks.sessionCookieName.map { [$0] } ?? [])
        for name in names {
            guard let cookie = request.cookies[name], !cookie.isEmpty else { continue }
            guard settings.quirks.cookieHoldsHandle else { return cookie }
            if cookie.hasPrefix(Self.handlePrefix) { return String(cookie.dropFirst(Self.handlePrefix.count)) }
        }
        for name in names {
            if let header = request.header(name), !header.isEmpty { return header }
        }
        return nil
    }

    /// The live session the request carries, if any.
    func session(of request: IncomingRequest, now: Date) -> SimSession? {
        guard let token = token(of: request) else { return nil }
        return sessions.valid(token, now: now)
    }
}
