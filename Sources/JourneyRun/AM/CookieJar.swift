import AsyncHTTPClient
import Foundation
import JourneyCore

/// One run's cookies (session cookie, amlbcookie...). Scoped to the run's one server, so
/// domain and path attributes are not tracked; a `Max-Age` of zero or less, or (without
/// `Max-Age`, which takes precedence, RFC 6265 §5.3) an `Expires` not after the run's clock, deletes.
struct CookieJar: Sendable {
    private(set) var cookies: [(name: String, value: String)] = []

    mutating func store(from headers: [HeaderField], now: Date) {
        for header in headers where HTTPText.namesMatch(header.name, "set-cookie") {
            let cookie = HTTPText.setCookiePair(Substring(header.value))
            guard let value = cookie.value else { continue }
            let name = String(cookie.name)
            let deleted = value.isEmpty || Self.endsLife(header.value, attributes: cookie.attributes, now: now)
            cookies.removeAll { $0.name == name }
            if !deleted { cookies.append((name, String(value))) }
        }
    }

    /// True when a Set-Cookie's lifetime attributes have run out at `now` (AM's logout answers
    /// `iPlanetDirectoryPro=LOGOUT; Expires=Thu, 01-Jan-1970 00:00:10 GMT`). The attributes
    /// are read by AsyncHTTPClient's RFC 6265 parser, only when they name a lifetime at all.
    private static func endsLife(_ line: String, attributes: Substring, now: Date) -> Bool {
        guard namesLifetime(attributes),
            let cookie = HTTPClient.Cookie(header: dashesAsSpacesInExpires(line), defaultDomain: "")
        else { return false }
        if let maxAge = cookie.maxAge { return maxAge <= 0 }
        if let expires = cookie.expires { return expires <= now }
        return false
    }

    /// True when the attributes hold `max-age` or `expires` in any case (a false positive only
    /// costs the full parse). Bytes: lowercasing and searching the text was a twentieth of a step.
    private static func namesLifetime(_ attributes: Substring) -> Bool {
        var text = attributes
        return text.withUTF8 { bytes in
            guard bytes.count >= 7 else { return false }
            for start in 0...(bytes.count - 7) {
                for name in lifetimeNames where zip(name, bytes[start..<start + 7]).allSatisfy({ $0 == $1 | 0x20 }) {
                    return true
                }
            }
            return false
        }
    }

    private static let lifetimeNames = [Array("max-age".utf8), Array("expires".utf8)]

    /// AsyncHTTPClient reads `Thu, 01-Jan-70 …` and `Thu, 01 Jan 1970 …` but not the
    /// `Thu, 01-Jan-1970 00:00:10 GMT` that Java servers (AM) write: its dashes become spaces.
    private static func dashesAsSpacesInExpires(_ line: String) -> String {
        line.split(separator: ";", omittingEmptySubsequences: false).map { part in
            part.trimmedSpacesAndTabs.lowercased().hasPrefix("expires=")
                ? String(part.replacing("-", with: " ")) : String(part)
        }.joined(separator: ";")
    }

    mutating func set(_ name: String, _ value: String) {
        cookies.removeAll { $0.name == name }
        cookies.append((name, value))
    }

    func value(_ name: String) -> String? {
        cookies.first(where: { $0.name == name })?.value
    }

    /// The `Cookie` header, or nil when the jar is empty.
    var header: HeaderField? {
        cookies.isEmpty ? nil : HeaderField("Cookie", cookies.map { "\($0.name)=\($0.value)" }.joined(separator: "; "))
    }
}
