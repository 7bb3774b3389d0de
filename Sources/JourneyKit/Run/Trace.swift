import Foundation
import JourneyCore

/// One HTTP round trip as it happened, redacted (a run's result holds only redacted exchanges).
public struct Exchange: Sendable {
    public var method: String
    public var url: String
    public var requestHeaders: [HeaderField]
    /// The request body text, redacted.
    public var requestBody: String?
    /// `nil` when no response arrived (see the step's error).
    public var status: Int?
    public var responseHeaders: [HeaderField]
    /// The response body text, redacted.
    public var responseBody: String?
    public var startedAt: Date
    /// Seconds from sending to the complete response (or the failure).
    public var duration: Double
    /// The round trip an exchange outside the steps belongs to (an outbox read: the step it answers).
    public var step: Int?
    /// While the run goes on: the bodies as sent and received. The run redacts every exchange
    /// once, at its end, when it knows every secret (`DriverRun.finishRecording`).
    var unredacted: UnredactedBodies?

    public init(
        method: String, url: String, requestHeaders: [HeaderField], requestBody: String?, status: Int?,
        responseHeaders: [HeaderField], responseBody: String?, startedAt: Date, duration: Double, step: Int? = nil
    ) {
        self.step = step
        self.method = method
        self.url = url
        self.requestHeaders = requestHeaders
        self.requestBody = requestBody
        self.status = status
        self.responseHeaders = responseHeaders
        self.responseBody = responseBody
        self.startedAt = startedAt
        self.duration = duration
    }
}

/// The bodies of an exchange not yet redacted; the response's parsed JSON is kept so it is parsed once.
struct UnredactedBodies: Sendable {
    var request: Data?
    var requestJSON: JSONValue?
    var response: Data?
    var responseJSON: JSONValue?
}

/// What one input was set to. `value` is display text, redacted when secret.
public struct InputTrace: Sendable, Hashable {
    public var name: String
    public var value: String
    public var redacted: Bool

    public init(name: String, value: String, redacted: Bool) {
        self.name = name
        self.value = value
        self.redacted = redacted
    }
}

/// A callback received in a step and how it was answered.
public struct CallbackTrace: Sendable {
    public var type: String
    public var prompt: String?
    /// Which handler answered, e.g. `handler #2 (ChoiceCallback, prompt /factor/i) at login.yaml:14:5`,
    /// or `built-in: echo` for defaults.
    public var answeredBy: String?
    public var inputs: [InputTrace]
    /// Facts worth showing: reCAPTCHA site key, action, payload, client error; failedPolicies; polling wait.
    public var notes: [(key: String, value: String)]

    public init(
        type: String, prompt: String?, answeredBy: String?, inputs: [InputTrace],
        notes: [(key: String, value: String)] = []
    ) {
        self.type = type
        self.prompt = prompt
        self.answeredBy = answeredBy
        self.inputs = inputs
        self.notes = notes
    }
}

/// One round trip of the journey: the exchange, the callbacks it returned (answered in the
/// next request), and the checks made on it.
public struct StepTrace: Sendable {
    public enum Kind: String, Sendable {
        /// The server returned callbacks.
        case callbacks
        /// The journey ended (success, failure, timeout) or the response could not be used.
        case end
        /// A call outside the authenticate endpoint: a protected resource, sessions, serverinfo.
        case call
    }

    /// 1-based round-trip number.
    public var number: Int
    public var kind: Kind
    public var exchange: Exchange
    public var stage: String?
    public var header: String?
    public var callbacks: [CallbackTrace]
    /// Seconds waited (on the run's clock) before this request, for PollingWaitCallback.
    public var waitedSeconds: Double?
    public var failures: [ExpectationFailure]
    /// The part of the run the step belongs to: nil for the script's journey; `uses FILE`,
    /// `request`, `advice journey`, `retry`, `single-use check`, `session` or `cleanup` otherwise.
    public var phase: String?
    /// Facts about the step worth showing: the advice found, how the retry carries it, a session's validity.
    public var notes: [(key: String, value: String)]

    public init(
        number: Int, kind: Kind, exchange: Exchange, stage: String? = nil, header: String? = nil,
        callbacks: [CallbackTrace] = [], waitedSeconds: Double? = nil, failures: [ExpectationFailure] = [],
        phase: String? = nil, notes: [(key: String, value: String)] = []
    ) {
        self.phase = phase
        self.notes = notes
        self.number = number
        self.kind = kind
        self.exchange = exchange
        self.stage = stage
        self.header = header
        self.callbacks = callbacks
        self.waitedSeconds = waitedSeconds
        self.failures = failures
    }
}

/// An expectation that did not hold.
public struct ExpectationFailure: Sendable, CustomStringConvertible {
    public var message: String
    /// The step it concerns, if any.
    public var step: Int?
    /// The script line the expectation came from, if any.
    public var location: SourceLocation?

    public init(_ message: String, step: Int? = nil, location: SourceLocation? = nil) {
        self.message = message
        self.step = step
        self.location = location
    }

    public var description: String {
        var text = message
        if let step { text = "step \(step): " + text }
        if let location { text += " (\(location))" }
        return text
    }
}

/// How the journey ended.
public enum Outcome: Sendable {
    case success(tokenPresent: Bool, realm: String?, successUrl: String?)
    case failure(code: Int, reason: String, message: String, detail: [String: JSONValue]?)
    case suspended(message: String?)
    case redirect(url: String, method: String?)
    case timeout(message: String)
    /// The protected resource answered 2xx; `advice` names the advice satisfied on the way, if any.
    case authorized(status: Int, advice: String?, body: String?)
    /// The resource refused: `status` is its answer (nil when the advice journey failed first);
    /// `advice` names the advice that was not satisfied, if any.
    case denied(status: Int?, advice: String?, reason: String, body: String?)
    /// MobileFirst: an access token for `scope`; `resourceStatus`/`resourceBody` are the answer of
    /// the `request:` resource called with it, if any.
    case token(scope: String, expiresIn: Int?, resourceStatus: Int?, resourceBody: String?)
    /// MobileFirst: a security check answered 403 with its account blocked.
    case blocked(check: String, message: String, detail: [String: JSONValue]?)

    public var name: String {
        switch self {
        case .success: return "success"
        case .failure: return "failure"
        case .suspended: return "suspended"
        case .redirect: return "redirect"
        case .timeout: return "timeout"
        case .authorized: return "authorized"
        case .denied: return "denied"
        case .token: return "token"
        case .blocked: return "blocked"
        }
    }

    /// One line for humans, e.g. `failure 401 Unauthorized: Login failure`.
    public var summary: String {
        switch self {
        case .success(let token, let realm, let url):
            var text = token ? "success (session created)" : "success (no session)"
            if let realm { text += ", realm \(realm)" }
            if let url { text += ", successUrl \(url)" }
            return text
        case .failure(let code, let reason, let message, let detail):
            var text =
                "failure \(code)" + (reason.isEmpty ? "" : " \(reason)") + (message.isEmpty ? "" : ": \(message)")
            if let detail, !detail.isEmpty { text += " \(JSONValue.object(detail).compactJSON)" }
            return text
        case .suspended(let message): return "suspended" + (message.map { ": \($0)" } ?? "")
        case .redirect(let url, let method): return "redirect \(method ?? "GET") \(url)"
        case .timeout(let message): return "timeout: \(message)"
        case .authorized(let status, let advice, _):
            return "authorized \(status)" + (advice.map { " after \($0)" } ?? " (no advice)")
        case .denied(let status, _, let reason, _):
            return "denied" + (status.map { " \($0)" } ?? "") + ": \(reason)"
        case .token(let scope, let expiresIn, let status, _):
            return "token for scope '\(scope)'" + (expiresIn.map { ", expires in \($0) s" } ?? "")
                + (status.map { ", resource HTTP \($0)" } ?? "")
        case .blocked(let check, let message, _):
            return "blocked by \(check): \(message)"
        }
    }
}

/// What stops a run: transport or protocol trouble (exit code 3), or, recorded as expectation
/// failures instead of the result's error, a script-side problem or an expectation stop (exit code 1).
public struct RunError: Error, Sendable, CustomStringConvertible {
    public enum Kind: String, Sendable {
        /// Unreachable, timeout, closed connection.
        case transport
        /// Not JSON, HTML, 5xx, an unusable body.
        case `protocol`
        /// A value the script cannot produce at run time (missing env var, failing command...) or
        /// one the callback does not allow. The driver records it as an expectation failure
        /// naming the script line; only a run set up outside the driver (no simulator) keeps it as its error.
        case script
        /// An expectation stopped the run (unhandled callback, a limit). Recorded as failures,
        /// never as the result's error.
        case expectation
        /// A replay's request is not the one its recording holds (exit code 4).
        case mismatch
    }

    public var kind: Kind
    public var message: String
    public var step: Int?

    public init(_ kind: Kind, _ message: String, step: Int? = nil) {
        self.kind = kind
        self.message = message
        self.step = step
    }

    public var description: String {
        (step.map { "step \($0): " } ?? "") + message
    }
}

/// The verdict of one script run.
public enum RunStatus: String, Sendable {
    case passed
    /// An expectation failed (exit code 1).
    case failed
    /// Transport or protocol error (exit code 3).
    case error
    /// The script is invalid (exit code 2).
    case invalid
    /// A replay's request did not match its recording (exit code 4).
    case mismatch

    public var exitCode: Int32 {
        switch self {
        case .passed: return 0
        case .failed: return 1
        case .invalid: return 2
        case .error: return 3
        case .mismatch: return 4
        }
    }
}

/// Everything about one run of one script: the step trace, the outcome and the verdict.
/// Reporters write from this value only; it holds no secret.
public struct JourneyResult: Sendable {
    public var name: String
    public var file: String
    public var tags: [String]
    public var server: String?
    public var steps: [StepTrace]
    public var outcome: Outcome?
    /// Failures of expectations recorded on the run; a step may hold more (`StepTrace.failures`).
    /// `allFailures` is the run's whole list, the one the status and every report use.
    public var failures: [ExpectationFailure]
    public var error: RunError?
    /// Diagnostics for an invalid script.
    public var diagnostics: [Diagnostic]
    public var startedAt: Date
    /// Seconds of wall time for the whole run.
    public var duration: Double
    /// Seconds spent waiting on the transport.
    public var transportTime: Double
    /// The run's random seed (recorded so a replay generates the same values).
    public var seed: UInt64?
    /// The run's variables that are not secret, as text (recorded with the seed).
    public var variables: [String: String] = [:]
    /// Exchanges outside the steps (outbox reads), each with the step it belongs to.
    public var sideExchanges: [Exchange] = []

    public init(
        name: String, file: String, tags: [String] = [], server: String? = nil, steps: [StepTrace] = [],
        outcome: Outcome? = nil, failures: [ExpectationFailure] = [], error: RunError? = nil,
        diagnostics: [Diagnostic] = [], startedAt: Date = Date(), duration: Double = 0, transportTime: Double = 0
    ) {
        self.name = name
        self.file = file
        self.tags = tags
        self.server = server
        self.steps = steps
        self.outcome = outcome
        self.failures = failures
        self.error = error
        self.diagnostics = diagnostics
        self.startedAt = startedAt
        self.duration = duration
        self.transportTime = transportTime
    }

    /// Every expectation failure of the run, each once: the run's own and those recorded on its
    /// steps. The status and every reporter read this one list, so a failure shown is a failure counted.
    public var allFailures: [ExpectationFailure] { FailurePlacement(self).all }

    /// `passed` exactly when nothing failed: no error diagnostic, no error, no failure anywhere.
    public var status: RunStatus {
        if !diagnostics.filter({ $0.severity == .error }).isEmpty { return .invalid }
        if error?.kind == .mismatch { return .mismatch }
        if error != nil { return .error }
        return allFailures.isEmpty ? .passed : .failed
    }
}
