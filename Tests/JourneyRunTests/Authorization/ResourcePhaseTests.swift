import Foundation
import JourneyCore
import JourneyTestSupport
import Synchronization
import Testing

@testable import JourneyFormat
@testable import JourneyRun

/// A tiny AM plus a resource, as a scripted `Transport`: a one-step password journey (right
/// password → tokenId `TOKEN-1234`, without Set-Cookie, as AIC does), serverinfo, sessions, and
/// a resource whose answers the test decides.
enum StubServer {
    /// What the server remembers between requests.
    private final class State: Sendable {
        let loggedOut = Mutex(false)
        /// Requests to a URL outside /am so far.
        let outsideAM = Mutex(0)
    }

    /// `resource(request, n)` answers the n-th (from 1) call to a URL outside /am.
    static func transport(resource: @escaping @Sendable (TransportRequest, Int) -> TransportResponse)
        -> ScriptedTransport
    {
        let state = State()
        return ScriptedTransport { request, _ in
            let url = request.url
            let outside = state.outsideAM.withLock { count in
                if !url.contains("/am/") { count += 1 }
                return count
            }
            if url.contains("/json/serverinfo/") { return Self.json(#"{"cookieName":"sess"}"#) }
            if url.contains("/sessions?_action=validate") {
                let valid = request.headers.value("sess") == "TOKEN-1234" && !state.loggedOut.withLock { $0 }
                return Self.json(#"{"valid":\#(valid)}"#)
            }
            if url.contains("/sessions?_action=logout") {
                state.loggedOut.withLock { $0 = true }
                return Self.json(#"{"result":"Successfully logged out"}"#)
            }
            if url.contains("/authenticate") {
                let body = (try? JSONValue.parse(request.body ?? Data())) ?? .null
                if body["authId"] == nil {
                    return Self.json(
                        #"{"authId":"a1","stage":"\#(url.contains("composite_advice") ? "Confirm" : "Login")","callbacks":[{"type":"PasswordCallback","output":[{"name":"prompt","value":"Password"}],"input":[{"name":"IDToken1","value":""}]}]}"#
                    )
                }
                let password = body["callbacks"]?.arrayValue?.first?["input"]?.arrayValue?.first?["value"]?.stringValue
                if password == "right" {
                    return Self.json(#"{"tokenId":"TOKEN-1234","successUrl":"/am/console","realm":"/"}"#)
                }
                return Self.json(#"{"code":401,"reason":"Unauthorized","message":"Login failure"}"#, status: 401)
            }
            return resource(request, outside)
        }
    }

    static func json(_ text: String, status: Int = 200, headers: [HeaderField] = []) -> TransportResponse {
        TransportResponse(
            status: status, headers: [HeaderField("Content-Type", "application/json")] + headers, body: Data(text.utf8))
    }

    static let decision = json(
        #"{"resource":"r","actions":{},"attributes":{},"advices":{"TransactionConditionAdvice":["tx-1"]},"ttl":0}"#)
    static let granted = json(#"{"result":"withdrawn"}"#)
}

@Suite struct ResourcePhaseTests {
    static func run(
        _ server: ScriptedTransport, request: String = "request: { url: /resource }",
        handlers: String = "PasswordCallback: right",
        expect: String = "expect: { outcome: authorized }", extra: String = ""
    ) async throws -> JourneyResult {
        let text = """
            version: 1
            name: Stub
            server: { url: "https://am.example.com/am" }
            journey: Login
            handlers:
              \(handlers)
            \(request)
            \(expect)
            \(extra)
            """
        let script = try ScriptLoader.load(text: text, file: "stub.yaml")
        let compiled = try JourneyCompiler.compile(script)
        return await JourneyDriver.run(
            compiled,
            configuration: RunConfiguration(environment: [:], transport: server, clock: ManualClock(), seed: 7))
    }

    @Test func theAdviceIsSatisfiedAndTheRetryCarriesTheTxID() async throws {
        let server = StubServer.transport { request, count in
            count == 1
                ? StubServer.decision
                : (request.headers.value("X-TxID") == "tx-1" ? StubServer.granted : StubServer.decision)
        }
        let result = try await Self.run(server)
        #expect(result.status == .passed, "\(result.failures) \(String(describing: result.error))")
        guard case .authorized(200, "TransactionConditionAdvice", _)? = result.outcome else {
            Issue.record("outcome \(String(describing: result.outcome))")
            return
        }
        #expect(
            result.steps.map { $0.phase ?? "-" } == [
                "-", "-", "session", "request", "advice journey", "advice journey", "retry",
            ])
        #expect(result.steps.map(\.number) == Array(1...7))
        // The token came only in the body: its cookie name was read from serverinfo.
        let resourceCall = try #require(server.requests.first { $0.url == "https://am.example.com/resource" })
        #expect(resourceCall.headers.value("Cookie") == "sess=TOKEN-1234")
        let composite = try #require(server.requests.first { $0.url.contains("composite_advice") })
        #expect(composite.headers.value("Accept-API-Version") == "resource=2.0, protocol=1.0")
        #expect(
            composite.url.hasSuffix(
                "authIndexValue=\(AMEndpoints.queryString([("", AdviceXML.build([PolicyAdvice(name: "TransactionConditionAdvice", values: ["tx-1"])]))]).dropFirst(2))"
            ))
        #expect(result.steps[3].notes.map(\.value) == ["TransactionConditionAdvice [tx-1] (policy decision)"])
        // Session cookies and the token never reach the trace.
        let trace = result.steps.map { "\($0.exchange.requestHeaders) \($0.exchange.responseBody ?? "")" }.joined()
        #expect(!trace.contains("TOKEN-1234"))
    }

    @Test func aResourceWithoutAdviceIsAuthorizedAtOnceOrDenied() async throws {
        let open = try await Self.run(StubServer.transport { _, _ in StubServer.granted })
        guard case .authorized(200, nil, _)? = open.outcome else {
            Issue.record("outcome \(String(describing: open.outcome))")
            return
        }
        let closed = try await Self.run(
            StubServer.transport { _, _ in StubServer.json(#"{"code":403}"#, status: 403) },
            expect: "expect: { outcome: { denied: { status: 403, body: { code: 403 } } } }")
        #expect(closed.status == .passed, "\(closed.failures)")
        let wrong = try await Self.run(StubServer.transport { _, _ in StubServer.json(#"{"code":403}"#, status: 403) })
        #expect(wrong.status == .failed)
        #expect(
            wrong.failures.map(\.message) == [
                #"expected outcome authorized, got denied 403: the resource answered HTTP 403: {"code":403}"#
            ])
    }

    @Test func badBase64AdviceIsAProtocolErrorNamingTheStepAndResponse() async throws {
        let server = StubServer.transport { _, _ in
            StubServer.json(
                "", status: 401,
                headers: [HeaderField("WWW-Authenticate", #"SSOADVICE realm="/",advices="%%%not-base64",am_uri="x""#)])
        }
        let result = try await Self.run(server, request: "request: { url: /ig/resource, adviceInHeader: true }")
        #expect(result.status == .error)
        let error = try #require(result.error)
        #expect(error.kind == .protocol)
        #expect(error.step == 4)
        #expect(
            error.message
                == "cannot read the advice in the answer to GET /ig/resource: the advices parameter of WWW-Authenticate is not base64: '%%%not-base64' (HTTP 401 (application/json))"
        )
        #expect(server.requests.contains { $0.headers.value("x-authenticate-response") == "header" })
    }

    @Test func badXMLAndUnknownAdviceAreProtocolErrors() async throws {
        let xml = StubServer.transport { _, _ in
            TransportResponse(
                status: 307,
                headers: [
                    HeaderField(
                        "Location", "https://am/am/?goto=x&authIndexType=composite_advice&authIndexValue=%3CAdvices%3E")
                ])
        }
        let xmlResult = try await Self.run(xml)
        #expect(xmlResult.error?.kind == .protocol)
        #expect(
            xmlResult.error?.message.contains(
                "bad advice XML: expected <AttributeValuePair> at character 10 of '<Advices>'") == true)
        #expect(
            xmlResult.error?.description.hasPrefix("step 4: cannot read the advice in the answer to GET /resource")
                == true)

        let unknown = StubServer.transport { _, _ in StubServer.json(#"{"advices":{"MagicAdvice":["x"]}}"#) }
        let unknownResult = try await Self.run(unknown)
        #expect(unknownResult.error?.kind == .protocol)
        #expect(unknownResult.error?.message.contains("unknown advice type 'MagicAdvice'") == true)
        #expect(
            unknownResult.error?.message.hasSuffix(#"(HTTP 200 (application/json): {"advices":{"MagicAdvice":["x"]}})"#)
                == true)
        #expect(RunStatus.error.exitCode == 3)
    }

    @Test func aResourceThatKeepsAskingForAdviceIsAProtocolError() async throws {
        let result = try await Self.run(StubServer.transport { _, _ in StubServer.decision })
        let error = try #require(result.error)
        #expect(error.kind == .protocol)
        #expect(error.step == 7)
        #expect(
            error.message.hasPrefix(
                "GET /resource still answered with TransactionConditionAdvice [tx-1] (policy decision) after the composite_advice journey for TransactionConditionAdvice succeeded (the retry carried X-TxID: tx-1): HTTP 200"
            ))
        #expect(
            error.message.hasSuffix(
                "; if the resource sits behind Identity Gateway or a web agent, try request.retry.txid: query"))
    }

    @Test func aFailingAdviceJourneyDeniesAndNamesTheStep() async throws {
        let handlers = """
            - match: { type: PasswordCallback, stage: Login }
                value: right
              - match: { type: PasswordCallback, stage: Confirm }
                value: wrong
            """
        let result = try await Self.run(StubServer.transport { _, _ in StubServer.decision }, handlers: handlers)
        #expect(result.status == .failed)
        #expect(
            result.failures.map(\.message) == [
                "expected outcome authorized, got denied: the composite_advice journey for TransactionConditionAdvice ended with failure 401 Unauthorized: Login failure at step 6"
            ])
        let denied = try await Self.run(
            StubServer.transport { _, _ in StubServer.decision }, handlers: handlers,
            expect: "expect: { outcome: { denied: { advice: TransactionConditionAdvice } } }")
        #expect(denied.status == .passed, "\(denied.failures)")
        let status = try await Self.run(
            StubServer.transport { _, _ in StubServer.decision }, handlers: handlers,
            expect: "expect: { outcome: { denied: { status: 403 } } }")
        #expect(
            status.failures.map(\.message) == [
                "expected the resource to answer HTTP 403, got no answer (the advice journey failed)"
            ])
    }

    @Test func aGrantThatWorksTwiceFailsTheSingleUseCheck() async throws {
        let server = StubServer.transport { request, count in
            count == 1 ? StubServer.decision : StubServer.granted
        }
        let result = try await Self.run(server, expect: "expect: { outcome: authorized, singleUse: true }")
        #expect(result.status == .failed)
        #expect(
            result.failures.map(\.message) == [
                #"the TransactionConditionAdvice grant worked twice: a second retry without a new journey answered HTTP 200 (application/json): {"result":"withdrawn"}"#
            ])
        #expect(result.steps.last?.phase == "single-use check")
    }

    @Test func retryCarriersFollowTheScript() async throws {
        let server = StubServer.transport { request, count in
            count == 1 ? StubServer.decision : StubServer.granted
        }
        let result = try await Self.run(
            server,
            request:
                "request: { url: \"https://api.example.com/w?a=1\", retry: { txid: query, headers: { X-Retry: yes } } }"
        )
        #expect(result.status == .passed, "\(result.failures)")
        let retry = try #require(server.requests.last)
        #expect(retry.url == "https://api.example.com/w?a=1&_txid=tx-1")
        #expect(retry.headers.value("X-TxID") == nil)
        #expect(retry.headers.value("X-Retry") == "yes")
    }

    @Test func cleanupChecksTheSessionBeforeAndAfterTheLogout() async throws {
        let server = StubServer.transport { _, _ in StubServer.granted }
        let result = try await Self.run(server, extra: "cleanup: logout")
        #expect(result.status == .passed, "\(result.failures)")
        #expect(result.steps.suffix(3).map { $0.phase ?? "-" } == ["cleanup", "cleanup", "cleanup"])
        #expect(result.steps.suffix(3).flatMap { $0.notes.map(\.value) } == ["valid", "done", "invalid"])
        let still = try await Self.run(
            StubServer.transport { _, _ in StubServer.granted }, extra: "cleanup: { logout: false, after: invalid }")
        #expect(still.failures.map(\.message) == ["expected the session to be invalid at the end, but it is valid"])
    }
}
