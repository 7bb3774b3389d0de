import Foundation
import JourneyCore
import JourneyRun

/// What of an upstream's answer `journey capture` changes so that the app keeps talking to the
/// proxy; nothing else is touched:
/// - `Location`: an absolute URL on an upstream points at the proxy instead;
/// - `Set-Cookie`: the `Domain` attribute is dropped (the cookie belongs to the proxy's host),
///   and `Secure` too when the proxy serves plain HTTP;
/// - JSON bodies: members named `*_endpoint` or `jwks_uri` (OpenID discovery) and the
///   `redirectUrl` output of a RedirectCallback that point at an upstream. The `issuer` is kept:
///   ID tokens are signed with it.
package struct CaptureRewrite: Sendable {
    let routes: [CaptureRoute]
    /// `http://127.0.0.1:8080`.
    let proxyOrigin: String

    package init(routes: [CaptureRoute], proxyOrigin: String) {
        self.routes = routes
        self.proxyOrigin = proxyOrigin
    }

    var proxyIsHTTPS: Bool { proxyOrigin.hasPrefix("https:") }

    func url(_ url: String) -> String? {
        for route in routes {
            if let proxied = route.proxied(url, proxyOrigin: proxyOrigin) { return proxied }
        }
        return nil
    }

    package func headers(_ headers: [HeaderField]) -> [HeaderField] {
        headers.map { field in
            if HTTPText.namesMatch(field.name, "location"), let proxied = url(field.value) {
                return HeaderField(field.name, proxied)
            }
            if HTTPText.namesMatch(field.name, "set-cookie") {
                return HeaderField(field.name, setCookie(field.value))
            }
            return field
        }
    }

    func setCookie(_ value: String) -> String {
        let parts = value.split(separator: ";", omittingEmptySubsequences: false)
        guard let first = parts.first else { return value }
        let kept = parts.dropFirst().filter { attribute in
            let name = attribute.split(separator: "=", maxSplits: 1).first?.trimmingCharacters(in: .whitespaces)
                .lowercased()
            return name != "domain" && (proxyIsHTTPS || name != "secure")
        }
        return ([first] + kept).joined(separator: ";")
    }

    /// The body with its URLs rewritten, or nil when nothing changes (most bodies). Only the
    /// rewritten strings' bytes change (`CaptureBodySplice`): the rest reaches the app as sent.
    package func body(_ body: Data) -> Data? {
        guard !body.isEmpty,
            routes.contains(where: { body.range(of: Data($0.origin.utf8)) != nil }) || escapedOrigins(in: body)
        else { return nil }
        return CaptureBodySplice.splice(body, selects: Self.rewrites(key:outputName:), replacement: url)
    }

    private func escapedOrigins(in body: Data) -> Bool {
        routes.contains { body.range(of: Data($0.origin.replacingOccurrences(of: "/", with: "\\/").utf8)) != nil }
    }

    /// The members whose URL is rewritten: discovery endpoints, and a RedirectCallback's `redirectUrl` output.
    static func rewrites(key: String, outputName: String?) -> Bool {
        key.hasSuffix("_endpoint") || key == "jwks_uri" || (key == "value" && outputName == "redirectUrl")
    }
}
