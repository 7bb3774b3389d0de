import JourneyCore
import JourneyTestSupport
import Testing

@testable import JourneyRun

/// `oauth:`, `expect.tokens`, `request.auth`, the token keys of `cleanup:` and failure's OAuth keys.
@Suite struct OAuthLoaderTests {
    static let login = """
        version: 1
        name: Tokens
        journey: Login
        handlers: { NameCallback: demo }

        """

    @Test func aFullOAuthBlockLoads() throws {
        let script = try #require(
            LoaderTestSupport.load(
                Self.login + """
                    oauth:
                      clientId: sdkPublicClient
                      redirectUri: org.forgerock.demo:/oauth2redirect
                      scope: openid profile
                      clientSecret: { env: CLIENT_SECRET }
                      clientAuth: post
                      pkce: false
                      acrValues: Login
                      authorize: { prompt: login }
                      consent: allow
                      refresh: true
                      discovery: false
                      userinfo: true
                    request: { url: /api/accounts, auth: bearer }
                    cleanup: { revoke: true, endSession: true }
                    expect:
                      outcome: { authorized: { status: 200 } }
                      tokens:
                        scope: /openid/
                        claims: { sub: "{{ claims.sub }}", acr: /Login/, amr: [pwd] }
                        expiresIn: { min: 60, max: 3600 }
                        refreshToken: true
                        idToken: false
                        userinfo: { email: demo@example.com }
                    """))
        let oauth = try #require(script.oauth)
        #expect(oauth.scope == ["openid", "profile"])
        #expect(oauth.clientAuth == .post && !oauth.pkce && oauth.consent == .allow && oauth.refresh)
        #expect(!oauth.discovery && oauth.userinfo && oauth.authorize.map(\.name) == ["prompt"])
        #expect(script.request?.auth == .bearer)
        #expect(script.cleanup?.revoke == true && script.cleanup?.endSession == true && script.cleanup?.logout == false)
        let tokens = try #require(script.expect.tokens)
        #expect(tokens.claims.map(\.name) == ["sub", "acr", "amr"])
        #expect(tokens.expiresInMin == 60 && tokens.expiresInMax == 3600 && tokens.idToken == false)
        #expect(tokens.userinfo?.map(\.name) == ["email"])
    }

    @Test func clientCredentialsNeedNoJourneyButAConfidentialClient() {
        let script = LoaderTestSupport.load(
            """
            version: 1
            name: Service
            oauth: { grant: clientCredentials, clientId: svc, clientSecret: { value: s, secret: true } }
            """)
        #expect(script?.pingAM?.start == nil)
        let problems = LoaderTestSupport.problems(
            """
            version: 1
            name: Service
            oauth: { grant: clientCredentials, clientId: svc, redirectUri: x }
            """)
        #expect(problems.contains { $0.contains("oauth.redirectUri has no effect with grant: clientCredentials") })
        #expect(problems.contains { $0.contains("grant: clientCredentials is for a confidential client") })
    }

    @Test func mistakesArePlacedAndNamed() {
        let problems = LoaderTestSupport.problems(
            Self.login + """
                oauth:
                  clientId: app
                  grant: implicit
                  clientAuth: basic
                  authorize: { state: fixed }
                  privateKeyJwt: { key: k.pem, kdi: x }
                expect:
                  outcome: { failure: { eror: invalid_grant } }
                """)
        #expect(problems.contains { $0.contains("oauth needs a redirectUri") })
        #expect(problems.contains { $0.contains("oauth.grant must be one of") || $0.contains("grant") })
        #expect(problems.contains { $0.contains("oauth.clientAuth basic sends a client secret") })
        #expect(problems.contains { $0.contains("oauth.authorize.state is set by the runner") })
        #expect(problems.contains { $0.contains("'kdi'") && $0.contains("kid") })
        #expect(problems.contains { $0.contains("'eror'") && $0.contains("error") })
    }

    @Test func tokenKeysWithoutAnOAuthBlockAreErrors() {
        let problems = LoaderTestSupport.problems(
            Self.login + """
                request: { url: /api/accounts, auth: idtoken }
                cleanup: { endSession: true }
                expect: { outcome: authorized, tokens: { idToken: true } }
                """)
        #expect(problems.contains { $0.contains("expect.tokens checks the tokens of an oauth: phase") })
        #expect(problems.contains { $0.contains("request.auth idtoken sends a token of the oauth: phase") })
        #expect(problems.contains { $0.contains("cleanup.endSession acts on the tokens of an oauth: phase") })
        #expect(LoaderTestSupport.problems(Self.login + "cleanup: logout\n").isEmpty)
    }

    @Test func theTokenVariablesAreKnownWithAnOAuthBlock() {
        let problems = LoaderTestSupport.problems(
            Self.login + """
                oauth: { clientId: app, redirectUri: "app:/cb" }
                request:
                  url: /api/accounts
                  headers: { Authorization: "Bearer {{ access_token }}", X-Sub: "{{ claims.sub }}" }
                """)
        #expect(problems.isEmpty, "\(problems)")
        let without = LoaderTestSupport.problems(
            Self.login + "request: { url: /x, headers: { Authorization: \"Bearer {{ access_token }}\" } }\n")
        #expect(without.contains { $0.contains("undefined variable 'access_token'") })
    }
}
