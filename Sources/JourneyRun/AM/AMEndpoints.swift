import Foundation
import JourneyCore

/// Builds PingAM URLs: realm paths (nested realms each prefixed `realms/`) and query strings.
package enum AMEndpoints {
    /// `alpha` → `/json/realms/root/realms/alpha`; `customers/europe` →
    /// `/json/realms/root/realms/customers/realms/europe`; empty, `/` or `root` → `/json/realms/root`.
    package static func realmPath(_ realm: String) -> String {
        // An ASCII realm (all of them in practice) is cut at its `/` bytes in one pass, once per run.
        guard realm.utf8.allSatisfy({ $0 < 0x80 }) else {
            var parts = realm.split(separator: "/").map(String.init).filter { !$0.isEmpty }
            if parts.first == "root" { parts.removeFirst() }
            return "/json/realms/root" + parts.map { "/realms/\($0)" }.joined()
        }
        var path = "/json/realms/root"
        for (index, part) in realm.utf8.split(separator: UInt8(ascii: "/")).enumerated() {
            if index == 0 && part.elementsEqual("root".utf8) { continue }
            path += "/realms/"
            path += Substring(part)
        }
        return path
    }

    /// The base URL without a trailing slash.
    package static func normalizedBase(_ base: String) -> String {
        var base = base
        while base.hasSuffix("/") { base.removeLast() }
        return base
    }

    package static func authenticateURL(base: String, realm: String, query: [(String, String)]) -> String {
        normalizedBase(base) + realmPath(realm) + "/authenticate" + queryString(query)
    }

    package static func sessionsURL(base: String, realm: String, action: String) -> String {
        normalizedBase(base) + realmPath(realm) + "/sessions" + queryString([("_action", action)])
    }

    package static func serverInfoURL(base: String) -> String {
        normalizedBase(base) + "/json/serverinfo/*"
    }

    /// The scheme, host and port of a URL (without user info): where the simulator's control
    /// endpoints live. A text that is not an absolute URL with a host is returned as it is.
    /// Read on bytes: a run reads it once per journey, and a URL parse was a percent of a load's time.
    package static func origin(of url: String) -> String {
        let bytes = url.utf8
        guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")),
            bytes[..<colon].allSatisfy({ isSchemeByte($0) }), !bytes[..<colon].isEmpty,
            bytes[colon...].starts(with: "://".utf8)
        else { return url }
        let authorityStart = bytes.index(colon, offsetBy: 3)
        let authorityEnd =
            bytes[authorityStart...].firstIndex {
                $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#")
            }
            ?? bytes.endIndex
        var hostStart = authorityStart
        if let at = bytes[authorityStart..<authorityEnd].lastIndex(of: UInt8(ascii: "@")) {
            hostStart = bytes.index(after: at)
        }
        guard hostStart < authorityEnd else { return url }
        return String(url[..<colon]) + "://" + String(url[hostStart..<authorityEnd])
    }

    private static func isSchemeByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."):
            true
        default: false
        }
    }

    package static func queryString(_ query: [(String, String)]) -> String {
        guard !query.isEmpty else { return "" }
        var text = "?"
        for (index, (name, value)) in query.enumerated() {
            if index > 0 { text += "&" }
            text += PercentEncoding.queryComponent(name)
            text += "="
            text += PercentEncoding.queryComponent(value)
        }
        return text
    }

    /// The path and query of a URL, for compact display.
    package static func pathAndQuery(_ url: String) -> String {
        guard let components = URLComponents(string: url) else { return url }
        return components.percentEncodedPath + (components.percentEncodedQuery.map { "?\($0)" } ?? "")
    }
}
