import Foundation
import JourneyCore
import Testing

@testable import JourneySimulator

@Suite("OAuth 2.0 / OIDC: grants, client authentication, revocation, end session")
struct OAuthGrantTests {
    static let service = ("serviceClient", "s3rv1ce-Secr3t")

    @Test("refresh rotates: a new refresh token each time, the old one is then invalid_grant")
    func refreshRotation() async throws {
        try await Harness.run { h in
            let oauth = TestOAuth(h: h)
            let (tokens, _) = try await oauth.codeFlow()
            let first = try #require(tokens["refresh_token"]?.stringValue)
            let refreshed = try await oauth.token([
                ("grant_type", "refresh_token"), ("refresh_token", first), ("client_id", "sdkPublicClient"),
            ])
            #expect(refreshed.status == 200)
            let second = try #require(refreshed.json["refresh_token"]?.stringValue)
            #expect(second != first)
            #expect(refreshed.json["scope"] == "openid profile email")
            #expect(refreshed.json["id_token"]?.stringValue != nil)
            let reused = try await oauth.token([
                ("grant_type", "refresh_token"), ("refresh_token", first), ("client_id", "sdkPublicClient"),
            ])
            #expect(reused.status == 400)
            #expect(
                reused.json == [
                    "error_description": "The provided access grant is invalid, expired, or revoked.",
                    "error": "invalid_grant",
                ])
            let narrowed = try await oauth.token([
                ("grant_type", "refresh_token"), ("refresh_token", second), ("client_id", "sdkPublicClient"),
                ("scope", "openid"),
            ])
            #expect(narrowed.json["scope"] == "openid")
            let third = try #require(narrowed.json["refresh_token"]?.stringValue)
            let widened = try await oauth.token([
                ("grant_type", "refresh_token"), ("refresh_token", third), ("client_id", "sdkPublicClient"),
                ("scope", "openid accounts"),
            ])
            #expect(
                widened.json == [
                    "error_description": "Unknown/invalid scope(s): [accounts]", "error": "invalid_scope",
                ])
        }
    }

    @Test("revoke: an access token is then inactive and refused by userinfo; a refresh token takes its grant along")
    func revoke() async throws {
        try await Harness.run { h in
            let oauth = TestOAuth(h: h)
            let (tokens, session) = try await oauth.codeFlow()
            let access = try #require(tokens["access_token"]?.stringValue)
            let active = try await oauth.post("introspect", [("token", access)], basic: Self.service)
            #expect(active.json["active"] == true)
            #expect(active.json["client_id"] == "sdkPublicClient")
            #expect(active.json["sub"] == "demo")
            #expect(active.json["username"] == "demo")
            #expect(active.json["token_type"] == "Bearer")
            #expect(active.json["scope"] == "openid profile email")
            #expect(active.json["iss"]?.stringValue == oauth.issuer)

            let revoked = try await oauth.post("token/revoke", [("token", access), ("client_id", "sdkPublicClient")])
            #expect(revoked.status == 200)
            #expect(revoked.json == [:])
            let inactive = try await oauth.post("introspect", [("token", access)], basic: Self.service)
            #expect(inactive.json == ["active": false])
            let userinfo = try await h.get("\(oauth.base)/userinfo", headers: [("Authorization", "Bearer \(access)")])
            #expect(userinfo.status == 401)
            let unknown = try await oauth.post("token/revoke", [("token", "nope")], basic: Self.service)
            #expect(unknown.status == 200)
            #expect(unknown.json == [:])

            let (second, _) = try await oauth.codeFlow(session: session)
            let refresh = try #require(second["refresh_token"]?.stringValue)
            let grantAccess = try #require(second["access_token"]?.stringValue)
            let refreshActive = try await oauth.post("introspect", [("token", refresh)], basic: Self.service)
            #expect(refreshActive.json["token_type"] == "refresh_token")
            _ = try await oauth.post("token/revoke", [("token", refresh), ("client_id", "sdkPublicClient")])
            let gone = try await oauth.post("introspect", [("token", grantAccess)], basic: Self.service)
            #expect(gone.json == ["active": false])
            let badClient = try await oauth.post("introspect", [("token", refresh)], basic: ("serviceClient", "wrong"))
            #expect(badClient.status == 401)
        }
    }

    @Test("endSession ends the AM session of the ID token: 204, or 302 to a registered post-logout URI")
    func endSession() async throws {
        try await Harness.run { h in
            let oauth = TestOAuth(h: h)
            let (tokens, session) = try await oauth.codeFlow()
            let idToken = try #require(tokens["id_token"]?.stringValue)
            let access = try #require(tokens["access_token"]?.stringValue)
            let bad = try await h.get("\(oauth.base)/connect/endSession?id_token_hint=garbage")
            #expect(bad.status == 400)
            #expect(bad.json == ["error": "bad_request", "error_description": "Invalid id_token_hint"])
            let ended = try await h.get("\(oauth.base)/connect/endSession?id_token_hint=\(idToken)")
            #expect(ended.status == 204)
            let validate = try await h.post(
                "/am/json/realms/root/realms/alpha/sessions?_action=validate", headers: TestOAuth.cookie(session))
            #expect(validate.json["valid"] == false)
            // Only the session: the tokens live on.
            let userinfo = try await h.get("\(oauth.base)/userinfo", headers: [("Authorization", "Bearer \(access)")])
            #expect(userinfo.status == 200)
            let authorize = try await oauth.authorize(session: session)
            #expect(authorize.header("Location")?.hasPrefix(h.root + "/am/XUI/") == true)

            let (again, _) = try await oauth.codeFlow()
            let hint = try #require(again["id_token"]?.stringValue)
            let logout = "https://app.example.com/logout"
            let redirected = try await h.get(
                "\(oauth.base)/connect/endSession?id_token_hint=\(hint)&post_logout_redirect_uri=\(FormText.encode(logout))"
            )
            #expect(redirected.status == 302)
            #expect(redirected.header("Location") == logout)
        }
    }

    @Test("client_credentials with client_secret_basic and client_secret_post; no refresh or ID token")
    func clientCredentials() async throws {
        try await Harness.run { h in
            let oauth = TestOAuth(h: h)
            let basic = try await oauth.token([("grant_type", "client_credentials")], basic: Self.service)
            #expect(basic.status == 200)
            #expect(basic.json["scope"] == "accounts")
            #expect(basic.json["refresh_token"] == nil)
            #expect(basic.json["id_token"] == nil)
            let post = try await oauth.token([
                ("grant_type", "client_credentials"), ("client_id", "serviceClient"),
                ("client_secret", "s3rv1ce-Secr3t"), ("scope", "accounts"),
            ])
            #expect(post.status == 200)
            let access = try #require(post.json["access_token"]?.stringValue)
            let introspected = try await oauth.post("introspect", [("token", access)], basic: Self.service)
            #expect(introspected.json["sub"] == "serviceClient")
            let wrong = try await oauth.token([("grant_type", "client_credentials")], basic: ("serviceClient", "nope"))
            #expect(wrong.status == 401)
            #expect(wrong.json == ["error_description": "Client authentication failed", "error": "invalid_client"])
            let badScope = try await oauth.token(
                [("grant_type", "client_credentials"), ("scope", "openid")], basic: Self.service)
            #expect(
                badScope.json == ["error_description": "Unknown/invalid scope(s): [openid]", "error": "invalid_scope"])
            let publicClient = try await oauth.token([
                ("grant_type", "client_credentials"), ("client_id", "sdkPublicClient"),
            ])
            #expect(publicClient.status == 400)
            #expect(
                publicClient.json == [
                    "error": "unauthorized_client",
                    "error_description": "Client is not authorized to use grant type client_credentials",
                ])
        }
    }

    @Test("an unsupported grant type")
    func unsupportedGrant() async throws {
        try await Harness.run { h in
            let reply = try await TestOAuth(h: h).token([("grant_type", "password"), ("client_id", "sdkPublicClient")])
            #expect(reply.status == 400)
            #expect(
                reply.json == [
                    "error_description": "Grant type is not supported: password", "error": "unsupported_grant_type",
                ])
        }
    }

    @Test("private_key_jwt: an ES256 assertion for the token endpoint; a wrong audience or a far exp is refused")
    func privateKeyJWT() async throws {
        try await Harness.run { h in
            let oauth = TestOAuth(h: h)
            let now = h.clock.now()
            func exchange(_ assertion: String) async throws -> Reply {
                try await oauth.token([
                    ("grant_type", "client_credentials"), ("scope", "accounts"),
                    ("client_assertion_type", "urn:ietf:params:oauth:client-assertion-type:jwt-bearer"),
                    ("client_assertion", assertion),
                ])
            }
            let good = try await exchange(TestOAuth.assertion(audience: oauth.issuer + "/access_token", now: now))
            #expect(good.status == 200, "\(good.text)")
            #expect(good.json["scope"] == "accounts")
            let issuerAudience = try await exchange(TestOAuth.assertion(audience: oauth.issuer, now: now))
            #expect(issuerAudience.status == 200)
            let wrongAudience = try await exchange(TestOAuth.assertion(audience: "https://other.example.com", now: now))
            #expect(wrongAudience.status == 401)
            #expect(wrongAudience.json["error"] == "invalid_client")
            let farFuture = try await exchange(
                TestOAuth.assertion(audience: oauth.issuer + "/access_token", expiresIn: 3600, now: now))
            #expect(farFuture.status == 401)
            let expired = try await exchange(
                TestOAuth.assertion(audience: oauth.issuer + "/access_token", expiresIn: -1, now: now))
            #expect(expired.status == 401)
            var tampered = try TestOAuth.assertion(audience: oauth.issuer + "/access_token", now: now)
            tampered.removeLast(2)
            tampered += tampered.hasSuffix("AA") ? "BB" : "AA"
            #expect(try await exchange(tampered).status == 401)
        }
    }
}
