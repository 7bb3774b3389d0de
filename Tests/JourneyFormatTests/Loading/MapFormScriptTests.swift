import JourneyCore
import JourneyTestSupport
import Testing

@testable import JourneyFormat

/// A complete script with map-form handlers, every var source, server and limits.
@Suite struct MapFormScriptTests {
    let text = """
        # yaml-language-server: $schema=../schemas/journey.schema.json
        version: 1
        kind: journey
        name: Login with reCAPTCHA Enterprise
        description: The sketch of the map form
        tags: [smoke, recaptcha]
        protocol: pingam
        server:
          url: "{{ env.AM_URL }}"
          realm: alpha
          cookieName: iPlanetDirectoryPro
          headers: { X-Trace: "run-{{ runId }}" }
          verifyTLS: false
          timeout: 500ms
          simulate: trees/login.yaml
        journey: Login
        vars:
          username: demo
          count: 3
          profile: { city: Paris, zip: 75001 }
          greeting: "hello {{ username }}"
          password: { env: DEMO_PASSWORD, default: secret123, secret: true }
          runId: { generate: uuid }
          email: { generate: email }
          stamp: { generate: timestamp }
          otp: { generate: digits }
          token: { command: [./token.sh, --site, abc], timeout: 2000, secret: true }
          split: { command: "./token.sh --fast" }
          code: { outbox: { to: "{{ email }}", field: code } }
          wrapped: { value: "{{ username }}", secret: true }
          data: { value: 99.99, currencyCode: USD }
        handlers:
          NameCallback: "{{ username }}"
          PasswordCallback: { env: DEMO_PASSWORD, secret: true }
          NumberAttributeInputCallback: 42
          ReCaptchaEnterpriseCallback:
            token: { env: RECAPTCHA_TEST_TOKEN, secret: true }
            action: login
            timeout: 15000
            payload:
              firewallPolicyEvaluation: true
              transactionData: { transactionId: "TXN-{{ otp }}", value: 99.99, currencyCode: USD }
        expect:
          steps:
            - [NameCallback, PasswordCallback]
            - [ReCaptchaEnterpriseCallback]
          outcome: success
        limits:
          maxSteps: 10
          maxPolls: 3
          fastPolling: true
        """

    @Test func loadsTheTopLevel() throws {
        let script = try #require(LoaderTestSupport.load(text))
        #expect(script.version == 1)
        #expect(script.name == "Login with reCAPTCHA Enterprise")
        #expect(script.description == "The sketch of the map form")
        #expect(script.tags == ["smoke", "recaptcha"])
        #expect(script.protocolKind == .pingam)
        let start = try #require(script.pingAM?.start)
        #expect(start.authIndexType == "service")
        #expect(start.authIndexValue?.literalText == "Login")
        #expect(start.location.line == 16)
        #expect(script.limits == Limits(maxSteps: 10, maxPolls: 3, fastPolling: true))
    }

    @Test func loadsTheServer() throws {
        let server = try #require(LoaderTestSupport.load(text)).server
        #expect(server.url?.soleExpression == .path(["env", "AM_URL"]))
        #expect(server.realm?.literalText == "alpha")
        #expect(server.cookieName == "iPlanetDirectoryPro")
        #expect(server.headers.map(\.name) == ["X-Trace"])
        #expect(server.headers.first?.value.description == "run-{{ runId }}")
        #expect(server.verifyTLS == false)
        #expect(server.timeoutSeconds == 0.5)
        #expect(server.simulate?.value == "trees/login.yaml")
        #expect(server.simulate?.location == SourceLocation(file: "test.yaml", line: 15, column: 13))
    }

    @Test func loadsEveryVarSource() throws {
        let vars = try #require(LoaderTestSupport.load(text)).vars
        let described = Dictionary(uniqueKeysWithValues: vars.map { ($0.name, LoaderTestSupport.describe($0.value)) })
        #expect(
            vars.map(\.name) == [
                "username", "count", "profile", "greeting", "password", "runId", "email", "stamp", "otp", "token",
                "split",
                "code", "wrapped", "data",
            ])
        #expect(described["username"] == "literal \"demo\"")
        #expect(described["count"] == "literal 3")
        #expect(described["profile"] == #"literal {"city":"Paris","zip":75001}"#)
        #expect(described["greeting"] == "template hello {{ username }}")
        #expect(described["password"] == "env DEMO_PASSWORD default secret123 secret")
        #expect(described["runId"] == "generate uuid")
        #expect(described["email"] == "generate email")
        #expect(described["stamp"] == "generate timestamp")
        #expect(described["otp"] == "generate digits")
        #expect(described["token"] == #"command ["./token.sh", "--site", "abc"] timeout 2000 secret"#)
        #expect(described["split"] == #"command ["./token.sh", "--fast"] timeout -"#)
        #expect(described["code"] == "outbox {{ email }} code")
        #expect(described["wrapped"] == "template {{ username }} secret")
        #expect(described["data"] == #"literal {"currencyCode":"USD","value":99.99}"#)
        #expect(vars.first?.location == SourceLocation(file: "test.yaml", line: 18, column: 3))
    }

    @Test func loadsMapFormHandlers() throws {
        let handlers = try #require(LoaderTestSupport.load(text)).handlers
        #expect(
            handlers.map { $0.matcher.type?.value } == [
                "NameCallback", "PasswordCallback", "NumberAttributeInputCallback", "ReCaptchaEnterpriseCallback",
            ])
        #expect(LoaderTestSupport.describe(handlers[0].answer.value) == "template {{ username }}")
        #expect(LoaderTestSupport.describe(handlers[1].answer.value) == "env DEMO_PASSWORD default - secret")
        #expect(LoaderTestSupport.describe(handlers[2].answer.value) == "literal 42")
        let recaptcha = handlers[3].answer
        #expect(LoaderTestSupport.describe(recaptcha.token) == "env RECAPTCHA_TEST_TOKEN default - secret")
        #expect(recaptcha.action?.value == "login")
        #expect(recaptcha.timeoutMilliseconds?.value == 15000)
        #expect(
            recaptcha.payload?.value.compactJSON
                == #"{"firewallPolicyEvaluation":true,"transactionData":{"currencyCode":"USD","transactionId":"TXN-{{ otp }}","value":99.99}}"#
        )
        #expect(recaptcha.setOptions.map(\.key) == ["token", "action", "timeout", "payload"])
        #expect(handlers[0].location == SourceLocation(file: "test.yaml", line: 33, column: 3))
    }

    @Test func loadsStepAndOutcomeExpectations() throws {
        let expect = try #require(LoaderTestSupport.load(text)).expect
        #expect(
            expect.steps?.map(\.callbacks) == [["NameCallback", "PasswordCallback"], ["ReCaptchaEnterpriseCallback"]])
        guard case .success(let check) = expect.outcome else {
            Issue.record("expected success, found \(expect.outcome.name)")
            return
        }
        #expect(check.session == nil && check.realm == nil)
    }

    @Test func defaultsWhenOptionalSectionsAreAbsent() throws {
        let script = try #require(LoaderTestSupport.load("version: 1\nname: Minimal\njourney: Login\n"))
        #expect(script.expect.outcome.name == "success")
        #expect(script.expect.steps == nil)
        #expect(script.limits == Limits())
        #expect(script.server.verifyTLS)
        #expect(script.server.timeoutSeconds == 30)
        #expect(script.handlers.isEmpty && script.vars.isEmpty && script.captures.isEmpty)
    }
}
