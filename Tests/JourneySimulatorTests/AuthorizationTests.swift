import Foundation
import JourneyCore
import JourneySimulator
import Testing

@Suite("Transactional authorization and step-up")
struct AuthorizationTests {
    /// Runs the composite-advice journey (ConfirmPassword) for `authIndexValue` under `token`.
    func satisfy(_ h: Harness, token: String, advice: String, password: String = "Ch4ng3it!") async throws -> Reply {
        let encoded = advice.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? advice
        let cookie = [("Cookie", "iPlanetDirectoryPro=\(token)")]
        let step = try await h.post(
            "/am/json/realms/root/authenticate?authIndexType=composite_advice&authIndexValue=\(encoded)",
            headers: cookie)
        #expect(Steps.types(step.json) == ["PasswordCallback"])
        #expect(step.json["stage"] == "ConfirmPassword")
        return try await h.answer(step.json, [0: .string(password)], realm: "/", headers: cookie)
    }

    @Test("REST form: policy decision with a txid, composite advice journey, X-TxID retry, then single use")
    func restTransaction() async throws {
        try await Harness.run { h in
            let token = try await h.login()
            let cookie = [("Cookie", "iPlanetDirectoryPro=\(token)")]
            let decision = try await h.get("/resources/withdraw", headers: cookie)
            #expect(decision.status == 200)
            #expect(
                keyKinds(decision.json) == keyKinds(try Paths.fixture("advice/policy-decision-transaction-sdkdoc.json"))
            )
            let txid = try #require(
                decision.json["advices"]?["TransactionConditionAdvice"]?.arrayValue?.first?.stringValue)
            #expect(decision.json["resource"]?.stringValue == h.root + "/resources/withdraw")
            // Retrying before the journey: the advice again.
            let early = try await h.get("/resources/withdraw", headers: cookie + [("X-TxID", txid)])
            #expect(early.json["advices"] != nil)
            let xml =
                "<Advices><AttributeValuePair><Attribute name=\"TransactionConditionAdvice\"/><Value>\(txid)</Value></AttributeValuePair></Advices>"
            let done = try await satisfy(h, token: token, advice: xml)
            #expect(done.json["tokenId"]?.stringValue == token)
            let granted = try await h.get("/resources/withdraw", headers: cookie + [("X-TxID", txid)])
            #expect(granted.status == 200)
            #expect(granted.json == ["result": "withdrawn", "amount": 100])
            let reused = try await h.get("/resources/withdraw?_txid=\(txid)", headers: cookie)
            #expect(reused.status == 403)
        }
    }

    @Test("a wrong password in the transaction journey leaves the transaction unsatisfied")
    func failedTransaction() async throws {
        try await Harness.run { h in
            let token = try await h.login()
            let cookie = [("Cookie", "iPlanetDirectoryPro=\(token)")]
            let decision = try await h.get("/resources/withdraw", headers: cookie)
            let txid = try #require(
                decision.json["advices"]?["TransactionConditionAdvice"]?.arrayValue?.first?.stringValue)
            let xml =
                "<Advices><AttributeValuePair><Attribute name=\"TransactionConditionAdvice\"/><Value>\(txid)</Value></AttributeValuePair></Advices>"
            let failed = try await satisfy(h, token: token, advice: xml, password: "wrong")
            #expect(failed.status == 401)
            let retry = try await h.get("/resources/withdraw", headers: cookie + [("X-TxID", txid)])
            #expect(retry.json["advices"] != nil)
        }
    }

    @Test("IG redirect form: 307 to AM with goto (+_txid) and the URL-encoded advice, like the fixture")
    func igRedirect() async throws {
        try await Harness.run { h in
            let token = try await h.login()
            let cookie = [("Cookie", "iPlanetDirectoryPro=\(token)")]
            let redirect = try await h.get("/ig/withdraw", headers: cookie)
            #expect(redirect.status == 307)
            let location = try #require(redirect.header("Location"))
            #expect(location.hasPrefix(h.root + "/am/?goto=" + h.root + "/ig/withdraw?_txid%3D"))
            #expect(
                location.contains(
                    "&realm=/&authIndexType=composite_advice&authIndexValue=%3CAdvices%3E%3CAttributeValuePair%3E%3CAttribute%20name%3D%22TransactionConditionAdvice%22/%3E%3CValue%3E"
                ))
            let query = try #require(location.split(separator: "?", maxSplits: 1).last)
            let advice = try #require(
                query.split(separator: "&").first { $0.hasPrefix("authIndexValue=") }?.dropFirst(
                    "authIndexValue=".count))
            let done = try await satisfy(h, token: token, advice: String(advice).removingPercentEncoding ?? "")
            #expect(done.status == 200)
            let goto = try #require(query.split(separator: "&").first { $0.hasPrefix("goto=") }?.dropFirst(5))
            let txid = try #require(String(goto).removingPercentEncoding?.components(separatedBy: "_txid=").last)
            let granted = try await h.get("/ig/withdraw?_txid=\(txid)", headers: cookie)
            #expect(granted.json == ["result": "withdrawn", "amount": 250])
        }
    }

    @Test("IG redirect form with base64url advice; the composite journey accepts it as sent")
    func igRedirectBase64() async throws {
        try await Harness.run { h in
            let token = try await h.login()
            let cookie = [("Cookie", "iPlanetDirectoryPro=\(token)")]
            let redirect = try await h.get("/ig/withdraw-b64", headers: cookie)
            let location = try #require(redirect.header("Location"))
            let value = try #require(location.components(separatedBy: "authIndexValue=").last)
            let xml = String(decoding: try #require(Base64URL.decode(value)), as: UTF8.self)
            #expect(
                xml.hasPrefix("<Advices><AttributeValuePair><Attribute name=\"TransactionConditionAdvice\"/><Value>"))
            let step = try await h.post(
                "/am/json/realms/root/authenticate?authIndexType=composite_advice&authIndexValue=\(value)",
                headers: cookie)
            #expect(Steps.types(step.json) == ["PasswordCallback"])
        }
    }

    @Test("IG header form: 401 WWW-Authenticate SSOADVICE with base64 JSON advices")
    func igHeader() async throws {
        try await Harness.run { h in
            let token = try await h.login()
            let headers = [("Cookie", "iPlanetDirectoryPro=\(token)"), ("x-authenticate-response", "header")]
            let reply = try await h.get("/ig/withdraw", headers: headers)
            #expect(reply.status == 401)
            let value = try #require(reply.header("WWW-Authenticate"))
            #expect(value.hasPrefix("SSOADVICE realm=\"/\",advices=\""))
            #expect(value.hasSuffix(",am_uri=\"\(h.root)/am/\""))
            let encoded = try #require(
                value.components(separatedBy: "advices=\"").last?.components(separatedBy: "\"").first)
            let advices = try JSONValue.parse(try #require(Data(base64Encoded: encoded)))
            let fixture = try Paths.fixture("advice/ig-advices-decoded-transaction.json")
            #expect(keyKinds(advices) == keyKinds(fixture))
            let service = try await h.get("/ig/transfer", headers: headers)
            let serviceValue = try #require(
                service.header("WWW-Authenticate")?.components(separatedBy: "advices=\"").last?.components(
                    separatedBy: "\""
                ).first)
            #expect(
                try JSONValue.parse(try #require(Data(base64Encoded: serviceValue))) == [
                    "AuthenticateToServiceConditionAdvice": ["/:ConfirmPassword"]
                ])
        }
    }

    @Test("step-up to a named tree: AuthenticateToServiceConditionAdvice, run the tree, then authorized once")
    func stepUp() async throws {
        try await Harness.run { h in
            let token = try await h.login()
            let cookie = [("Cookie", "iPlanetDirectoryPro=\(token)")]
            let decision = try await h.get("/resources/transfer", headers: cookie)
            #expect(decision.json["advices"] == ["AuthenticateToServiceConditionAdvice": ["/:ConfirmPassword"]])
            let xml =
                "<Advices><AttributeValuePair><Attribute name=\"AuthenticateToServiceConditionAdvice\"/><Value>/:ConfirmPassword</Value></AttributeValuePair></Advices>"
            let done = try await satisfy(h, token: token, advice: xml)
            #expect(done.json["tokenId"]?.stringValue == token)
            let granted = try await h.get("/resources/transfer", headers: cookie)
            #expect(granted.json == ["result": "transferred"])
            let again = try await h.get("/resources/transfer", headers: cookie)
            #expect(again.json["advices"] != nil)
        }
    }

    @Test("no session: 401 Access Denied; bad advice XML: 400")
    func refusals() async throws {
        try await Harness.run { h in
            let anonymous = try await h.get("/resources/withdraw")
            #expect(anonymous.status == 401)
            let token = try await h.login()
            let bad = try await h.post(
                "/am/json/realms/root/authenticate?authIndexType=composite_advice&authIndexValue=%3CAdvices%3E%3Cnope",
                headers: [("Cookie", "iPlanetDirectoryPro=\(token)")])
            #expect(bad.status == 400)
            #expect(bad.json["code"] == 400)
        }
    }
}
