import Foundation
import JourneyCore
import JourneySimulator
import Testing

@Suite("MobileFirst mode")
struct MobileFirstTests {
    static let tree = """
        kind: simulator
        version: 1
        mobilefirst:
          securityChecks:
            SimpleCaptcha: { type: simpleCaptcha, maxOperator: 10, maxAttempts: 3, attemptingStateExpirationSec: 60, successStateExpirationSec: 60, blockedStateExpirationSec: 10 }
            PinCodeAttempts: { type: pin, pin: "1234", maxAttempts: 3 }
          scopes: { accounts: [SimpleCaptcha] }
          adapters:
            - { path: /adapters/accounts/balance, scope: accounts, body: { balance: 12 } }
        """

    static let api = "/mfp/api"

    /// Registers and returns the client id.
    func register(_ h: Harness, _ client: TestMobileFirstClient, device: String = "device-1") async throws -> String {
        let reply = try await h.post(Self.api + "/registration/v1/self", json: try client.registration(device: device))
        #expect(reply.status == 201)
        let location = try #require(reply.header("Location"))
        #expect(location.hasPrefix(h.root + "/mfp/api/registration/clients/"))
        return String(location.split(separator: "/").last ?? "")
    }

    func preauthorize(_ h: Harness, _ id: String, scope: String = "accounts", answers: JSONValue? = nil) async throws
        -> Reply
    {
        var body: [String: JSONValue] = ["client_id": .string(id), "scope": .string(scope)]
        if let answers { body["challengeResponse"] = answers }
        return try await h.post(Self.api + "/preauth/v1/preauthorize", json: .object(body))
    }

    func sum(_ reply: Reply, _ check: String = "SimpleCaptcha") -> String {
        let captcha = reply.json["challenges"]?[check]?["captcha"]?.stringValue ?? ""
        let numbers = captcha.split(separator: "+").compactMap { Int($0.trimmingCharacters(in: .whitespaces)) }
        return String(numbers.reduce(0, +))
    }

    var nowMilliseconds: (Harness) -> Int { { Int($0.clock.now().timeIntervalSince1970 * 1000) } }

    @Test("registration verifies the JWS: a tampered signature is refused, Base64 and Base64url are accepted")
    func registration() async throws {
        let client = try TestMobileFirstClient()
        try await Harness.run(Self.tree) { h in
            let tampered = try await h.post(
                Self.api + "/registration/v1/self", json: try client.registration(tamper: true))
            #expect(tampered.status == 400)
            #expect(tampered.json["errorCode"] == "INVALID_REGISTRATION_DATA")
            #expect(tampered.json["errorMsg"]?.stringValue?.contains("does not verify") == true)
            let standard = try await h.post(
                Self.api + "/registration/v1/self", json: try client.registration(base64: true))
            #expect(standard.status == 201)
            _ = try await register(h, client)
        }
    }

    @Test(
        "§1.8: challenge, answer, successes with clockSynchronization; wrong answers until blocked; the block expires on the clock"
    )
    func captchaStateMachine() async throws {
        let client = try TestMobileFirstClient()
        try await Harness.run(Self.tree) { h in
            let id = try await register(h, client)
            let first = try await preauthorize(h, id)
            #expect(first.status == 401)
            #expect(first.header("WWW-Authenticate") == "MFP-Challenge")
            #expect(first.json["challenges"]?["SimpleCaptcha"]?["message"] == .null)
            var wrong = first
            for attempt in 1...2 {
                wrong = try await preauthorize(h, id, answers: ["SimpleCaptcha": ["answer": "-1"]])
                #expect(wrong.status == 401, "attempt \(attempt)")
                #expect(wrong.json["challenges"]?["SimpleCaptcha"]?["message"] == "Incorrect answer")
            }
            let blocked = try await preauthorize(h, id, answers: ["SimpleCaptcha": ["answer": "-1"]])
            #expect(blocked.status == 403)
            #expect(blocked.json == ["failures": ["SimpleCaptcha": ["failure": "Account blocked"]]])
            // While blocked, credentials are ignored, even right ones.
            let still = try await preauthorize(h, id, answers: ["SimpleCaptcha": ["answer": .string(sum(wrong))]])
            #expect(still.status == 403)
            h.clock.advance(by: 10)
            let again = try await preauthorize(h, id)
            #expect(again.status == 401)
            let granted = try await preauthorize(h, id, answers: ["SimpleCaptcha": ["answer": .string(sum(again))]])
            #expect(granted.status == 200)
            #expect(granted.json["successes"]?["SimpleCaptcha"] == [:])
            #expect(
                granted.json["successes"]?["clockSynchronization"]?["serverTimeStamp"]?.intValue == nowMilliseconds(h))
        }
    }

    @Test("an attempting state that expires forgets its wrong answers; a success expires and is challenged again")
    func expirations() async throws {
        let client = try TestMobileFirstClient()
        try await Harness.run(Self.tree) { h in
            let id = try await register(h, client)
            _ = try await preauthorize(h, id)
            _ = try await preauthorize(h, id, answers: ["SimpleCaptcha": ["answer": "-1"]])
            _ = try await preauthorize(h, id, answers: ["SimpleCaptcha": ["answer": "-1"]])
            h.clock.advance(by: 60)
            let fresh = try await preauthorize(h, id, answers: ["SimpleCaptcha": ["answer": "-1"]])
            #expect(fresh.status == 401, "the count restarted: one wrong answer is not a block")
            let challenge = try await preauthorize(h, id)
            let granted = try await preauthorize(h, id, answers: ["SimpleCaptcha": ["answer": .string(sum(challenge))]])
            #expect(granted.status == 200)
            let query = "?response_type=code&client_id=\(id)&scope=accounts&redirect_uri=https%3A%2F%2Fmfpredirecturi"
            let code = try await h.get(Self.api + "/az/v1/authorization" + query)
            #expect(code.status == 302)
            #expect(code.header("Location")?.hasPrefix("https://mfpredirecturi?code=") == true)
            h.clock.advance(by: 60)
            let expired = try await h.get(Self.api + "/az/v1/authorization" + query)
            #expect(expired.status == 401)
            #expect(expired.header("WWW-Authenticate") == "MFP-Challenge")
        }
    }

    @Test("the PIN check reports remaining attempts")
    func pinRemainingAttempts() async throws {
        let client = try TestMobileFirstClient()
        try await Harness.run(Self.tree) { h in
            let id = try await register(h, client)
            let first = try await preauthorize(h, id, scope: "PinCodeAttempts")
            #expect(first.json["challenges"]?["PinCodeAttempts"] == ["errorMsg": .null, "remainingAttempts": 3])
            let wrong = try await preauthorize(
                h, id, scope: "PinCodeAttempts", answers: ["PinCodeAttempts": ["pin": "0000"]])
            #expect(wrong.json["challenges"]?["PinCodeAttempts"] == ["errorMsg": "Wrong PIN", "remainingAttempts": 2])
            let right = try await preauthorize(
                h, id, scope: "PinCodeAttempts", answers: ["PinCodeAttempts": ["pin": "1234"]])
            #expect(right.status == 200)
        }
    }

    @Test(
        "the token endpoint verifies the client assertion: signature, kid, jti, milliseconds, expiry; the adapter wants the Bearer token's scope"
    )
    func tokenAndAdapter() async throws {
        let client = try TestMobileFirstClient()
        try await Harness.run(Self.tree) { h in
            let id = try await register(h, client)
            let challenge = try await preauthorize(h, id)
            _ = try await preauthorize(h, id, answers: ["SimpleCaptcha": ["answer": .string(sum(challenge))]])
            let query = "?response_type=code&client_id=\(id)&scope=accounts&redirect_uri=https%3A%2F%2Fmfpredirecturi"
            func code() async throws -> String {
                let reply = try await h.get(Self.api + "/az/v1/authorization" + query)
                return String(reply.header("Location")?.split(separator: "=").last ?? "")
            }
            func token(_ assertion: (String) throws -> String) async throws -> Reply {
                let value = try await code()
                let form =
                    "grant_type=authorization_code&code=\(value)&redirect_uri=https%3A%2F%2Fmfpredirecturi"
                    + "&client_assertion_type=urn%3Aietf%3Aparams%3Aoauth%3Aclient-assertion-type%3Ajwt-bearer&client_assertion="
                    + (try assertion(value))
                return try await h.request(
                    .POST, Self.api + "/az/v1/token", body: Array(form.utf8),
                    headers: [("Content-Type", "application/x-www-form-urlencoded")])
            }
            let now = nowMilliseconds(h)
            let bad: [(String, (String) throws -> String)] = [
                ("does not verify", { try client.assertion(client: id, code: $0, nowMilliseconds: now, tamper: true) }),
                (
                    "jwk.kid must be the client id",
                    { try client.assertion(client: id, code: $0, nowMilliseconds: now, kid: "other") }
                ),
                (
                    "jti must be the authorization code",
                    { try client.assertion(client: id, code: $0 + "x", nowMilliseconds: now) }
                ),
                (
                    "in milliseconds",
                    {
                        try client.assertion(
                            client: id, code: $0, nowMilliseconds: now,
                            claims: ["iat": .int(now / 1000), "exp": .int(now / 1000 + 60)])
                    }
                ),
                ("expired", { try client.assertion(client: id, code: $0, nowMilliseconds: now - 120_000) }),
            ]
            for (problem, make) in bad {
                let reply = try await token(make)
                #expect(reply.status == 400, "\(problem)")
                #expect(reply.json["error"] == "invalid_client")
                #expect(reply.json["error_description"]?.stringValue?.contains(problem) == true, "\(reply.text)")
            }
            let good = try await token { try client.assertion(client: id, code: $0, nowMilliseconds: now) }
            #expect(good.status == 200, "\(good.text)")
            #expect(good.json["token_type"] == "Bearer")
            #expect(good.json["scope"] == "accounts")
            let accessToken = try #require(good.json["access_token"]?.stringValue)

            let none = try await h.get(Self.api + "/adapters/accounts/balance")
            #expect(none.status == 401 && none.header("WWW-Authenticate") == "Bearer")
            let invalid = try await h.get(
                Self.api + "/adapters/accounts/balance", headers: [("Authorization", "Bearer nope")])
            #expect(invalid.status == 401 && invalid.header("WWW-Authenticate") == "Bearer error=\"invalid_token\"")
            let ok = try await h.get(
                Self.api + "/adapters/accounts/balance", headers: [("Authorization", "Bearer \(accessToken)")])
            #expect(ok.status == 200 && ok.json == ["balance": 12])
            let blank = try await h.get(
                Self.api + "/adapters/accounts/balance", headers: [("Authorization", "Bearer   ")])
            #expect(blank.status == 401 && blank.header("WWW-Authenticate") == "Bearer")
            let spaced = try await h.get(
                Self.api + "/adapters/accounts/balance", headers: [("Authorization", "bearer  \(accessToken)\t")])
            #expect(spaced.status == 200 && spaced.json == ["balance": 12])
            h.clock.advance(by: 3601)
            let late = try await h.get(
                Self.api + "/adapters/accounts/balance", headers: [("Authorization", "Bearer \(accessToken)")])
            #expect(late.status == 401)
        }
    }

    @Test(
        "a token without the adapter's scope is refused with insufficient_scope; unknown clients get INVALID_CLIENT_ID; faults per device"
    )
    func scopesClientsAndFaults() async throws {
        let client = try TestMobileFirstClient()
        let tree =
            Self.tree
            + "\n  faults:\n    - { endpoint: preauthorize, kind: conflict }\n    - { endpoint: preauthorize, kind: invalidClient }\n"
        try await Harness.run(tree) { h in
            let unknown = try await preauthorize(h, "nobody")
            #expect(unknown.status == 400 && unknown.json["errorCode"] == "INVALID_CLIENT_ID")
            let id = try await register(h, client, device: "d1")
            let conflict = try await preauthorize(h, id)
            #expect(conflict.status == 409 && conflict.header("MFP-Conflict") != nil)
            let forgotten = try await preauthorize(h, id)
            #expect(forgotten.status == 400 && forgotten.json["errorCode"] == "INVALID_CLIENT_ID")
            let again = try await register(h, client, device: "d1")
            let challenge = try await preauthorize(h, again, scope: "PinCodeAttempts")
            #expect(challenge.status == 401, "each fault fires once per device")
            _ = try await preauthorize(
                h, again, scope: "PinCodeAttempts", answers: ["PinCodeAttempts": ["pin": "1234"]])
            let query = "?response_type=code&client_id=\(again)&scope=PinCodeAttempts&redirect_uri=x%3A%2F%2Fr"
            let location = try await h.get(Self.api + "/az/v1/authorization" + query).header("Location") ?? ""
            let code = String(location.split(separator: "=").last ?? "")
            let assertion = try client.assertion(client: again, code: code, nowMilliseconds: nowMilliseconds(h))
            let form =
                "grant_type=authorization_code&code=\(code)&redirect_uri=x%3A%2F%2Fr&client_assertion_type=urn%3Aietf%3Aparams%3Aoauth%3Aclient-assertion-type%3Ajwt-bearer&client_assertion=\(assertion)"
            let token = try await h.request(
                .POST, Self.api + "/az/v1/token", body: Array(form.utf8),
                headers: [("Content-Type", "application/x-www-form-urlencoded")])
            let accessToken = token.json["access_token"]?.stringValue ?? ""
            let refused = try await h.get(
                Self.api + "/adapters/accounts/balance", headers: [("Authorization", "Bearer \(accessToken)")])
            #expect(refused.status == 403)
            #expect(refused.header("WWW-Authenticate") == "Bearer error=\"insufficient_scope\", scope=\"accounts\"")
        }
    }

    @Test("controls: the next preauthorize answers 409, and a forgotten client gets INVALID_CLIENT_ID")
    func controls() async throws {
        let client = try TestMobileFirstClient()
        try await Harness.run(Self.tree) { h in
            let id = try await register(h, client)
            #expect(try await h.post("/__simulator/mobilefirst/conflicts", json: ["count": 1]).status == 200)
            let conflict = try await preauthorize(h, id)
            #expect(conflict.status == 409 && conflict.header("MFP-Conflict") != nil)
            #expect(try await preauthorize(h, id).status == 401)
            #expect(try await h.request(.DELETE, "/__simulator/mobilefirst/clients/\(id)").status == 200)
            let forgotten = try await preauthorize(h, id)
            #expect(forgotten.status == 400 && forgotten.json["errorCode"] == "INVALID_CLIENT_ID")
        }
    }
}
