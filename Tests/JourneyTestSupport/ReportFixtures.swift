import Foundation
import JourneyCore
import JourneyRun

/// Hand-built results for the reporter tests: one per verdict.
package enum ReportFixtures {
    package static let start = Date(timeIntervalSince1970: 1_740_000_000)
    package static let base = "https://am.example.com/am/json/realms/root/realms/alpha/authenticate"
    package static let jsonHeaders = [HeaderField("Content-Type", "application/json")]

    package static func exchange(
        _ url: String = base, status: Int? = 200, duration: Double, request: String? = nil, response: String? = nil,
        at offset: Double = 0
    ) -> Exchange {
        Exchange(
            method: "POST", url: url, requestHeaders: [HeaderField("Accept-API-Version", "resource=2.0, protocol=1.0")],
            requestBody: request, status: status, responseHeaders: status == nil ? [] : jsonHeaders,
            responseBody: response, startedAt: start.addingTimeInterval(offset), duration: duration)
    }

    package static let nameAndPassword = [
        CallbackTrace(
            type: "NameCallback", prompt: "User Name",
            answeredBy: "handler #1 (NameCallback) at journeys/login.yaml:8:3",
            inputs: [InputTrace(name: "IDToken1", value: "demo", redacted: false)]),
        CallbackTrace(
            type: "PasswordCallback", prompt: "Password",
            answeredBy: "handler #2 (PasswordCallback) at journeys/login.yaml:9:3",
            inputs: [InputTrace(name: "IDToken2", value: "«password»", redacted: true)]),
    ]

    /// A passing two-step login.
    package static let passing = JourneyResult(
        name: "Login", file: "journeys/login.yaml", tags: ["smoke"], server: "https://am.example.com/am",
        steps: [
            StepTrace(
                number: 1, kind: .callbacks,
                exchange: exchange(
                    base + "?authIndexType=service&authIndexValue=Login", duration: 0.0123, request: "{}",
                    response: #"{"authId":"«authId»","callbacks":[]}"#),
                callbacks: nameAndPassword),
            StepTrace(
                number: 2, kind: .end,
                exchange: exchange(
                    duration: 0.0081, request: #"{"authId":"«authId»"}"#,
                    response: #"{"tokenId":"«tokenId»","successUrl":"/am/console","realm":"/alpha"}"#, at: 0.02)),
        ],
        outcome: .success(tokenPresent: true, realm: "/alpha", successUrl: nil),
        startedAt: start, duration: 0.041, transportTime: 0.0204)

    package static let wrongOutcome = ExpectationFailure(
        "expected outcome success, got failure 401 Unauthorized", step: 3,
        location: SourceLocation(file: "journeys/recaptcha.yaml", line: 21, column: 3))

    /// A reCAPTCHA login whose expected outcome did not come, plus a failure tied to no step.
    package static let failed = JourneyResult(
        name: "Login with reCAPTCHA Enterprise", file: "journeys/login-recaptcha.yaml",
        steps: [
            StepTrace(number: 1, kind: .callbacks, exchange: exchange(duration: 0.2), callbacks: nameAndPassword),
            StepTrace(
                number: 2, kind: .callbacks, exchange: exchange(duration: 0.3, at: 0.3),
                callbacks: [
                    CallbackTrace(
                        type: "ReCaptchaEnterpriseCallback", prompt: nil, answeredBy: nil,
                        inputs: [
                            InputTrace(name: "IDToken1token", value: "«recaptcha-token»", redacted: true),
                            InputTrace(name: "IDToken1action", value: "login", redacted: false),
                            InputTrace(name: "IDToken1clientError", value: "", redacted: false),
                            InputTrace(
                                name: "IDToken1payload", value: #"{"firewallPolicyEvaluation":true}"#, redacted: false),
                        ],
                        notes: [(key: "siteKey", value: "6LdTESTKEY"), (key: "action", value: "login")])
                ]),
            StepTrace(
                number: 3, kind: .end, exchange: exchange(status: 401, duration: 0.25, at: 0.7),
                failures: [wrongOutcome]),
        ],
        outcome: .failure(code: 401, reason: "Unauthorized", message: "Login failure", detail: nil),
        failures: [wrongOutcome, ExpectationFailure("capture 'userId' was never set")],
        startedAt: start.addingTimeInterval(0.05), duration: 1.25, transportTime: 0.75)

    /// The server stopped answering at step 2.
    package static let transportError = JourneyResult(
        name: "Login against a dead server", file: "journeys/dead.yaml",
        steps: [
            StepTrace(number: 1, kind: .callbacks, exchange: exchange(duration: 0.01), callbacks: nameAndPassword),
            StepTrace(number: 2, kind: .end, exchange: exchange(status: nil, duration: 5, at: 0.01)),
        ],
        error: RunError(.transport, "connection refused", step: 2, transportFailure: .unreachable),
        startedAt: start.addingTimeInterval(0.1), duration: 5.02, transportTime: 5.01)

    package static let brokenSource = """
        version: 1
        name: Broken
        journey: Login
        handelrs:
          NameCallback: demo
        """

    /// A script that never ran: a misspelt key.
    package static let invalid = JourneyResult(
        name: "broken.yaml", file: "journeys/broken.yaml",
        diagnostics: [
            .error(
                "unknown key 'handelrs'", at: SourceLocation(file: "journeys/broken.yaml", line: 4, column: 1),
                length: 8,
                hint: "did you mean 'handlers'?")
        ],
        startedAt: start.addingTimeInterval(0.2))

    package static let all = [passing, failed, transportError, invalid]
}
