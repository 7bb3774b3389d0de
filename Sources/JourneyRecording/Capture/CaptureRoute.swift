import Foundation

/// Where `journey capture` forwards a request: the main upstream takes every path as it is
/// (the app uses the proxy's origin with the upstream's own paths); a named upstream
/// (`--upstream bank=https://api.example.com/v1`) takes the paths under `/bank`, with that
/// prefix replaced by its base URL's path.
package struct CaptureRoute: Sendable, Equatable {
    /// Empty for the main upstream; else the first path segment that selects it.
    package let name: String
    /// `https://host[:port]`.
    package let origin: String
    /// The base URL's path without a trailing `/` (`/am`, or empty).
    package let path: String

    /// Reads `URL` (the main upstream) or `NAME=URL`; nil with a reason when it is not an http(s) URL.
    package static func parse(_ text: String, named: Bool) -> Result<CaptureRoute, CaptureError> {
        var name = ""
        var url = text
        if named {
            guard let equals = text.firstIndex(of: "="), !text[..<equals].isEmpty else {
                return .failure(CaptureError("--upstream '\(text)': a second upstream is NAME=URL"))
            }
            name = String(text[..<equals])
            url = String(text[text.index(after: equals)...])
            guard name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }) else {
                return .failure(CaptureError("--upstream '\(text)': NAME holds only letters, digits, - and _"))
            }
        }
        guard let components = URLComponents(string: url), let scheme = components.scheme?.lowercased(),
            scheme == "http" || scheme == "https", let host = components.host, !host.isEmpty,
            components.query == nil, components.fragment == nil
        else {
            return .failure(CaptureError("--upstream '\(url)' is not an http(s) URL without a query"))
        }
        let hostPart = host.contains(":") ? "[\(host)]" : host
        let origin = "\(scheme)://\(hostPart)" + (components.port.map { ":\($0)" } ?? "")
        var path = components.percentEncodedPath
        while path.hasSuffix("/") { path.removeLast() }
        return .success(CaptureRoute(name: name, origin: origin, path: path))
    }

    package init(name: String, origin: String, path: String) {
        self.name = name
        self.origin = origin
        self.path = path
    }

    /// The base URL as given (`https://tenant.example.com/am`).
    package var baseURL: String { origin + path }

    /// The path prefix on the proxy that selects this route (`/bank`), empty for the main one.
    package var mount: String { name.isEmpty ? "" : "/" + name }

    /// Whether a request target (path and query) goes to this named route.
    package func takes(_ target: String) -> Bool {
        guard !name.isEmpty, target.hasPrefix(mount) else { return false }
        let rest = target.dropFirst(mount.count)
        return rest.isEmpty || rest.first == "/" || rest.first == "?"
    }

    /// The upstream URL of a request target received by the proxy.
    package func upstreamURL(for target: String) -> String {
        guard !name.isEmpty else { return origin + target }
        let rest = String(target.dropFirst(mount.count))
        return origin + path + (rest.isEmpty || rest.first == "?" ? "/" + rest : rest)
    }

    /// `url` with this upstream's base replaced by the proxy's (`proxyOrigin` plus the mount),
    /// or nil when it does not point at this upstream.
    func proxied(_ url: String, proxyOrigin: String) -> String? {
        let base = name.isEmpty ? origin : origin + path
        guard url.lowercased().hasPrefix(base.lowercased()) else { return nil }
        let rest = url.dropFirst(base.count)
        guard rest.isEmpty || rest.first == "/" || rest.first == "?" || rest.first == "#" else { return nil }
        return proxyOrigin + mount + rest
    }
}

/// A capture that cannot start or be written: a bad option, an unwritable folder.
package struct CaptureError: Error, Sendable, Equatable {
    package let message: String

    package init(_ message: String) {
        self.message = message
    }
}
