import JourneyCore
import JourneyTestSupport
import Testing

@testable import JourneySuite

/// `request:`, `uses:`, `cleanup:`, the `authorized`/`denied` outcomes and `singleUse`.
@Suite struct ResourcePhaseLoaderTests {
    @Test func aFullRequestPhaseLoads() throws {
        let text = """
            version: 1
            name: Withdraw
            journey: Login
            vars:
              amount: 100
            request:
              method: post
              url: /resources/withdraw
              headers: { X-Request-Id: "{{ uuid() }}" }
              body: { amount: "{{ amount }}", currency: EUR }
              adviceInHeader: true
              retry:
                txid: header
                tree: none
                url: https://ig.example.com/withdraw
                headers: { X-Retry: "1" }
            cleanup: { logout: true, before: valid, after: invalid }
            expect:
              outcome:
                authorized: { status: 200, body: { result: withdrawn }, advice: /Transaction/ }
              singleUse: true
            """
        let script = try #require(LoaderTestSupport.load(text))
        let request = try #require(script.request)
        #expect(request.method == "POST")
        #expect(request.url.literalText == "/resources/withdraw")
        #expect(request.headers.map(\.name) == ["X-Request-Id"])
        guard case .json(let body)? = request.body else {
            Issue.record("expected a JSON body")
            return
        }
        #expect(body["currency"] == "EUR")
        #expect(request.adviceInHeader)
        #expect(request.retry.txid == .header)
        #expect(request.retry.tree == .none)
        #expect(request.retry.url?.literalText == "https://ig.example.com/withdraw")
        #expect(request.location.line == 7)
        let cleanup = try #require(script.cleanup)
        #expect(cleanup.logout && cleanup.before == .valid && cleanup.after == .invalid)
        guard case .authorized(let check) = script.expect.outcome else {
            Issue.record("expected authorized, got \(script.expect.outcome.name)")
            return
        }
        #expect(check.status == 200)
        #expect(check.advice?.matches("TransactionConditionAdvice") == true)
        #expect(script.expect.singleUse?.value == true)
        #expect(script.pingAM?.start != nil)
    }

    @Test func aRequestDefaultsToAuthorizedAndCleanupShortForm() throws {
        let text = "version: 1\nname: R\njourney: Login\nrequest: { url: /r }\ncleanup: logout\n"
        let script = try #require(LoaderTestSupport.load(text))
        #expect(script.expect.outcome.name == "authorized")
        #expect(script.request?.method == "GET")
        #expect(script.request?.retry.txid == .auto)
        let cleanup = try #require(script.cleanup)
        #expect(cleanup.logout && cleanup.before == .valid && cleanup.after == .invalid)
    }

    @Test func usesReplacesTheJourneyAndDeclaresOutputs() throws {
        let text = """
            version: 1
            name: Uses
            uses:
              script: login.yaml
              outputs: [password]
            handlers:
              PasswordCallback: "{{ password }}"
            request: { url: /ig/withdraw }
            expect:
              outcome: { denied: { status: 403 } }
            """
        let script = try #require(LoaderTestSupport.load(text))
        #expect(script.pingAM != nil && script.pingAM?.start == nil)
        #expect(script.uses?.script.value == "login.yaml")
        #expect(script.uses?.outputs.map(\.value) == ["password"])
        #expect(script.expect.outcome.name == "denied")
        let short = try #require(LoaderTestSupport.load("version: 1\nname: U\nuses: login.yaml\n"))
        #expect(short.uses?.script.value == "login.yaml" && short.uses?.outputs.isEmpty == true)
    }

    @Test func unknownKeysHaveSuggestionsAndPlaces() {
        let text = """
            version: 1
            name: Typos
            journey: Login
            request:
              methd: GET
              url: /r
              retry: { txid: queyr, tre: none }
            cleanup: logot
            """
        #expect(
            LoaderTestSupport.problems(text) == [
                "5:3 error: unknown key 'methd' in request [did you mean 'method'?]",
                "7:18 error: request.retry.txid must be one of auto, query, header, none, found 'queyr' [did you mean 'query'?]",
                "7:25 error: unknown key 'tre' in request.retry [did you mean 'tree'?]",
                "8:10 error: cleanup must be one of logout, found 'logot' [did you mean 'logout'?]",
            ])
    }

    @Test func resourceOutcomesNeedARequest() {
        #expect(
            LoaderTestSupport.problems("version: 1\nname: A\njourney: Login\nexpect: { outcome: authorized }\n") == [
                "4:20 error: outcome 'authorized' is about a protected resource, and the script has no 'request:' [add a request: phase, or expect one of success, failure, suspended, redirect, timeout]"
            ])
        let singleUse =
            "version: 1\nname: S\njourney: Login\nrequest: { url: /r }\nexpect: { outcome: denied, singleUse: true }\n"
        #expect(
            LoaderTestSupport.problems(singleUse) == [
                "5:39 error: expect.singleUse checks that an authorized grant cannot be used twice; it needs outcome 'authorized'"
            ])
    }

    @Test func badRequestValuesAreReported() {
        let text = """
            version: 1
            name: Bad
            journey: Login
            request:
              method: FETCH
              body:
            expect:
              outcome: { authorized: { status: 42, bdy: x } }
            """
        #expect(
            LoaderTestSupport.problems(text) == [
                "5:3 error: missing required key 'url' in request",
                "5:11 error: request.method must be one of GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS, found 'FETCH'",
                "6:8 error: request.body has no value [write a mapping (sent as JSON) or a string]",
                "8:36 error: expect.outcome.authorized.status must be between 100 and 599, found 42",
                "8:40 error: unknown key 'bdy' in expect.outcome.authorized [did you mean 'body'?]",
            ])
    }

    @Test func usesOutputsAreVariablesAndMustNotClash() {
        let text = """
            version: 1
            name: Clash
            uses: { script: login.yaml, outputs: [password, "bad name"] }
            vars:
              password: x
            handlers:
              PasswordCallback: "{{ pasword }}"
            """
        let problems = LoaderTestSupport.problems(text)
        #expect(
            problems.contains(
                "3:49 error: 'bad name' cannot name an output: use letters, digits and '_', starting with a letter"))
        #expect(
            problems.contains(
                "3:39 error: uses output 'password' has the same name as a variable or capture of this script"))
        #expect(problems.contains { $0.hasPrefix("7:25 error: undefined variable 'pasword'") })
    }
}
