import Foundation
import JourneyCore
import JourneySimulator
import Testing

@Suite("MobileFirst confidential clients, introspection, logout, heartbeat, several checks per scope")
struct MobileFirstConfidentialTests {
    static let tree =
        MobileFirstTests.tree.replacingOccurrences(
            of: "scopes: { accounts: [SimpleCaptcha] }",
            with: "scopes: { accounts: [SimpleCaptcha], transfers: [PinCodeAttempts, SimpleCaptcha] }")
            + """

              confidentialClients:
                service: { secret: s3rvice, scope: [accounts] }
                introspector: { secret: 1ntrospector, scope: "authorization.introspect" }
                any: { secret: 4ny }
            """
    static let api = MobileFirstTests.api
    static let form = [("Content-Type", "application/x-www-form-urlencoded")]

    func clientCredentials(_ h: Harness, _ id: String, _ secret: String, scope: String) async throws -> Reply {
        let basic = Data("\(id):\(secret)".utf8).base64EncodedString()
        return try await h.request(
            .POST, Self.api + "/az/v1/token",
            body: Array("grant_type=client_credentials&scope=\(scope.replacingOccurrences(of: " ", with: "+"))".utf8),
            headers: Self.form + [("Authorization", "Basic \(basic)")])
    }

    func introspect(_ h: Harness, _ token: String, bearer: String?) async throws -> Reply {
        try await h.request(
            .POST, Self.api + "/az/v1/introspection", body: Array("token=\(token)".utf8),
            headers: Self.form + (bearer.map { [("Authorization", "Bearer \($0)")] } ?? []))
    }

    @Test(
        "client_credentials: HTTP Basic, the client's allowed scope, a token the adapter accepts; introspection wants authorization.introspect"
    )
    func confidentialClientAndIntrospection() async throws {
        try await Harness.run(Self.tree) { h in
            let wrong = try await clientCredentials(h, "service", "nope", scope: "accounts")
            #expect(wrong.status == 401 && wrong.json["error"] == "invalid_client")
            #expect(wrong.header("WWW-Authenticate") == "Basic")
            let notAllowed = try await clientCredentials(h, "service", "s3rvice", scope: "accounts payments")
            #expect(notAllowed.status == 400 && notAllowed.json["error"] == "invalid_scope")
            let good = try await clientCredentials(h, "service", "s3rvice", scope: "accounts")
            #expect(good.status == 200, "\(good.text)")
            #expect(good.json["scope"] == "accounts" && good.json["token_type"] == "Bearer")
            #expect(good.json["expires_in"] == 3600)
            let token = try #require(good.json["access_token"]?.stringValue)
            let adapter = try await h.get(
                Self.api + "/adapters/accounts/balance", headers: [("Authorization", "Bearer \(token)")])
            #expect(adapter.status == 200)
            let anyScope = try await clientCredentials(h, "any", "4ny", scope: "payments authorization.introspect")
            #expect(anyScope.status == 200 && anyScope.json["scope"] == "authorization.introspect payments")

            let noBearer = try await introspect(h, token, bearer: nil)
            #expect(noBearer.status == 401 && noBearer.header("WWW-Authenticate") == "Bearer")
            let withoutScope = try await introspect(h, token, bearer: token)
            #expect(withoutScope.status == 403)
            #expect(
                withoutScope.header("WWW-Authenticate")
                    == "Bearer error=\"insufficient_scope\", scope=\"authorization.introspect\"")
            let introspector = try await clientCredentials(
                h, "introspector", "1ntrospector", scope: "authorization.introspect")
            let bearer = try #require(introspector.json["access_token"]?.stringValue)
            let active = try await introspect(h, token, bearer: bearer)
            #expect(active.status == 200, "\(active.text)")
            #expect(active.json["active"] == true && active.json["client_id"] == "service")
            #expect(active.json["scope"] == "accounts")
            let unknown = try await introspect(h, "nope", bearer: bearer)
            #expect(unknown.status == 200 && unknown.json == ["active": false])
            h.clock.advance(by: 3601)
            let expired = try await introspect(h, token, bearer: bearer)
            #expect(expired.status == 401, "the introspector's own token expired too")
        }
    }

    @Test("logout drops the check's success: the next preauthorize challenges again; heartbeat answers 204")
    func logoutAndHeartbeat() async throws {
        let client = try TestMobileFirstClient()
        let mfp = MobileFirstTests()
        try await Harness.run(Self.tree + "\n  faults:\n    - { endpoint: logout, kind: conflict }\n") { h in
            let id = try await mfp.register(h, client)
            let challenge = try await mfp.preauthorize(h, id)
            let granted = try await mfp.preauthorize(
                h, id, answers: ["SimpleCaptcha": ["answer": .string(mfp.sum(challenge))]])
            #expect(granted.status == 200)
            #expect(try await mfp.preauthorize(h, id).status == 200, "the success lasts")
            func post(_ path: String, _ fields: String, assertion: String) async throws -> Reply {
                let body =
                    fields
                    + "client_assertion_type=urn%3Aietf%3Aparams%3Aoauth%3Aclient-assertion-type%3Ajwt-bearer&client_assertion=\(assertion)"
                return try await h.request(.POST, Self.api + path, body: Array(body.utf8), headers: Self.form)
            }
            let now = mfp.nowMilliseconds(h)
            let good = try client.assertion(client: id, code: "jti-1", nowMilliseconds: now)
            let heartbeat = try await post("/preauth/v1/heartbeat", "", assertion: good)
            #expect(heartbeat.status == 204)
            let tampered = try client.assertion(client: id, code: "jti-2", nowMilliseconds: now, tamper: true)
            let refused = try await post("/preauth/v1/logout", "security_check=SimpleCaptcha&", assertion: tampered)
            #expect(refused.status == 400 && refused.json["error"] == "invalid_client")
            let stranger = try client.assertion(client: "nobody", code: "jti-3", nowMilliseconds: now)
            let unknown = try await post("/preauth/v1/heartbeat", "", assertion: stranger)
            #expect(unknown.status == 400 && unknown.json["errorCode"] == "INVALID_CLIENT_ID")
            let conflict = try await post("/preauth/v1/logout", "security_check=SimpleCaptcha&", assertion: good)
            #expect(conflict.status == 409 && conflict.header("MFP-Conflict") != nil, "the logout fault fires once")
            let noSuchCheck = try await post("/preauth/v1/logout", "security_check=Nope&", assertion: good)
            #expect(noSuchCheck.status == 400 && noSuchCheck.json["errorCode"] == "INVALID_REQUEST")
            let logout = try await post("/preauth/v1/logout", "security_check=SimpleCaptcha&", assertion: good)
            #expect(logout.status == 204)
            let again = try await mfp.preauthorize(h, id)
            #expect(again.status == 401 && again.header("WWW-Authenticate") == "MFP-Challenge")
            #expect(again.json["challenges"]?["SimpleCaptcha"]?["captcha"] != nil)
        }
    }

    @Test("a scope mapped to two checks challenges both in one answer, and one request answering both grants it")
    func severalChecksInOneRound() async throws {
        let client = try TestMobileFirstClient()
        let mfp = MobileFirstTests()
        try await Harness.run(Self.tree) { h in
            let id = try await mfp.register(h, client)
            let challenge = try await mfp.preauthorize(h, id, scope: "transfers")
            #expect(challenge.status == 401)
            let challenged = challenge.json["challenges"]?.objectValue?.keys.sorted()
            #expect(challenged == ["PinCodeAttempts", "SimpleCaptcha"])
            let granted = try await mfp.preauthorize(
                h, id, scope: "transfers",
                answers: [
                    "SimpleCaptcha": ["answer": .string(mfp.sum(challenge))], "PinCodeAttempts": ["pin": "1234"],
                ])
            #expect(granted.status == 200, "\(granted.text)")
            #expect(granted.json["successes"]?["SimpleCaptcha"] != nil)
            #expect(granted.json["successes"]?["PinCodeAttempts"] != nil)
        }
    }
}
