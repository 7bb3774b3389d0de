import Foundation
import JWTKit
import JourneyCore
import Testing

@testable import JourneySimulator

/// ID token claims as the tests verify them with JWTKit (the time claims are checked against the
/// simulator's manual clock by the tests, not against the wall clock here).
struct TestIDClaims: JWTPayload {
    var iss: String
    var sub: String
    var aud: String
    var exp: Int
    var iat: Int
    var nonce: String?

    func verify(using algorithm: some JWTAlgorithm) async throws {}
}

@Suite("OAuth 2.0 / OIDC: authorization code flow")
struct OAuthFlowTests {
    @Test("discovery names the realm's endpoints; an RS256 and an ES256 ID token verify against the served JWKS")
    func discoveryAndJWKS() async throws {
        try await Harness.run { h in
            let oauth = TestOAuth(h: h)
            let discovery = try await h.get("\(oauth.base)/.well-known/openid-configuration")
            #expect(discovery.status == 200)
            let config = discovery.json
            #expect(config["issuer"]?.stringValue == oauth.issuer)
            #expect(config["authorization_endpoint"]?.stringValue == oauth.issuer + "/authorize")
            #expect(config["token_endpoint"]?.stringValue == oauth.issuer + "/access_token")
            #expect(config["revocation_endpoint"]?.stringValue == oauth.issuer + "/token/revoke")
            #expect(config["end_session_endpoint"]?.stringValue == oauth.issuer + "/connect/endSession")
            #expect(config["jwks_uri"]?.stringValue == oauth.issuer + "/connect/jwk_uri")
            #expect(config["response_types_supported"] == ["code"])
            #expect(config["code_challenge_methods_supported"] == ["S256", "plain"])
            #expect(
                config["token_endpoint_auth_methods_supported"]
                    == ["client_secret_basic", "client_secret_post", "private_key_jwt", "none"])
            let root = try await h.get("/am/oauth2/realms/root/.well-known/openid-configuration")
            #expect(root.json["issuer"]?.stringValue == h.root + "/am/oauth2/realms/root")
            let byQuery = try await h.get("/am/oauth2/.well-known/openid-configuration?realm=alpha")
            #expect(byQuery.json["issuer"]?.stringValue == oauth.issuer)

            let jwks = try await h.get("\(oauth.base)/connect/jwk_uri")
            let keys = jwks.json["keys"]?.arrayValue ?? []
            #expect(keys.map { $0["kid"]?.stringValue ?? "" } == ["sim-rs256", "sim-es256"])
            #expect(keys.first?["kty"] == "RSA")
            #expect(keys.last?["crv"] == "P-256")
            let collection = JWTKeyCollection()
            try await collection.add(jwksJSON: jwks.text)

            for (client, alg, kid) in [("sdkPublicClient", "RS256", "sim-rs256"), ("jwtClient", "ES256", "sim-es256")] {
                let auth =
                    client == "jwtClient"
                    ? [
                        ("client_assertion_type", "urn:ietf:params:oauth:client-assertion-type:jwt-bearer"),
                        ("client_assertion", try TestOAuth.assertion(audience: oauth.issuer, now: h.clock.now())),
                    ] : []
                let (tokens, _) = try await oauth.codeFlow(client: client, clientAuth: auth)
                let idToken = try #require(tokens["id_token"]?.stringValue)
                #expect(TestOAuth.header(idToken) == ["typ": "JWT", "kid": .string(kid), "alg": .string(alg)])
                let verified = try await collection.verify(idToken, as: TestIDClaims.self)
                #expect(verified.aud == client)
                #expect(verified.iss == oauth.issuer)
            }
        }
    }

    @Test("code + PKCE with the session of a real login: code, tokens, ID token claims, userinfo")
    func happyPath() async throws {
        try await Harness.run { h in
            let oauth = TestOAuth(h: h)
            let session = try await h.login()
            let authorized = try await oauth.authorize(session: session, extra: [("acr_values", "Login")])
            #expect(authorized.status == 302)
            let location = try #require(authorized.header("Location"))
            #expect(location.hasPrefix(TestOAuth.sdkRedirect + "?code="))
            let query = TestOAuth.redirectQuery(authorized)
            #expect(query["iss"] == oauth.issuer)
            #expect(query["state"] == "st-1")
            #expect(query["client_id"] == "sdkPublicClient")
            #expect(location.contains("&iss=" + FormEncoding.encode(oauth.issuer) + "&"))
            let code = try #require(query["code"])
            #expect(code.count >= 43)

            let reply = try await oauth.token([
                ("grant_type", "authorization_code"), ("code", code), ("redirect_uri", TestOAuth.sdkRedirect),
                ("client_id", "sdkPublicClient"), ("code_verifier", TestOAuth.verifier),
            ])
            #expect(reply.status == 200)
            #expect(reply.header("Cache-Control") == "no-store")
            let tokens = reply.json
            #expect(tokens["token_type"] == "Bearer")
            #expect(tokens["scope"] == "openid profile email")
            #expect(tokens["expires_in"] == 3599)
            let access = try #require(tokens["access_token"]?.stringValue)
            #expect(access.count >= 43)
            #expect(tokens["refresh_token"]?.stringValue != nil)
            let claims = TestOAuth.claims(try #require(tokens["id_token"]?.stringValue))
            let now = Int(h.clock.now().timeIntervalSince1970)
            #expect(claims["sub"] == "demo")
            #expect(claims["subname"] == "demo")
            #expect(claims["aud"] == "sdkPublicClient")
            #expect(claims["azp"] == "sdkPublicClient")
            #expect(claims["iss"]?.stringValue == oauth.issuer)
            #expect(claims["iat"] == .int(now))
            #expect(claims["exp"] == .int(now + 3600))
            #expect(claims["auth_time"] == .int(now))
            #expect(claims["nonce"] == "n-1")
            #expect(claims["acr"] == "Login")
            #expect(claims["realm"] == "/alpha")
            #expect(claims["tokenType"] == "JWTToken")
            #expect(claims["sid"]?.stringValue?.isEmpty == false)
            #expect(claims["at_hash"]?.stringValue == IDTokenMinter.atHash(access))
            #expect(claims["name"] == "Demo User")
            #expect(claims["given_name"] == "Demo")
            #expect(claims["family_name"] == "User")
            #expect(claims["email"] == "demo@example.com")
            #expect(claims["phone_number"] == nil)

            let userinfo = try await h.get("\(oauth.base)/userinfo", headers: [("Authorization", "Bearer \(access)")])
            #expect(userinfo.status == 200)
            #expect(
                userinfo.json == [
                    "sub": "demo", "subname": "demo", "name": "Demo User", "given_name": "Demo", "family_name": "User",
                    "email": "demo@example.com",
                ])
        }
    }

    @Test("PKCE: a wrong or missing verifier is invalid_grant; a public client without a challenge is refused")
    func pkce() async throws {
        try await Harness.run { h in
            let oauth = TestOAuth(h: h)
            let session = try await h.login()
            for verifier in ["wrong-verifier-wrong-verifier-wrong-verifier", nil] {
                let authorized = try await oauth.authorize(session: session)
                let code = try #require(TestOAuth.redirectQuery(authorized)["code"])
                var form = [
                    ("grant_type", "authorization_code"), ("code", code), ("redirect_uri", TestOAuth.sdkRedirect),
                    ("client_id", "sdkPublicClient"),
                ]
                if let verifier { form.append(("code_verifier", verifier)) }
                let reply = try await oauth.token(form)
                #expect(reply.status == 400)
                #expect(
                    reply.json == [
                        "error_description": "The provided code verifier does not match the code challenge",
                        "error": "invalid_grant",
                    ])
            }
            let noChallenge = try await oauth.authorize(challenge: nil, session: session)
            #expect(noChallenge.status == 302)
            #expect(
                noChallenge.header("Location")
                    == TestOAuth.sdkRedirect
                    + "?error=invalid_request&error_description=Missing+parameter%2C+%27code_challenge%27&state=st-1")
        }
    }

    @Test("a code is single use: the second exchange is invalid_grant and revokes the first one's tokens")
    func codeReuse() async throws {
        try await Harness.run { h in
            let oauth = TestOAuth(h: h)
            let session = try await h.login()
            let authorized = try await oauth.authorize(session: session)
            let code = try #require(TestOAuth.redirectQuery(authorized)["code"])
            let form = [
                ("grant_type", "authorization_code"), ("code", code), ("redirect_uri", TestOAuth.sdkRedirect),
                ("client_id", "sdkPublicClient"), ("code_verifier", TestOAuth.verifier),
            ]
            let first = try await oauth.token(form)
            let access = try #require(first.json["access_token"]?.stringValue)
            let second = try await oauth.token(form)
            #expect(second.status == 400)
            #expect(
                second.json == [
                    "error_description": "The provided access grant is invalid, expired, or revoked.",
                    "error": "invalid_grant",
                ])
            let introspected = try await oauth.post(
                "introspect", [("token", access)], basic: ("serviceClient", "s3rv1ce-Secr3t"))
            #expect(introspected.json == ["active": false])
        }
    }

    @Test("redirect_uri: unregistered at authorize is a 400 (no redirect); different at the exchange is invalid_grant")
    func redirectMismatch() async throws {
        try await Harness.run { h in
            let oauth = TestOAuth(h: h)
            let session = try await h.login()
            let reply = try await oauth.authorize(redirect: "https://evil.example.com/cb", session: session)
            #expect(reply.status == 400)
            #expect(reply.header("Location") == nil)
            #expect(
                reply.json == [
                    "error": "redirect_uri_mismatch",
                    "error_description": "The redirection URI provided does not match a pre-registered value.",
                ])
            #expect(reply.text.hasPrefix(#"{"error":"redirect_uri_mismatch""#))
            let unknown = try await oauth.authorize(client: "nobody", session: session)
            #expect(unknown.status == 400)
            #expect(unknown.json == ["error": "invalid_client", "error_description": "Client authentication failed"])

            let authorized = try await oauth.authorize(session: session)
            let code = try #require(TestOAuth.redirectQuery(authorized)["code"])
            let exchanged = try await oauth.token([
                ("grant_type", "authorization_code"), ("code", code), ("redirect_uri", TestOAuth.webRedirect),
                ("client_id", "sdkPublicClient"), ("code_verifier", TestOAuth.verifier),
            ])
            #expect(exchanged.status == 400)
            #expect(exchanged.json["error"] == "invalid_grant")
        }
    }

    @Test("an unknown scope and an unsupported response type redirect with the error")
    func redirectedErrors() async throws {
        try await Harness.run { h in
            let oauth = TestOAuth(h: h)
            let session = try await h.login()
            let scope = try await oauth.authorize(scope: "openid admin", session: session)
            #expect(scope.status == 302)
            #expect(
                scope.header("Location")
                    == TestOAuth.sdkRedirect
                    + "?error=invalid_scope&error_description=Unknown%2Finvalid+scope%28s%29%3A+%5Badmin%5D&state=st-1")
            let type = try await oauth.authorize(session: session, extra: [("response_type", "token")])
            #expect(
                type.header("Location")
                    == TestOAuth.sdkRedirect
                    + "?error=unsupported_response_type&error_description=Response+type+is+not+supported:+token&state=st-1"
            )
        }
    }

    @Test("no session: a 302 to the login page with the authorize URL as goto, never to redirect_uri")
    func loginRequired() async throws {
        try await Harness.run { h in
            let oauth = TestOAuth(h: h)
            let reply = try await oauth.authorize(session: nil)
            #expect(reply.status == 302)
            let location = try #require(reply.header("Location"))
            #expect(location.hasPrefix(h.root + "/am/XUI/?realm=/alpha&goto="))
            let goto = try #require(TestOAuth.redirectQuery(reply)["goto"])
            #expect(goto.hasPrefix(oauth.issuer + "/authorize?"))
            #expect(goto.contains("client_id=sdkPublicClient"))
            let stale = try await oauth.authorize(session: "not-a-session")
            #expect(stale.header("Location")?.hasPrefix(h.root + "/am/XUI/") == true)
        }
    }

    @Test("consent: the page, deny, allow with a bad csrf, allow with the session's csrf")
    func consent() async throws {
        try await Harness.run { h in
            let oauth = TestOAuth(h: h)
            let session = try await h.login()
            let page = try await oauth.authorize(
                client: "consentClient", redirect: TestOAuth.webRedirect, session: session)
            #expect(page.status == 200)
            #expect(page.header("Content-Type")?.hasPrefix("text/html") == true)
            #expect(page.text.contains(#"<form method="post" action="\#(oauth.issuer)/authorize">"#))
            #expect(page.text.contains(#"<input type="hidden" name="csrf" value="\#(session)">"#))
            #expect(page.text.contains(#"name="decision" value="allow""#))
            #expect(page.text.contains(#"name="decision" value="deny""#))

            let base: [(String, String)] = [
                ("response_type", "code"), ("client_id", "consentClient"), ("redirect_uri", TestOAuth.webRedirect),
                ("scope", "openid profile"), ("state", "st-2"),
                ("code_challenge", TestOAuth.challenge(TestOAuth.verifier)), ("code_challenge_method", "S256"),
            ]
            func decide(_ extra: [(String, String)]) async throws -> Reply {
                try await h.request(
                    .POST, "\(oauth.base)/authorize", body: TestOAuth.form(base + extra),
                    headers: TestOAuth.cookie(session) + [("Content-Type", "application/x-www-form-urlencoded")])
            }
            let denied = try await decide([("decision", "deny"), ("csrf", session)])
            #expect(
                denied.header("Location")
                    == TestOAuth.webRedirect
                    + "?error=access_denied&error_description=Resource+Owner+did+not+authorize+the+request&state=st-2")
            let forged = try await decide([("decision", "allow"), ("csrf", "forged")])
            #expect(forged.status == 400)
            #expect(forged.json == ["error": "bad_request", "error_description": "Invalid CSRF token"])
            let missing = try await decide([("decision", "allow")])
            #expect(missing.status == 400)
            let allowed = try await decide([("decision", "allow"), ("csrf", session)])
            #expect(allowed.status == 302)
            #expect(TestOAuth.redirectQuery(allowed)["code"] != nil)
            #expect(TestOAuth.redirectQuery(allowed)["state"] == "st-2")
        }
    }

    @Test("codes and tokens expire on the simulator clock")
    func expiry() async throws {
        try await Harness.run { h in
            let oauth = TestOAuth(h: h)
            let session = try await h.login()
            let authorized = try await oauth.authorize(session: session)
            let code = try #require(TestOAuth.redirectQuery(authorized)["code"])
            h.clock.advance(by: 121)
            let late = try await oauth.token([
                ("grant_type", "authorization_code"), ("code", code), ("redirect_uri", TestOAuth.sdkRedirect),
                ("client_id", "sdkPublicClient"), ("code_verifier", TestOAuth.verifier),
            ])
            #expect(late.json["error"] == "invalid_grant")

            let (tokens, _) = try await oauth.codeFlow(session: session)
            let access = try #require(tokens["access_token"]?.stringValue)
            let bearer = [("Authorization", "Bearer \(access)")]
            h.clock.advance(by: 3599)
            #expect(try await h.get("\(oauth.base)/userinfo", headers: bearer).status == 200)
            h.clock.advance(by: 1)
            let expired = try await h.get("\(oauth.base)/userinfo", headers: bearer)
            #expect(expired.status == 401)
            #expect(expired.header("WWW-Authenticate")?.contains(#"error="invalid_token""#) == true)
            let introspected = try await oauth.post(
                "introspect", [("token", access)], basic: ("serviceClient", "s3rv1ce-Secr3t"))
            #expect(introspected.json == ["active": false])
        }
    }
}
