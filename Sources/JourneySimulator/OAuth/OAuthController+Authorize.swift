import Foundation
import HTTPTypes
import JourneyCore

extension OAuthController {
    /// `GET|POST …/authorize`: checks the request in AM's order, then answers with the login page
    /// (no session), the consent page, or a 302 to the redirect URI with a code or an error.
    func authorize(_ call: OAuthCall) -> HTTPReply {
        guard let clientId = call["client_id"], let client = definition.client(clientId) else {
            return OAuthReply.error(400, "invalid_client", "Client authentication failed", errorFirst: true)
        }
        let requestedRedirect = call["redirect_uri"]
        guard let redirect = requestedRedirect ?? (client.redirectUris.count == 1 ? client.redirectUris.first : nil),
            client.redirectUris.contains(redirect)
        else {
            return OAuthReply.error(
                400, "redirect_uri_mismatch",
                "The redirection URI provided does not match a pre-registered value.", errorFirst: true)
        }
        let state = call["state"]
        let responseType = call["response_type"] ?? ""
        guard responseType == "code" else {
            // AM leaves the colon of this description unencoded.
            var query = "error=unsupported_response_type&error_description=Response+type+is+not+supported:+"
            query += FormEncoding.encode(responseType)
            if let state { query += "&state=" + FormEncoding.encode(state) }
            return OAuthReply.redirect(redirect, query: query, outcome: "302 unsupported_response_type")
        }
        let scope = requestedScope(call["scope"], client: client)
        let unknown = scope.filter { !client.scopes.contains($0) }
        guard unknown.isEmpty else {
            return errorRedirect(
                redirect, "invalid_scope", "Unknown/invalid scope(s): [\(unknown.joined(separator: ", "))]", state)
        }
        let challenge = call["code_challenge"]
        if client.isPublic, challenge == nil {
            return errorRedirect(redirect, "invalid_request", "Missing parameter, 'code_challenge'", state)
        }
        let method = call["code_challenge_method"] ?? "plain"
        if challenge != nil, method != "S256", method != "plain" {
            return errorRedirect(redirect, "invalid_request", "Unsupported code_challenge_method: \(method)", state)
        }
        guard let session = cookies.session(of: call.request, now: now), session.realm == call.realm else {
            return loginRedirect(call)
        }
        if client.consent {
            guard let decision = call["decision"] else { return consentPage(call, client: client, scope: scope) }
            guard decision == "allow" else {
                return errorRedirect(
                    redirect, "access_denied", "Resource Owner did not authorize the request", state)
            }
            guard call.request.method == .post, call["csrf"] == session.tokenId else {
                return OAuthReply.error(400, "bad_request", "Invalid CSRF token", errorFirst: true)
            }
        }
        let code = env.random.token(43)
        let context = grantContext(client: client, session: session, realm: call.realm, acrValues: call["acr_values"])
        tokens.addCode(
            code,
            OAuthCode(
                context: context, redirectURI: redirect, requestedRedirectURI: requestedRedirect, scope: scope,
                nonce: call["nonce"], challenge: challenge, challengeMethod: challenge == nil ? nil : method,
                expires: now.addingTimeInterval(Double(definition.lifetimes.code))))
        return OAuthReply.redirect(
            redirect, [("code", code), ("iss", call.issuer), ("state", state), ("client_id", client.clientId)],
            outcome: "302 code")
    }

    /// The scope asked for, in order without repeats; the client's default scopes when none.
    func requestedScope(_ text: String?, client: OAuthClient) -> [String] {
        var seen: Set<String> = []
        let names = (text ?? "").split(separator: " ").map(String.init).filter { seen.insert($0).inserted }
        return names.isEmpty ? client.defaultScopes : names
    }

    /// Who authorized a grant: the session's user, its sid, auth time and the journey for `acr`.
    func grantContext(client: OAuthClient, session: SimSession, realm: String, acrValues: String?) -> OAuthGrantContext
    {
        let asked = (acrValues ?? "").split(separator: " ").map(String.init).first { journeys.contains($0) }
        let sid = tokens.sid(forSession: session.tokenId) { env.random.token(43) }
        return OAuthGrantContext(
            grantId: env.random.token(24), clientId: client.clientId, realm: realm, username: session.username,
            session: session.tokenId, sid: sid, authTime: session.created, acr: asked ?? session.journey)
    }

    private func errorRedirect(_ redirect: String, _ error: String, _ description: String, _ state: String?)
        -> HTTPReply
    {
        OAuthReply.redirect(
            redirect, [("error", error), ("error_description", description), ("state", state)], outcome: "302 \(error)")
    }

    /// 302 to AM's login page, with the authorize request as `goto` (never to the redirect URI).
    private func loginRedirect(_ call: OAuthCall) -> HTTPReply {
        let request = call.request
        let authorizeURL: String
        if request.method == .get {
            authorizeURL = request.baseURL + request.rawTarget
        } else {
            let query = call.parameters.sorted { $0.key < $1.key }.map {
                "\(FormEncoding.encode($0.key))=\(FormEncoding.encode($0.value))"
            }
            authorizeURL = request.baseURL + request.path + "?" + query.joined(separator: "&")
        }
        var headers = HTTPFields()
        headers[.location] =
            request.baseURL + "/am/XUI/?realm=\(call.realm)&goto=" + FormEncoding.encode(authorizeURL)
        return HTTPReply(status: .found, headers: headers, body: [], logOutcome: "302 login required")
    }

    /// 200 `text/html`: a form that posts the request back with `decision` and the session's `csrf`.
    private func consentPage(_ call: OAuthCall, client: OAuthClient, scope: [String]) -> HTTPReply {
        var fields = ""
        for (name, value) in call.parameters.sorted(by: { $0.key < $1.key }) where name != "decision" && name != "csrf"
        {
            fields += "<input type=\"hidden\" name=\"\(HTMLText.escape(name))\" value=\"\(HTMLText.escape(value))\">\n"
        }
        let csrf = cookies.token(of: call.request) ?? ""
        let scopes = scope.map { "<li>\(HTMLText.escape($0))</li>" }.joined()
        let html = """
            <!DOCTYPE html>
            <html><head><title>Consent</title></head><body>
            <h1>\(HTMLText.escape(client.clientId)) asks for access</h1>
            <ul>\(scopes)</ul>
            <form method="post" action="\(HTMLText.escape(call.request.baseURL + call.request.path))">
            \(fields)<input type="hidden" name="csrf" value="\(HTMLText.escape(csrf))">
            <button type="submit" name="decision" value="allow">Allow</button>
            <button type="submit" name="decision" value="deny">Deny</button>
            </form>
            </body></html>
            """
        var headers = HTTPFields()
        headers[.contentType] = "text/html; charset=utf-8"
        headers[.cacheControl] = "no-store"
        return HTTPReply(status: .ok, headers: headers, body: Array(html.utf8), logOutcome: "200 consent page")
    }
}

/// Text put into HTML: `&`, `<`, `>` and `"` escaped.
enum HTMLText {
    static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}
