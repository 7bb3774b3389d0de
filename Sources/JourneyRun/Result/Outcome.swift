import JourneyCore
import JourneyFormat

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

    /// The outcome's name, as scripts write it under `expect.outcome`.
    package var name: String { kind.rawValue }

    /// Which outcome this is, without its details.
    package var kind: OutcomeKind {
        switch self {
        case .success: return .success
        case .failure: return .failure
        case .suspended: return .suspended
        case .redirect: return .redirect
        case .timeout: return .timeout
        case .authorized: return .authorized
        case .denied: return .denied
        case .token: return .token
        case .blocked: return .blocked
        }
    }

    /// One line for humans, e.g. `failure 401 Unauthorized: Login failure`.
    package var summary: String {
        switch self {
        case .success(let token, let realm, let url):
            var text = token ? "success (session created)" : "success (no session)"
            if let realm { text += ", realm \(realm)" }
            if let url { text += ", successUrl \(url)" }
            return text
        case .failure(let code, let reason, let message, let detail):
            var text =
                "failure \(code)" + (reason.isEmpty ? "" : " \(reason)") + (message.isEmpty ? "" : ": \(message)")
            // An OAuth error's members are its reason and message already.
            let shown = detail?.filter { $0.key != "error" && $0.key != "error_description" }
            if let shown, !shown.isEmpty { text += " \(JSONValue.object(shown).compactJSON)" }
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

extension Outcome {
    /// True for `success`: a journey that ended with a session (or none, with `noSession`).
    var isSuccess: Bool {
        if case .success = self { return true }
        return false
    }
}
