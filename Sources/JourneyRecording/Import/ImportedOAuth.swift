import Foundation
import JourneyCore
import JourneyRun
import Yams

/// The `oauth:` block of an imported script, from the recording's token traffic: an authorize
/// request (client id, redirect URI, scope, PKCE, acr_values) or a client-credentials token request.
struct ImportedOAuth {
    var clientId: String
    var redirectUri: String?
    var scope: [String]
    var pkce: Bool
    var acrValues: String?
    var clientCredentials: Bool
    /// The client sent a secret (HTTP Basic or `client_secret`): it becomes an environment variable.
    var hasSecret: Bool
    var refresh: Bool

    static let secretVariable = "OAUTH_CLIENT_SECRET"

    /// Nil when the recording holds no OAuth 2.0 token traffic.
    init?(_ exchanges: [RecordedExchange]) {
        let oauth = exchanges.filter { $0.path.contains("/oauth2/") }
        let tokenRequests = oauth.filter { $0.method == "POST" && $0.path.hasSuffix("/access_token") }
        let forms = tokenRequests.map {
            OAuthForm.parameters(of: "?" + String(decoding: $0.requestBody, as: UTF8.self))
        }
        if let authorize = oauth.first(where: { $0.path.hasSuffix("/authorize") }),
            let clientId = authorize.queryValue("client_id")
        {
            self.clientId = clientId
            redirectUri = authorize.queryValue("redirect_uri")
            scope = authorize.queryValue("scope").map { $0.split(separator: " ").map(String.init) } ?? []
            pkce = authorize.queryValue("code_challenge") != nil
            acrValues = authorize.queryValue("acr_values")
            clientCredentials = false
        } else if let form = forms.first(where: { $0.value("grant_type") == "client_credentials" }) {
            let basic = tokenRequests.first?.requestHeaders.value("authorization") != nil
            guard let clientId = form.value("client_id") ?? (basic ? "" : nil) else { return nil }
            self.clientId = clientId.isEmpty ? "CLIENT_ID" : clientId
            redirectUri = nil
            scope = form.value("scope").map { $0.split(separator: " ").map(String.init) } ?? []
            pkce = false
            acrValues = nil
            clientCredentials = true
        } else {
            return nil
        }
        hasSecret =
            clientCredentials
            || tokenRequests.contains {
                $0.requestHeaders.value("authorization")?.lowercased().hasPrefix("basic") ?? false
            }
            || forms.contains { $0.value("client_secret") != nil }
        refresh = forms.contains { $0.value("grant_type") == "refresh_token" }
    }

    var node: Node {
        var entries: [(String, Node)] = []
        if clientCredentials { entries.append(("grant", .text("clientCredentials"))) }
        entries.append(("clientId", ImportedText.template(clientId)))
        if let redirectUri { entries.append(("redirectUri", ImportedText.template(redirectUri))) }
        if !scope.isEmpty { entries.append(("scope", .flow(scope.map { Node.text($0) }))) }
        if hasSecret {
            entries.append(
                ("clientSecret", .flow([("env", .text(Self.secretVariable)), ("secret", .plain("true"))])))
        }
        if !clientCredentials, !pkce { entries.append(("pkce", .plain("false"))) }
        if let acrValues { entries.append(("acrValues", ImportedText.template(acrValues))) }
        if refresh { entries.append(("refresh", .plain("true"))) }
        return .block(entries)
    }
}

extension ImportedOAuth {
    /// A script for a recording with client-credentials traffic and no journey.
    static func tokensOnlyScript(_ oauth: ImportedOAuth, from exchange: RecordedExchange, source: String)
        throws(RecordingError) -> String
    {
        let path = exchange.path
        let deployment = path.range(of: "/oauth2/").map { String(path[..<$0.lowerBound]) } ?? ""
        var realm = "/"
        if let start = path.range(of: "/oauth2/realms/root") {
            let parts = path[start.upperBound...].split(separator: "/")
            let names = stride(from: 0, to: parts.count - 1, by: 2).compactMap {
                parts[$0] == "realms" ? String(parts[$0 + 1]) : nil
            }
            if !names.isEmpty { realm = "/" + names.joined(separator: "/") }
        }
        let document: Node = .block([
            ("version", .plain("1")),
            (
                "name",
                ImportedText.string("Client credentials for \(oauth.clientId) (imported from \(source))")
            ),
            ("tags", .flow([.plain("imported")])),
            (
                "server",
                .flow([
                    ("url", ImportedText.template(AMEndpoints.origin(of: exchange.url) + deployment)),
                    ("realm", ImportedText.template(realm)),
                ])
            ),
            ("oauth", oauth.node),
            ("expect", .block([("outcome", .text("success"))])),
        ])
        return try ScriptImporter.Builder.render(document, source: source)
    }
}

extension [(name: String, value: String)] {
    func value(_ name: String) -> String? { first(where: { $0.name == name })?.value }
}
