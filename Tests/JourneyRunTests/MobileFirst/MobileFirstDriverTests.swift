import CryptoExtras
import Foundation
import JourneyCore
import JourneyTestSupport
import Synchronization
import Testing

@testable import JourneyFormat
@testable import JourneyRun

/// A MobileFirst server as a scripted `Transport`, answering with the literal shapes of
/// challenges.md §1.4 and §1.8, and checking the literal shapes of what the driver sends.
enum FakeMobileFirst {
    /// `preauthorize(body, n)` answers preauthorize request n (from 1); the default is §1.8's SimpleCaptcha exchange.
    static func transport(preauthorize: (@Sendable (JSONValue, Int) -> TransportResponse)? = nil) -> ScriptedTransport {
        let preauthorize =
            preauthorize ?? { body, _ in
                body["challengeResponse"] == nil ? FakeMobileFirst.challenge : FakeMobileFirst.successes
            }
        let counts = Counts()
        return ScriptedTransport { request, _ in
            let url = request.url
            let count = counts.preauthorize.withLock { count in
                if url.hasSuffix("/preauthorize") { count += 1 }
                return count
            }
            if url.hasSuffix("/registration/v1/self") {
                let clients = counts.registrations.withLock { count in
                    count += 1
                    return count
                }
                return TransportResponse(
                    status: 201,
                    headers: [
                        HeaderField("Location", "https://mfp.example.com/mfp/api/registration/clients/C\(clients)")
                    ])
            }
            if url.hasSuffix("/preauth/v1/preauthorize") {
                return preauthorize((try? JSONValue.parse(request.body ?? Data())) ?? .null, count)
            }
            if url.contains("/az/v1/authorization?") {
                return TransportResponse(
                    status: 302, headers: [HeaderField("Location", "https://mfpredirecturi?code=K")])
            }
            if url.hasSuffix("/az/v1/token") {
                return Self.json(
                    #"{"access_token":"AT-secret-token","token_type":"Bearer","expires_in":3600,"scope":"SimpleCaptcha"}"#
                )
            }
            return Self.json(#"{"balance":12}"#)
        }
    }

    /// The requests counted so far, by kind.
    private final class Counts: Sendable {
        let preauthorize = Mutex(0)
        let registrations = Mutex(0)
    }

    static func json(_ text: String, status: Int = 200, headers: [HeaderField] = []) -> TransportResponse {
        TransportResponse(
            status: status, headers: [HeaderField("Content-Type", "application/json")] + headers, body: Data(text.utf8))
    }

    /// §1.8: `401 WWW-Authenticate: MFP-Challenge {"challenges":{"SimpleCaptcha":{"captcha":"3 + 5","message":null}}}`.
    static let challenge = json(
        #"{"challenges":{"SimpleCaptcha":{"captcha":"3 + 5","message":null}}}"#, status: 401,
        headers: [HeaderField("WWW-Authenticate", "MFP-Challenge")])
    /// §1.8: `200 {"successes":{"SimpleCaptcha":{…},"clockSynchronization":{"serverTimeStamp":…}}}`.
    static let successes = json(
        #"{"successes":{"SimpleCaptcha":{},"clockSynchronization":{"serverTimeStamp":1767225605000}}}"#)
    /// §1.4: `403 {"failures":{"<check>":{"failure":"Account blocked"}}}`.
    static let blocked = json(#"{"failures":{"SimpleCaptcha":{"failure":"Account blocked"}}}"#, status: 403)
}

@Suite struct MobileFirstDriverTests {
    static func run(
        _ server: ScriptedTransport, handlers: String = "SimpleCaptcha: { answer: { solve: arithmetic } }",
        expect: String = "", extra: String = ""
    ) async throws -> JourneyResult {
        let text = """
            version: 1
            name: MFP
            protocol: mobilefirst
            server: { url: "https://mfp.example.com/mfp" }
            mobilefirst: { scope: SimpleCaptcha, application: { id: com.example.bank, platform: ios, version: "2.0" } }
            handlers:
              \(handlers)
            \(expect)
            \(extra)
            """
        let script = try ScriptLoader.load(text: text, file: "mfp.yaml")
        let compiled = try JourneyCompiler.compile(script)
        return await JourneyDriver.run(
            compiled,
            configuration: RunConfiguration(environment: [:], transport: server, clock: ManualClock(), seed: 7))
    }

    struct Missing: Error {}

    /// Base64 or Base64url text decoded, or a thrown error.
    static func bytes(_ text: String?) throws -> Data {
        guard let text, let data = Base64URL.decode(text) else { throw Missing() }
        return data
    }

    static func json(_ text: String?) throws -> JSONValue { try JSONValue.parse(try bytes(text)) }

    static func body(_ request: TransportRequest) -> JSONValue {
        (try? JSONValue.parse(request.body ?? Data())) ?? .null
    }

    @Test func simpleCaptchaTokenAcquisitionUsesTheLiteralShapes() async throws {
        let server = FakeMobileFirst.transport()
        let result = try await Self.run(server, extra: "request: { url: /mfp/api/adapters/accounts/balance }")
        #expect(result.status == .passed, "\(result.failures) \(String(describing: result.error))")
        let requests = server.requests
        #expect(
            requests.map { "\($0.method) \(AMEndpoints.pathAndQuery($0.url))" } == [
                "POST /mfp/api/registration/v1/self",
                "POST /mfp/api/preauth/v1/preauthorize",
                "POST /mfp/api/preauth/v1/preauthorize",
                "GET /mfp/api/az/v1/authorization?response_type=code&client_id=C1&scope=SimpleCaptcha&redirect_uri=https%3A%2F%2Fmfpredirecturi",
                "POST /mfp/api/az/v1/token",
                "GET /mfp/api/adapters/accounts/balance",
            ])
        // §1.4: the first call has no challengeResponse; the answer goes under the check's name.
        #expect(Self.body(requests[1]) == ["client_id": "C1", "scope": "SimpleCaptcha"])
        #expect(
            Self.body(requests[2]) == [
                "client_id": "C1", "scope": "SimpleCaptcha", "challengeResponse": ["SimpleCaptcha": ["answer": "8"]],
            ])
        #expect(requests[5].headers.value("Authorization") == "Bearer AT-secret-token")
        guard case .token(let scope, let expiresIn, let status, _)? = result.outcome else {
            Issue.record("expected a token, got \(String(describing: result.outcome))")
            return
        }
        #expect(scope == "SimpleCaptcha" && expiresIn == 3600 && status == 200)
        #expect(result.steps[1].kind == .callbacks)
        #expect(result.steps[1].callbacks.map(\.type) == ["SimpleCaptcha"])
    }

    @Test func registrationIsASelfSignedJWSAndTheClientAssertionFollowsTheRules() async throws {
        let server = FakeMobileFirst.transport()
        _ = try await Self.run(server)
        let registration = try #require(Self.body(server.requests[0])["signedRegistrationData"])
        let header = try Self.json(registration["header"]?.stringValue)
        let payload = try Self.json(registration["payload"]?.stringValue)
        #expect(header["alg"] == "RS256")
        #expect(header["jwk"]?["kid"] == nil)
        #expect(payload["application"]?["id"] == "com.example.bank")
        #expect(payload["attributes"]?["sdk_protocol_version"] == 1)
        let key = try _RSA.Signing.PublicKey(
            n: try Self.bytes(header["jwk"]?["n"]?.stringValue), e: try Self.bytes(header["jwk"]?["e"]?.stringValue))
        let signed = Data(
            "\(registration["header"]?.stringValue ?? "").\(registration["payload"]?.stringValue ?? "")".utf8)
        let signature = _RSA.Signing.RSASignature(
            rawRepresentation: try Self.bytes(registration["signature"]?.stringValue))
        #expect(key.isValidSignature(signature, for: signed, padding: .insecurePKCS1v1_5))

        let token = try #require(server.requests.first { $0.url.hasSuffix("/az/v1/token") })
        let form = String(decoding: try #require(token.body), as: UTF8.self)
        let fields = Dictionary(
            uniqueKeysWithValues: form.split(separator: "&").map { pair in
                let parts = pair.split(separator: "=", maxSplits: 1).map {
                    String($0).removingPercentEncoding ?? String($0)
                }
                return (parts[0], parts.count > 1 ? parts[1] : "")
            })
        #expect(fields["grant_type"] == "authorization_code")
        #expect(fields["code"] == "K")
        #expect(fields["redirect_uri"] == "https://mfpredirecturi")
        #expect(fields["client_assertion_type"] == "urn:ietf:params:oauth:client-assertion-type:jwt-bearer")
        let parts = try #require(fields["client_assertion"]).split(separator: ".").map(String.init)
        #expect(parts.count == 3)
        let assertionHeader = try Self.json(parts[0])
        let claims = try Self.json(parts[1])
        #expect(assertionHeader["jwk"]?["kid"] == "C1")
        #expect(claims["jti"] == "K")
        #expect(claims["sub"] == "C1")
        #expect(claims["iss"] == "com.example.bank$ios$2.0")
        // Milliseconds, on the server's clock (clockSynchronization said 5 s ahead of the run's clock).
        #expect(claims["iat"]?.intValue == 1_767_225_605_000)
        #expect(claims["exp"]?.intValue == 1_767_225_665_000)
        #expect(
            key.isValidSignature(
                _RSA.Signing.RSASignature(rawRepresentation: try Self.bytes(parts[2])),
                for: Data("\(parts[0]).\(parts[1])".utf8), padding: .insecurePKCS1v1_5))
    }

    @Test func conflictIsResentAndInvalidClientRegistersAgain() async throws {
        let server = FakeMobileFirst.transport { body, n in
            switch n {
            case 1:
                return FakeMobileFirst.json(
                    #"{"errorCode":"CONFLICT"}"#, status: 409, headers: [HeaderField("MFP-Conflict", "true")])
            case 2: return FakeMobileFirst.json(#"{"errorCode":"INVALID_CLIENT_ID","errorMsg":"unknown"}"#, status: 400)
            default: return body["challengeResponse"] == nil ? FakeMobileFirst.challenge : FakeMobileFirst.successes
            }
        }
        let result = try await Self.run(server)
        #expect(result.status == .passed, "\(result.failures) \(String(describing: result.error))")
        let preauthorize = server.requests.filter { $0.url.hasSuffix("/preauthorize") }.map(Self.body)
        #expect(preauthorize[0] == preauthorize[1])  // the same request, resent after the 409
        #expect(preauthorize[0]["client_id"] == "C1")
        #expect(preauthorize[2]["client_id"] == "C2")  // registered again after INVALID_CLIENT_ID
        #expect(server.requests.filter { $0.url.hasSuffix("/registration/v1/self") }.count == 2)
    }

    @Test func blockedAndOtherFailuresAreTypedOutcomes() async throws {
        let blocked = try await Self.run(
            FakeMobileFirst.transport { _, _ in FakeMobileFirst.blocked },
            expect: "expect: { outcome: { blocked: { check: SimpleCaptcha, message: Account blocked } } }")
        #expect(blocked.status == .passed, "\(blocked.failures)")
        let failed = try await Self.run(
            FakeMobileFirst.transport { _, _ in
                FakeMobileFirst.json(#"{"failures":{"SimpleCaptcha":{"failure":"Not allowed"}}}"#, status: 403)
            },
            expect: "expect: { outcome: { failure: { code: 403, reason: SimpleCaptcha, message: Not allowed } } }")
        #expect(failed.status == .passed, "\(failed.failures)")
        let wrong = try await Self.run(FakeMobileFirst.transport { _, _ in FakeMobileFirst.blocked })
        #expect(wrong.status == .failed)
        #expect(
            wrong.failures.map(\.message).contains {
                $0.contains("expected outcome token, got blocked by SimpleCaptcha")
            })
    }

    @Test func anUnknownChallengeNamesTheCheckAndTheHandlers() async throws {
        let server = FakeMobileFirst.transport { _, _ in
            FakeMobileFirst.json(
                #"{"challenges":{"PinCodeAttempts":{"errorMsg":null,"remainingAttempts":3}}}"#, status: 401,
                headers: [HeaderField("WWW-Authenticate", "MFP-Challenge")])
        }
        let result = try await Self.run(server)
        #expect(result.status == .failed)
        let message = try #require(result.failures.first?.message)
        #expect(message.contains("security check 'PinCodeAttempts'"))
        #expect(message.contains("the script's handlers: SimpleCaptcha (mfp.yaml:7:3)"))
    }

    @Test func remainingAttemptsAreAssertedAndCapturedAndThePinIsRedacted() async throws {
        let server = FakeMobileFirst.transport { body, _ in
            if body["challengeResponse"]?["PinCodeAttempts"]?["pin"] == "4711" {
                return FakeMobileFirst.json(#"{"successes":{"PinCodeAttempts":{}}}"#)
            }
            return FakeMobileFirst.json(
                #"{"challenges":{"PinCodeAttempts":{"errorMsg":null,"remainingAttempts":3}}}"#, status: 401,
                headers: [HeaderField("WWW-Authenticate", "MFP-Challenge")])
        }
        let result = try await Self.run(
            server, handlers: "PinCodeAttempts: { pin: \"4711\" }",
            expect:
                "expect: { steps: [ { callbacks: [PinCodeAttempts], outputs: { PinCodeAttempts.remainingAttempts: 3 } } ] }",
            extra: "capture: { left: { from: output, callback: PinCodeAttempts, name: remainingAttempts } }")
        #expect(result.status == .passed, "\(result.failures)")
        let trace = result.steps.map {
            "\($0.exchange.requestBody ?? "") \($0.exchange.responseBody ?? "") \($0.callbacks.map { $0.inputs.map(\.value) })"
        }
        #expect(!trace.joined().contains("4711"), "the PIN reached the trace")
        #expect(!trace.joined().contains("AT-secret-token"), "the access token reached the trace")
        #expect(result.steps[1].callbacks.first?.inputs.first?.value == "«pin»")
    }

    @Test func aWrongRemainingAttemptsExpectationFails() async throws {
        let server = FakeMobileFirst.transport { body, _ in
            body["challengeResponse"] == nil
                ? FakeMobileFirst.json(
                    #"{"challenges":{"SimpleCaptcha":{"captcha":"1 + 1","message":null}}}"#, status: 401,
                    headers: [HeaderField("WWW-Authenticate", "MFP-Challenge")])
                : FakeMobileFirst.successes
        }
        let result = try await Self.run(server, expect: "expect: { steps: [ [PinCodeAttempts] ] }")
        #expect(result.status == .failed)
        #expect(result.failures.first?.message == "expected callbacks [PinCodeAttempts], got [SimpleCaptcha]")
    }
}
