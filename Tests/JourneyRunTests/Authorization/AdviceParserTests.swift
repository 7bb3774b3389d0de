import Foundation
import JourneyCore
import JourneyTestSupport
import Testing

@testable import JourneyRun

/// The advice fixtures from Tests/Fixtures/advice, as AM and Identity Gateway send them.
enum AdviceFixtures {
    static let folder = Repository.fixtures.appendingPathComponent("advice")

    static func json(_ name: String) throws -> JSONValue {
        try JSONValue.parse(Data(contentsOf: folder.appendingPathComponent(name)))
    }

    /// A `{status, headers}` fixture as a response.
    static func response(_ name: String) throws -> (status: Int, headers: [HeaderField]) {
        let json = try json(name)
        let status = try #require(json["status"]?.intValue)
        let headers = (json["headers"]?.objectValue ?? [:]).map { HeaderField($0.key, $0.value.stringValue ?? "") }
        return (status, headers)
    }
}

@Suite struct AdviceParserTests {
    func detect(body name: String, status: Int = 200) throws -> ResourceAdvice? {
        let body = try Data(contentsOf: AdviceFixtures.folder.appendingPathComponent(name))
        return try AdviceParser.detect(
            status: status, headers: [HeaderField("Content-Type", "application/json")], body: body)
    }

    func detect(response name: String) throws -> ResourceAdvice? {
        let (status, headers) = try AdviceFixtures.response(name)
        return try AdviceParser.detect(status: status, headers: headers, body: Data("<html></html>".utf8))
    }

    @Test(arguments: [
        ("policy-decision-transaction.json", "5afff42a-2715-40c8-98e7-919abc1b2dfc"),
        ("policy-decision-transaction-sdkdoc.json", "9dae2c80-fe7a-4a36-b57b-4fb1271b0687"),
    ])
    func policyDecisionWithTransaction(_ file: String, _ txid: String) throws {
        let advice = try #require(try detect(body: file))
        #expect(advice.form == .policyDecision)
        #expect(advice.advices == [PolicyAdvice(name: "TransactionConditionAdvice", values: [txid])])
        #expect(advice.txid == txid)
        #expect(advice.tree == nil)
    }

    @Test func policyDecisionWithAuthenticateToService() throws {
        let advice = try #require(try detect(body: "policy-decision-authenticate-to-service.json"))
        #expect(
            advice.advices == [
                PolicyAdvice(name: "AuthenticateToServiceConditionAdvice", values: ["/:UsernamePassword"])
            ])
        #expect(advice.tree == "UsernamePassword")
        #expect(advice.txid == nil)
    }

    @Test func anArrayOfDecisionsAsPolicyEvaluationReturnsIt() throws {
        let decision = try AdviceFixtures.json("policy-decision-transaction.json")
        let granted: JSONValue = ["resource": "x", "actions": ["GET": true], "advices": [:]]
        let advice = try #require(try AdviceParser.fromDecision(.array([granted, decision])))
        #expect(advice.txid == "5afff42a-2715-40c8-98e7-919abc1b2dfc")
        #expect(try AdviceParser.fromDecision(.array([granted])) == nil)
    }

    @Test func igRedirectWithURLEncodedXML() throws {
        let advice = try #require(try detect(response: "ig-307-redirect-transaction.json"))
        #expect(advice.form == .igRedirect)
        #expect(
            advice.advices == [
                PolicyAdvice(name: "TransactionConditionAdvice", values: ["cbac1559-ec42-4bdb-9d30-61c3abaf5a6b"])
            ])
        #expect(advice.goto == "http://openig.petrov.ca/products?_txid=cbac1559-ec42-4bdb-9d30-61c3abaf5a6b")
        #expect(advice.txid == "cbac1559-ec42-4bdb-9d30-61c3abaf5a6b")
    }

    @Test func igRedirectWithBase64URLXML() throws {
        let advice = try #require(try detect(response: "ig-307-redirect-transaction-base64url.json"))
        #expect(advice.form == .igRedirect)
        #expect(advice.txid == "ebfbbd31-36d7-486f-89fd-7bf7694d3e7e")
        #expect(advice.advices.first?.values == ["ebfbbd31-36d7-486f-89fd-7bf7694d3e7e"])
    }

    /// Some IG deployments percent-encode the advice (and goto) once more: `%253CAdvices%253E`.
    /// The JavaScript SDK decodes the query value a second time; the runner decodes until the
    /// value reads as XML or base64url, a few rounds at most.
    @Test func igRedirectWithTwiceEncodedAdvice() throws {
        let xml = AdviceXML.build([PolicyAdvice(name: "TransactionConditionAdvice", values: ["tx-1"])])
        let once = PercentEncoding.queryComponent(xml)
        let twice = PercentEncoding.queryComponent(once)
        let fullyEncoded = PercentEncoding.queryComponent(
            PercentEncoding.queryComponent("https://ig.example.com/w?_txid=tx-1"))
        // IG's own encoder leaves ':' and '/' alone: only the escapes show it was applied twice.
        let igEncoded = "https://ig.example.com/w?_txid%253Dtx-1"
        for (value, goto) in [(twice, fullyEncoded), (PercentEncoding.queryComponent(twice), igEncoded)] {
            let location =
                "https://am.example.com/am/?goto=\(goto)&realm=/&authIndexType=composite_advice&authIndexValue=\(value)"
            let advice = try #require(
                try AdviceParser.detect(status: 307, headers: [HeaderField("Location", location)], body: Data()))
            #expect(advice.advices == [PolicyAdvice(name: "TransactionConditionAdvice", values: ["tx-1"])])
            #expect(advice.goto == "https://ig.example.com/w?_txid=tx-1")
        }
        let base64 = PercentEncoding.queryComponent(PercentEncoding.queryComponent(Base64URL.encode(xml) + "=="))
        let location = "https://am/am/?authIndexType=composite_advice&authIndexValue=\(base64)"
        let advice = try #require(
            try AdviceParser.detect(status: 307, headers: [HeaderField("Location", location)], body: Data()))
        #expect(advice.txid == "tx-1")
    }

    @Test func adviceEncodedMoreThanAFewTimesIsNotDecodedForever() {
        var value = AdviceXML.build([PolicyAdvice(name: "TransactionConditionAdvice", values: ["x"])])
        for _ in 0..<6 { value = PercentEncoding.queryComponent(value) }
        let location = "https://am/am/?authIndexType=composite_advice&authIndexValue=\(value)"
        #expect(throws: AdviceParser.Failure.self) {
            try AdviceParser.detect(status: 307, headers: [HeaderField("Location", location)], body: Data())
        }
    }

    @Test func igWWWAuthenticateHeader() throws {
        let transaction = try #require(try detect(response: "ig-401-www-authenticate-transaction.json"))
        #expect(transaction.form == .igHeader)
        let decoded = try AdviceFixtures.json("ig-advices-decoded-transaction.json")
        #expect(transaction.txid == decoded["TransactionConditionAdvice"]?.arrayValue?.first?.stringValue)
        let tree = try #require(try detect(response: "ig-401-www-authenticate-tree.json"))
        #expect(
            tree.advices == [
                PolicyAdvice(name: "AuthenticateToServiceConditionAdvice", values: ["/sdk:ConfirmPassword"])
            ])
        #expect(tree.tree == "ConfirmPassword")
    }

    /// IG as an OAuth 2.0 resource server puts the same base64 JSON in a Bearer challenge; a
    /// Bearer challenge without advices (an invalid token) is not advice.
    @Test func bearerChallengeWithAdvices() throws {
        let advices = Data(#"{"TransactionConditionAdvice":["9dae2c80-fe7b-4b5a-a8a0-2d1d4f4b6b33"]}"#.utf8)
            .base64EncodedString()
        let header = #"Bearer realm="/alpha", error="insufficient_scope", advices="\#(advices)""#
        let advice = try #require(
            try AdviceParser.detect(status: 401, headers: [HeaderField("WWW-Authenticate", header)], body: Data()))
        #expect(advice.form == .igHeader)
        #expect(advice.txid == "9dae2c80-fe7b-4b5a-a8a0-2d1d4f4b6b33")
        let invalid =
            #"Bearer realm="/alpha", error="invalid_token", error_description="The access token provided is expired""#
        #expect(
            try AdviceParser.detect(status: 401, headers: [HeaderField("WWW-Authenticate", invalid)], body: Data())
                == nil)
    }

    @Test func theCompositeAdviceRequestMatchesTheSDKs() throws {
        let fixture = try AdviceFixtures.json("composite-advice-authenticate-request.json")
        let xml = AdviceXML.build([PolicyAdvice(name: "TransactionConditionAdvice", values: ["abc"])])
        #expect(
            xml
                == #"<Advices><AttributeValuePair><Attribute name="TransactionConditionAdvice"/><Value>abc</Value></AttributeValuePair></Advices>"#
        )
        let url = AMEndpoints.authenticateURL(
            base: "https://openam.example.com/am", realm: "/",
            query: [("authIndexType", "composite_advice"), ("authIndexValue", xml)])
        #expect(url == fixture["url"]?.stringValue)
        #expect(fixture["headers"]?["Accept-API-Version"]?.stringValue == JourneyLoop.adviceAPIVersion)
    }

    @Test func xmlRoundTripsWithSeveralAdvicesAndValues() throws {
        let advices = [
            PolicyAdvice(name: "TransactionConditionAdvice", values: ["a&b", "c"]),
            PolicyAdvice(name: "AuthLevelConditionAdvice", values: ["10"]),
        ]
        #expect(try AdviceXML.parse(AdviceXML.build(advices)) == advices)
        #expect(try AdviceXML.parse(Base64URL.encode(AdviceXML.build(advices))) == advices)
        // The JS SDK joins values with spaces inside one <Value>.
        let joined =
            #"<Advices> <AttributeValuePair><Attribute name='TransactionConditionAdvice'/><Value>x y</Value></AttributeValuePair></Advices>"#
        #expect(try AdviceXML.parse(joined) == [PolicyAdvice(name: "TransactionConditionAdvice", values: ["x", "y"])])
    }

    @Test func responsesWithoutAdviceAreFinal() throws {
        #expect(try AdviceParser.detect(status: 200, headers: [], body: Data(#"{"result":"ok"}"#.utf8)) == nil)
        #expect(try AdviceParser.detect(status: 403, headers: [], body: Data("forbidden".utf8)) == nil)
        #expect(
            try AdviceParser.detect(status: 302, headers: [HeaderField("Location", "https://am/login")], body: Data())
                == nil)
        #expect(try AdviceParser.detect(status: 200, headers: [], body: Data(#"{"advices":{}}"#.utf8)) == nil)
    }

    // MARK: Advice that cannot be read

    func failure(status: Int = 200, headers: [HeaderField] = [], body: String = "") -> String? {
        do {
            _ = try AdviceParser.detect(status: status, headers: headers, body: Data(body.utf8))
            return nil
        } catch {
            return error.message
        }
    }

    @Test func badBase64InTheHeader() {
        let header = HeaderField("WWW-Authenticate", #"SSOADVICE realm="/",advices="not*base64!",am_uri="https://am/""#)
        #expect(
            failure(status: 401, headers: [header])
                == "the advices parameter of WWW-Authenticate is not base64: 'not*base64!'")
        let missing = HeaderField("WWW-Authenticate", #"SSOADVICE realm="/""#)
        #expect(
            failure(status: 401, headers: [missing])
                == #"WWW-Authenticate 'SSOADVICE realm="/"' has no advices="…" parameter"#)
        let notJSON = HeaderField(
            "WWW-Authenticate", "SSOADVICE advices=\"\(Data("hello".utf8).base64EncodedString())\"")
        #expect(
            failure(status: 401, headers: [notJSON])
                == "the advices parameter of WWW-Authenticate decodes to 'hello', which is not JSON")
    }

    @Test func badXMLInTheRedirect() {
        func location(_ value: String) -> [HeaderField] {
            [HeaderField("Location", "https://am/am/?goto=x&authIndexType=composite_advice&authIndexValue=\(value)")]
        }
        #expect(
            failure(status: 307, headers: location("%3CAdvices%3E%3CValue%3Ex%3C/Value%3E%3C/Advices%3E"))
                == "the redirect's authIndexValue cannot be read: bad advice XML: expected <AttributeValuePair> at character 10 of '<Advices><Value>x</Value></Advices>'"
        )
        #expect(
            failure(status: 307, headers: location("%%%"))
                == "the redirect's authIndexValue cannot be read: '%%%' is neither <Advices> XML nor base64url-encoded XML"
        )
        #expect(
            failure(status: 302, headers: [HeaderField("Location", "https://am/am/?authIndexType=composite_advice")])
                == "the redirect to https://am/am/?authIndexType=composite_advice names composite_advice but has no authIndexValue"
        )
        #expect(
            failure(status: 307, headers: location(Base64URL.encode("just text")))
                == "the redirect's authIndexValue cannot be read: 'anVzdCB0ZXh0' decodes from base64url to 'just text', which is not <Advices> XML"
        )
    }

    @Test func unknownAdviceTypesAndEmptyValues() {
        #expect(
            failure(body: #"{"advices":{"TransactionConditionAdvise":["x"]}}"#)
                == "unknown advice type 'TransactionConditionAdvise' (did you mean TransactionConditionAdvice?); the runner satisfies TransactionConditionAdvice, AuthenticateToServiceConditionAdvice, AuthLevelConditionAdvice, AuthSchemeConditionAdvice, AuthenticateToRealmConditionAdvice"
        )
        #expect(
            failure(body: #"{"advices":{"TransactionConditionAdvice":[]}}"#)
                == "TransactionConditionAdvice has no value")
        #expect(
            failure(body: #"{"advices":{"TransactionConditionAdvice":[1]}}"#)
                == "the policy decision's advices: TransactionConditionAdvice must be a list of strings, found [1]")
        #expect(
            failure(body: #"{"advices":{"AuthenticateToServiceConditionAdvice":["NoRealm"]}}"#)
                == "AuthenticateToServiceConditionAdvice 'NoRealm' is not '<realm>:<tree>'")
        #expect(
            failure(body: #"{"advices":["x"]}"#)
                == #"the policy decision's advices must be an object of advice types, found ["x"]"#)
    }
}
