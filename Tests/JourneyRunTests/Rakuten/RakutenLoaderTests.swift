import Foundation
import JourneyCore
import JourneyTestSupport
import Testing

@testable import JourneyFormat
@testable import JourneyRun

/// `protocol: rakuten`: the `rakuten:` section, `expect.challenge`, and what the protocol refuses.
@Suite struct RakutenLoaderTests {
    static let header = """
        version: 1
        name: Rakuten
        protocol: rakuten

        """

    @Test func aFullRakutenSectionLoads() throws {
        let script = try #require(
            LoaderTestSupport.load(
                Self.header + """
                    rakuten:
                      clientId: ichiba_app
                      clientSecret: { env: RAE_SECRET }
                      scope: [memberinfo_read_name, 90days@Access]
                      username: taro.test
                      password: pw
                      serviceId: i101
                      challenger: http://127.0.0.1:9/challenger
                      pageId: my-page
                      device: { app: jp.co.example, appVersion: 2.0, os: iOS, osVersion: "14.4", model: "iPhone12,1", timeZone: "-540" }
                      challenge: { timeout: 5000, retries: 2, result: "{{ challenge.cid }}", sendWithout: false }
                      refresh: true
                    expect:
                      challenge: { solved: true, ctype: 127, maxTries: 1000000 }
                      tokens: { scope: [90days@Access], userinfo: { firstName: Taro } }
                      outcome: { failure: { error: invalid_grant } }
                    cleanup: { revoke: true }
                    """))
        let spec = try #require(script.rakuten)
        #expect(script.protocolKind == .rakuten)
        #expect(spec.grant == .password && spec.clientSecret.secret && spec.password?.secret == true)
        #expect(spec.scope == ["memberinfo_read_name", "90days@Access"] && spec.pageId == "my-page" && spec.refresh)
        #expect(
            spec.device.app == "jp.co.example" && spec.device.appVersion == "2.0" && spec.device.osVersion == "14.4")
        #expect(
            spec.challenge.timeoutMilliseconds == 5000 && spec.challenge.retries == 2 && !spec.challenge.sendWithout)
        #expect(spec.challenge.result != nil)
        let challenge = try #require(script.expect.challenge)
        #expect(challenge.solved == true && challenge.ctype == 127 && challenge.maxTries == 1_000_000)
        #expect(script.cleanup?.revoke == true)
    }

    @Test func scopesAreSortedByCodePointAndCommaJoined() {
        #expect(
            RakutenSpec.scopeParameter(["memberinfo_read_name", "90days@Access", "365days@Refresh", "Zeta"])
                == "365days@Refresh,90days@Access,Zeta,memberinfo_read_name")
    }

    @Test func aPasswordGrantNeedsTheMembersCredentials() {
        let problems = LoaderTestSupport.problems(
            Self.header + "rakuten: { clientId: app, clientSecret: { value: s, secret: true } }\n")
        #expect(problems.contains { $0.contains("username") })
        #expect(problems.contains { $0.contains("password") })
    }

    @Test func clientCredentialsRefuseUserKeys() {
        let problems = LoaderTestSupport.problems(
            Self.header + """
                rakuten: { grant: clientCredentials, clientId: app, clientSecret: s, username: taro, challenge: { retries: 1 } }
                """)
        #expect(problems.contains { $0.contains("rakuten.username has no effect with grant: clientCredentials") })
        #expect(problems.contains { $0.contains("rakuten.challenge has no effect") })
    }

    @Test func otherProtocolsKeysAndOutcomesAreRefused() {
        let problems = LoaderTestSupport.problems(
            Self.header + """
                journey: Login
                rakuten: { grant: clientCredentials, clientId: app, clientSecret: s }
                request: { url: /x }
                cleanup: logout
                expect: { outcome: redirect }
                """)
        #expect(problems.contains { $0.contains("'journey' has no meaning in a protocol: rakuten script") })
        #expect(problems.contains { $0.contains("no request: phase") })
        #expect(problems.contains { $0.contains("cleanup revokes its token and checks it after") })
        #expect(problems.contains { $0.contains("outcome 'redirect' is not an outcome of a protocol: rakuten script") })
    }

    @Test func limitsAreBounded() {
        let problems = LoaderTestSupport.problems(
            Self.header + """
                rakuten:
                  clientId: app
                  clientSecret: s
                  username: u
                  password: p
                  challenge: { timeout: 600000, retries: 9 }
                """)
        #expect(problems.contains { $0.contains("rakuten.challenge.timeout") })
        #expect(problems.contains { $0.contains("rakuten.challenge.retries") })
    }

    @Test func theSectionAndExpectChallengeBelongToRakuten() {
        let missing = LoaderTestSupport.problems(Self.header)
        #expect(missing.contains { $0.contains("needs a 'rakuten:' section") })
        let foreign = LoaderTestSupport.problems(
            """
            version: 1
            name: AM
            journey: Login
            rakuten: { clientId: a, clientSecret: s }
            expect: { challenge: { solved: true } }
            """)
        #expect(foreign.contains { $0.contains("'rakuten:' belongs to a protocol: rakuten script") })
        #expect(foreign.contains { $0.contains("expect.challenge checks Challenger's challenge") })
    }
}

/// The wire rules of the reference: form encoding, RAE errors, Challenger's URL and answers.
@Suite struct RakutenWireTests {
    @Test func formsAreRFC3986EncodedAndSortedByPair() {
        let body = String(
            decoding: RakutenWire.form([
                ("username", "taro.test"), ("password", "p@ss word+1"), ("scope", "a,b"), ("grant_type", "password"),
                ("x", "/?~"),
            ]), as: UTF8.self)
        #expect(body == "grant_type=password&password=p%40ss%20word%2B1&scope=a%2Cb&username=taro.test&x=/?~")
    }

    @Test func raeErrorsFollowTheSDKsParser() {
        func parse(_ status: Int, _ body: String) -> RakutenWire.Failure? {
            RakutenWire.failure(status: status, body: Data(body.utf8)).failure
        }
        #expect(
            parse(200, #"{"error":"invalid_grant","error_description":"username/password is wrong"}"#)
                == .init(error: "invalid_grant", description: "username/password is wrong"))
        #expect(parse(500, #"{"error":"x","errorMessage":"m"}"#) == .init(error: "x", description: "m"))
        #expect(parse(400, "{}")?.error == "invalid_request")
        #expect(parse(403, "{}")?.error == "access_denied")
        #expect(parse(404, "{}")?.error == "not_found")
        #expect(parse(409, "{}")?.error == "conflict")
        #expect(parse(502, "{}")?.error == "invalid_response")
        #expect(parse(200, #"{"statusCode":404}"#)?.error == "not_found")
        #expect(parse(200, #"{"statusCode":"success"}"#) == nil)
        #expect(parse(200, #"{"statusCode":"odd"}"#)?.error == "odd")
        #expect(parse(200, "")?.error == "invalid_response")
        #expect(parse(200, "{}") == nil)
        #expect(RakutenWire.Failure(error: "system_error").code == 1)
        #expect(RakutenWire.Failure(error: "wrong_parameter").code == 2)
        #expect(RakutenWire.Failure(error: "not_found").code == 3)
        #expect(RakutenWire.Failure(error: "other").code == 5)
    }

    @Test func theChallengerURLRule() {
        #expect(
            RakutenWire.challengerURL(forTokenServer: "https://app.rakuten.co.jp")
                == "https://challenger.api.rakuten.co.jp")
        #expect(
            RakutenWire.challengerURL(forTokenServer: "https://stg.app.rakuten.co.jp/base")
                == "https://stg-challenger.api.rakuten.co.jp")
        #expect(RakutenWire.challengerURL(forTokenServer: "http://127.0.0.1:8080/rae") == "http://127.0.0.1:8080")
        #expect(
            RakutenWire.parametersURL(challenger: "http://h:1/prefix", cid: "a b")
                == "http://h:1/v1.0/m?cid=a%20b&mtype=0")
    }

    @Test func challengerAnswersAreReadAsTheSDKReadsThem() {
        #expect(ChallengerAnswer.challenge(Data(#"{"result":{"cid":"c1","ctype":127}}"#.utf8))?.ctype == 127)
        #expect(ChallengerAnswer.challenge(Data(#"{"result":{"cid":"c1","ctype":"127"}}"#.utf8)) == nil)
        #expect(ChallengerAnswer.challenge(Data(#"{"cid":"c1","ctype":0}"#.utf8)) == nil)
        let pow = ChallengerAnswer.parameters(Data(#"{"mask":"a1b2","key":"Wd3fQz8a","seed":1234567890}"#.utf8))
        #expect(pow == ChallengerProofOfWork(key: "Wd3fQz8a", seed: 1_234_567_890, mask: 0xa1b2))
        #expect(ChallengerAnswer.parameters(Data(#"{"mask":"a1b2","key":"k","seed":"1"}"#.utf8)) == nil)
        #expect(ChallengerAnswer.parameters(Data(#"{"result":{"mask":"a1b2","key":"k","seed":1}}"#.utf8)) == nil)
    }
}
