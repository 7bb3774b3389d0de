import Foundation
import JourneyCore
import Testing

@testable import JourneySimulator

@Suite("Token-protected resources: auth bearer and idtoken")
struct OAuthResourceTests {
    static let invalidToken =
        #"Bearer realm="/", error="invalid_token", error_description="The access token provided is expired, revoked, malformed, or invalid for other reasons.""#

    /// Runs ConfirmPassword for a composite advice under the session.
    func satisfy(_ h: Harness, session: String, advice name: String, value: String) async throws {
        let xml =
            "<Advices><AttributeValuePair><Attribute name=\"\(name)\"/><Value>\(value)</Value></AttributeValuePair></Advices>"
        let encoded = xml.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? xml
        let step = try await h.post(
            "\(h.authenticatePath())?authIndexType=composite_advice&authIndexValue=\(encoded)",
            headers: TestOAuth.cookie(session))
        #expect(step.json["stage"] == "ConfirmPassword")
        let done = try await h.answer(step.json, [0: "Ch4ng3it!"], headers: TestOAuth.cookie(session))
        #expect(done.json["tokenId"]?.stringValue == session)
    }

    @Test("bearer: no token 401, a bad token invalid_token, a token without the scope 403, with it 200")
    func bearerScope() async throws {
        try await Harness.run { h in
            let missing = try await h.get("/api/accounts")
            #expect(missing.status == 401)
            #expect(missing.header("WWW-Authenticate") == #"Bearer realm="/""#)
            let bogus = try await h.get("/api/accounts", headers: [("Authorization", "Bearer nope")])
            #expect(bogus.status == 401)
            #expect(bogus.header("WWW-Authenticate") == Self.invalidToken)

            let oauth = TestOAuth(h: h)
            let (narrow, session) = try await oauth.codeFlow(scope: "openid profile")
            let narrowToken = try #require(narrow["access_token"]?.stringValue)
            let forbidden = try await h.get("/api/accounts", headers: [("Authorization", "Bearer \(narrowToken)")])
            #expect(forbidden.status == 403)
            #expect(
                forbidden.header("WWW-Authenticate")
                    == #"Bearer realm="/", error="insufficient_scope", scope="accounts""#)

            let (wide, _) = try await oauth.codeFlow(scope: "openid accounts", session: session)
            let wideToken = try #require(wide["access_token"]?.stringValue)
            let granted = try await h.get("/api/accounts", headers: [("Authorization", "Bearer \(wideToken)")])
            #expect(granted.status == 200)
            #expect(granted.json == ["accounts": ["checking", "savings"]])

            let service = try await oauth.token(
                [("grant_type", "client_credentials")], basic: ("serviceClient", "s3rv1ce-Secr3t"))
            let serviceToken = try #require(service.json["access_token"]?.stringValue)
            let machine = try await h.get("/api/accounts", headers: [("Authorization", "Bearer \(serviceToken)")])
            #expect(machine.status == 200)

            h.clock.advance(by: 3600)
            let expired = try await h.get("/api/accounts", headers: [("Authorization", "Bearer \(wideToken)")])
            #expect(expired.header("WWW-Authenticate") == Self.invalidToken)
        }
    }

    @Test(
        "bearer + transaction: advice header; the advised token again gets the advice; a token issued after the journey passes once"
    )
    func bearerTransaction() async throws {
        try await Harness.run { h in
            let oauth = TestOAuth(h: h)
            let (tokens, session) = try await oauth.codeFlow(scope: "openid transfer")
            let old = try #require(tokens["access_token"]?.stringValue)
            let advised = try await h.get("/api/transfer", headers: [("Authorization", "Bearer \(old)")])
            #expect(advised.status == 401)
            let header = try #require(advised.header("WWW-Authenticate"))
            let prefix = #"Bearer realm="/", error="insufficient_scope", advices=""#
            #expect(header.hasPrefix(prefix))
            let encoded = String(header.dropFirst(prefix.count).dropLast())
            let advice = try JSONValue.parse(try #require(Data(base64Encoded: encoded)))
            let txid = try #require(advice["TransactionConditionAdvice"]?.arrayValue?.first?.stringValue)

            h.clock.advance(by: 1)
            try await satisfy(h, session: session, advice: "TransactionConditionAdvice", value: txid)
            let sameToken = try await h.get(
                "/api/transfer", headers: [("Authorization", "Bearer \(old)"), ("X-TxID", txid)])
            #expect(sameToken.status == 401)
            #expect(sameToken.header("WWW-Authenticate") == header)

            let (fresh, _) = try await oauth.codeFlow(scope: "openid transfer", session: session)
            let new = try #require(fresh["access_token"]?.stringValue)
            let granted = try await h.get(
                "/api/transfer?_txid=\(txid)", headers: [("Authorization", "Bearer \(new)")])
            #expect(granted.status == 200)
            #expect(granted.json == ["result": "transferred"])
            let reused = try await h.get(
                "/api/transfer", headers: [("Authorization", "Bearer \(new)"), ("X-TxID", txid)])
            #expect(reused.status == 403)
        }
    }

    @Test(
        "idtoken + step-up: 401 without a valid ID token; the policy advice; only an ID token issued after the step-up passes"
    )
    func idTokenStepUp() async throws {
        try await Harness.run { h in
            let missing = try await h.get("/api/statement")
            #expect(missing.status == 401)
            #expect(missing.json == ["code": 401, "reason": "Unauthorized", "message": "Invalid ID token"])
            let garbage = try await h.get("/api/statement", headers: [("X-IdToken", "a.b.c")])
            #expect(garbage.status == 401)

            let oauth = TestOAuth(h: h)
            let (tokens, session) = try await oauth.codeFlow()
            let old = try #require(tokens["id_token"]?.stringValue)
            let decision = try await h.get("/api/statement", headers: [("X-IdToken", old)])
            #expect(decision.status == 200)
            #expect(decision.json["advices"] == ["AuthenticateToServiceConditionAdvice": ["/:ConfirmPassword"]])
            #expect(decision.json["resource"]?.stringValue == h.root + "/api/statement")

            h.clock.advance(by: 1)
            try await satisfy(
                h, session: session, advice: "AuthenticateToServiceConditionAdvice", value: "/:ConfirmPassword")
            let stale = try await h.get("/api/statement?_idtoken=\(old)")
            #expect(stale.json["advices"] != nil)
            let (fresh, _) = try await oauth.codeFlow(session: session)
            let new = try #require(fresh["id_token"]?.stringValue)
            let granted = try await h.get(
                "/api/statement", headers: [("X-IdToken", new), ("X-Tree", "ConfirmPassword")])
            #expect(granted.status == 200)
            #expect(granted.json == ["statement": "ok"])

            let (broken, _) = try await oauth.codeFlow(client: "brokenSignatureClient", session: session)
            let spoiled = try #require(broken["id_token"]?.stringValue)
            #expect(try await h.get("/api/statement", headers: [("X-IdToken", spoiled)]).status == 401)
            h.clock.advance(by: 3600)
            #expect(try await h.get("/api/statement", headers: [("X-IdToken", new)]).status == 401)
        }
    }
}
