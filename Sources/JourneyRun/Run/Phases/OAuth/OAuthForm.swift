import Foundation
import JourneyCore

/// `application/x-www-form-urlencoded` bodies and the query of a redirect.
package enum OAuthForm {
    static func encode(_ fields: [(String, String)]) -> Data {
        Data(AMEndpoints.queryString(fields).dropFirst().utf8)
    }

    /// The parameters of a redirect URL: its query, and its fragment (where a provider may put them
    /// for other response modes); `+` is a space.
    package static func parameters(of url: String) -> [(name: String, value: String)] {
        var items: [(name: String, value: String)] = []
        var rest = Substring(url)
        if let hash = rest.firstIndex(of: "#") {
            items += pairs(rest[rest.index(after: hash)...])
            rest = rest[..<hash]
        }
        if let question = rest.firstIndex(of: "?") {
            items = pairs(rest[rest.index(after: question)...]) + items
        }
        return items
    }

    private static func pairs(_ text: Substring) -> [(name: String, value: String)] {
        text.split(separator: "&").map { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = PercentEncoding.decoded(parts[0], plusAsSpace: true) ?? String(parts[0])
            let raw = parts.count > 1 ? parts[1] : ""
            return (name, PercentEncoding.decoded(raw, plusAsSpace: true) ?? String(raw))
        }
    }

    /// True when `location` is `redirectUri` with the response's parameters (the code's
    /// destination). In a replay, a secret redacted inside the recorded URI stands for any text.
    static func isRedirect(_ location: String, to redirectUri: String) -> Bool {
        guard !redirectUri.isEmpty else { return false }
        if location.hasPrefix(redirectUri) {
            let rest = location.dropFirst(redirectUri.count)
            if rest.isEmpty || rest.first == "?" || rest.first == "#" || rest.first == "&" { return true }
        }
        guard !redirectUri.contains("?"), !redirectUri.contains("#") else { return false }
        let base = String(location.prefix { $0 != "?" && $0 != "#" })
        return Placeholder.matches(redirectUri, withPlaceholders: base)
    }
}

/// Registers every token value as a secret the moment it is read: a token is redacted in every
/// output and recording. An ID token's header and claims are not secret (they are the user's
/// profile, shown by userinfo too): its signature is, and without it the token proves nothing.
enum OAuthSecrets {
    static func register(_ tokens: OAuthTokens, with redactor: Redactor) {
        redactor.register(tokens.accessToken, name: "access_token")
        if let refresh = tokens.refreshToken { redactor.register(refresh, name: "refresh_token") }
        if let idToken = tokens.idToken {
            let parts = idToken.split(separator: ".", omittingEmptySubsequences: false)
            if parts.count == 3, !parts[2].isEmpty {
                redactor.register(String(parts[2]), name: "id_token")
            } else {
                redactor.register(idToken, name: "id_token")
            }
        }
    }
}
