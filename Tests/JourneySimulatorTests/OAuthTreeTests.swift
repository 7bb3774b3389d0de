import Foundation
import JWTKit
import JourneyCore
import JourneyTestSupport
import Testing

@testable import JourneySimulator

@Suite("OAuth 2.0 / OIDC: the oauth: tree section and ID token faults")
struct OAuthTreeTests {
    static let keys = Repository.path("journeys/trees/keys")

    /// LoginTree plus an `oauth:` section whose clients are `clients` (YAML lines, indented by 4).
    static func tree(clients: [String], keys extraKeys: [String] = []) -> String {
        var lines = [
            LoginTree.yaml(), "oauth:", "  keys:",
            "    - { kid: rs, alg: RS256, file: \(keys)/oauth-rs256.pem }",
            "    - { kid: es, alg: ES256, file: \(keys)/oauth-es256.pem }",
        ]
        lines += extraKeys
        lines += ["  scopes: [openid, profile]", "  clients:"]
        lines += clients
        return lines.joined(separator: "\n") + "\n"
    }

    @Test("every idTokenFault spoils the ID token in its own way", arguments: IDTokenFault.allCases)
    func fault(_ fault: IDTokenFault) async throws {
        let yaml = Self.tree(clients: [
            "    - { clientId: faulty, redirectUris: [\"\(TestOAuth.sdkRedirect)\"], idTokenFaults: [\(fault.rawValue)] }"
        ])
        try await Harness.run(yaml) { h in
            let oauth = TestOAuth(h: h)
            let (tokens, _) = try await oauth.codeFlow(client: "faulty", scope: "openid profile")
            let idToken = try #require(tokens["id_token"]?.stringValue)
            let access = try #require(tokens["access_token"]?.stringValue)
            let claims = TestOAuth.claims(idToken)
            let now = Int(h.clock.now().timeIntervalSince1970)
            let collection = JWTKeyCollection()
            try await collection.add(jwksJSON: try await h.get("\(oauth.base)/connect/jwk_uri").text)
            let verifies = (try? await collection.verify(idToken, as: TestIDClaims.self)) != nil
            // JWTKit falls back to its default key for an unknown kid; the kid check is below.
            if fault != .unknownKid { #expect(verifies == (fault != .badSignature)) }
            #expect((claims["aud"] == "faulty") == (fault != .wrongAudience))
            #expect((claims["iss"]?.stringValue == oauth.issuer) == (fault != .wrongIssuer))
            #expect(((claims["exp"]?.intValue ?? 0) > now) == (fault != .expired))
            #expect((claims["nonce"] == "n-1") == (fault != .wrongNonce))
            #expect((claims["at_hash"]?.stringValue == IDTokenMinter.atHash(access)) == (fault != .badAtHash))
            #expect((TestOAuth.header(idToken)["kid"] == "rs") == (fault != .unknownKid))
        }
    }

    @Test("the example tree's fault clients each spoil one thing")
    func exampleFaultClients() async throws {
        try await Harness.run { h in
            let oauth = TestOAuth(h: h)
            let collection = JWTKeyCollection()
            try await collection.add(jwksJSON: try await h.get("\(oauth.base)/connect/jwk_uri").text)
            let session = try await h.login()
            let (broken, _) = try await oauth.codeFlow(client: "brokenSignatureClient", session: session)
            let spoiled = try #require(broken["id_token"]?.stringValue)
            #expect((try? await collection.verify(spoiled, as: TestIDClaims.self)) == nil)
            let (audience, _) = try await oauth.codeFlow(client: "wrongAudienceClient", session: session)
            #expect(TestOAuth.claims(audience["id_token"]?.stringValue ?? "")["aud"] != "wrongAudienceClient")
            let (expired, _) = try await oauth.codeFlow(client: "expiredClient", session: session)
            let exp = TestOAuth.claims(expired["id_token"]?.stringValue ?? "")["exp"]?.intValue ?? .max
            #expect(exp < Int(h.clock.now().timeIntervalSince1970))
        }
    }

    static func lint(_ yaml: String) -> [String] {
        SimulatorLoader.lint(text: yaml, file: "/tmp/oauth-lint.yaml").map(\.description)
    }

    @Test("lint: unknown keys and grants with did-you-mean, at file:line:col")
    func lintUnknown() {
        let problems = Self.lint(
            Self.tree(clients: [
                "    - clientId: a", "      redirectUri: [x]", "      grants: [authorisationCode]",
            ]))
        #expect(
            problems.contains {
                $0.contains("unknown key 'redirectUri' in an oauth client") && $0.contains("redirectUris")
            })
        #expect(problems.contains { $0.contains("a grant must be one of") && $0.contains("authorizationCode") })
        #expect(problems.contains { $0.hasPrefix("/tmp/oauth-lint.yaml:") })
    }

    @Test("lint: key files missing or of the wrong algorithm, unknown idTokenKey, duplicate clients, secret with jwks")
    func lintKeysAndClients() {
        let problems = Self.lint(
            Self.tree(
                clients: [
                    "    - { clientId: a, redirectUris: [x], idTokenKey: rss }",
                    "    - { clientId: a, redirectUris: [x] }",
                    "    - { clientId: b, secret: s, jwks: \(Self.keys)/jwt-client-public.pem, grants: [clientCredentials] }",
                    "    - { clientId: c, jwks: \(Self.keys)/missing.pem, grants: [clientCredentials] }",
                ],
                keys: [
                    "    - { kid: wrong, alg: RS256, file: \(Self.keys)/oauth-es256.pem }",
                    "    - { kid: gone, alg: ES256, file: nowhere.pem }",
                ]))
        #expect(
            problems.contains { $0.contains("'\(Self.keys)/oauth-es256.pem' is not a PEM RSA private key (RS256)") })
        #expect(problems.contains { $0.contains("key file 'nowhere.pem'") && $0.contains("no such file") })
        #expect(problems.contains { $0.contains("idTokenKey names no key 'rss'") && $0.contains("rs") })
        #expect(problems.contains { $0.contains("client 'a' is declared twice") })
        #expect(problems.contains { $0.contains("client 'b' has both a secret and jwks") })
        #expect(problems.contains { $0.contains("missing.pem") })
    }

    @Test("the example tree's oauth section loads: keys, clients and the token-protected resources")
    func exampleTree() throws {
        let tree = try Harness.tree()
        let oauth = try #require(tree.oauth)
        #expect(oauth.keys.map(\.kid) == ["sim-rs256", "sim-es256"])
        #expect(oauth.client("sdkPublicClient")?.isPublic == true)
        #expect(oauth.client("jwtClient")?.publicKey != nil)
        #expect(oauth.client("serviceClient")?.grants == [.clientCredentials])
        let accounts = try #require(tree.resources.first { $0.path == "/api/accounts" })
        #expect(accounts.auth == .bearer)
        #expect(accounts.scope == "accounts")
        #expect(accounts.advice == .none)
    }

    @Test("the parser's oauth and resource keys are the schema's")
    func schemaAgrees() throws {
        let schema = try JSONValue.parse(
            Data(contentsOf: Repository.root.appendingPathComponent("schemas/simulator.schema.json")))
        let oauth = schema["properties"]?["oauth"]
        func keys(_ value: JSONValue?) -> Set<String> { Set(value?["properties"]?.objectValue?.keys ?? [:].keys) }
        #expect(keys(oauth) == Set(TreeParser.oauthKeys))
        #expect(keys(oauth?["properties"]?["keys"]?["items"]) == Set(TreeParser.oauthKeyKeys))
        #expect(keys(oauth?["properties"]?["lifetimes"]) == Set(TreeParser.oauthLifetimeKeys))
        #expect(keys(oauth?["properties"]?["clients"]?["items"]) == Set(TreeParser.oauthClientKeys))
        #expect(keys(schema["properties"]?["resources"]?["items"]) == Set(TreeParser.resourceKeys))
        #expect(keys(schema) == Set(TreeParser.topLevelKeys))
        let grants = oauth?["properties"]?["clients"]?["items"]?["properties"]?["grants"]?["items"]?["enum"]
        #expect(grants == .array(OAuthGrant.allCases.map { .string($0.rawValue) }))
        let faults = oauth?["properties"]?["clients"]?["items"]?["properties"]?["idTokenFaults"]?["items"]?["enum"]
        #expect(faults == .array(IDTokenFault.allCases.map { .string($0.rawValue) }))
    }
}
