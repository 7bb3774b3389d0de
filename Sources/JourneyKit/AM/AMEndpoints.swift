import Foundation

/// Builds PingAM URLs: realm paths (nested realms each prefixed `realms/`) and query strings.
public enum AMEndpoints {
    /// `alpha` → `/json/realms/root/realms/alpha`; `customers/europe` →
    /// `/json/realms/root/realms/customers/realms/europe`; empty, `/` or `root` → `/json/realms/root`.
    public static func realmPath(_ realm: String) -> String {
        var parts = realm.split(separator: "/").map(String.init).filter { !$0.isEmpty }
        if parts.first == "root" { parts.removeFirst() }
        return "/json/realms/root" + parts.map { "/realms/\($0)" }.joined()
    }

    /// The base URL without a trailing slash.
    public static func normalizedBase(_ base: String) -> String {
        var base = base
        while base.hasSuffix("/") { base.removeLast() }
        return base
    }

    public static func authenticateURL(base: String, realm: String, query: [(String, String)]) -> String {
        normalizedBase(base) + realmPath(realm) + "/authenticate" + queryString(query)
    }

    public static func sessionsURL(base: String, realm: String, action: String) -> String {
        normalizedBase(base) + realmPath(realm) + "/sessions" + queryString([("_action", action)])
    }

    public static func serverInfoURL(base: String) -> String {
        normalizedBase(base) + "/json/serverinfo/*"
    }

    /// The scheme, host and port of a URL: where the simulator's control endpoints live.
    public static func origin(of url: String) -> String {
        guard let components = URLComponents(string: url), let scheme = components.scheme, let host = components.host
        else { return url }
        return "\(scheme)://\(host)" + (components.port.map { ":\($0)" } ?? "")
    }

    public static func queryString(_ query: [(String, String)]) -> String {
        guard !query.isEmpty else { return "" }
        return "?"
            + query.map { name, value in
                "\(PercentEncoding.queryComponent(name))=\(PercentEncoding.queryComponent(value))"
            }.joined(separator: "&")
    }

    /// The path and query of a URL, for compact display.
    public static func pathAndQuery(_ url: String) -> String {
        guard let components = URLComponents(string: url) else { return url }
        return components.percentEncodedPath + (components.percentEncodedQuery.map { "?\($0)" } ?? "")
    }
}
