import Foundation
import JourneyCore

/// An OAuth 2.0 refusal as a `failure` outcome: `code` is the HTTP status, `reason` the OAuth
/// `error` and `message` its `error_description`; `detail` keeps both members, for
/// `expect.outcome.failure.error` / `errorDescription`.
enum OAuthFailure {
    static let errorMember = "error"
    static let descriptionMember = "error_description"
    /// The error of an ID token that fails a check; `detail.check` names the check.
    static let invalidIDToken = "invalid_id_token"

    static func outcome(status: Int, error: String, description: String?, extra: [String: JSONValue] = [:])
        -> Outcome
    {
        var detail: [String: JSONValue] = extra
        detail[errorMember] = .string(error)
        if let description { detail[descriptionMember] = .string(description) }
        return .failure(code: status, reason: error, message: description ?? "", detail: detail)
    }

    /// The error in a JSON body (`{"error": "invalid_grant", "error_description": "…"}`), also in a 200.
    static func fromBody(_ json: JSONValue?, status: Int) -> Outcome? {
        guard let json, let error = json[errorMember]?.stringValue, !error.isEmpty else { return nil }
        return outcome(status: status, error: error, description: json[descriptionMember]?.stringValue)
    }

    /// The error in a redirect's query (`redirect_uri?error=access_denied&error_description=…`).
    static func fromRedirect(_ query: [(name: String, value: String)], status: Int) -> Outcome? {
        guard let error = query.first(where: { $0.name == errorMember })?.value, !error.isEmpty else { return nil }
        return outcome(
            status: status, error: error, description: query.first(where: { $0.name == descriptionMember })?.value)
    }

    /// A 2xx token response without an access token: the server broke the protocol (exit 3).
    static func missingAccessToken(
        _ request: TransportRequest, _ response: TransportResponse, at index: Int, in session: RunSession
    ) -> RunError {
        RunError(
            .protocol,
            "\(request.methodAndPath) answered without an access_token: \(session.describe(response))",
            step: session.stepNumber(at: index))
    }

    /// A refusal without an OAuth error body: the status names it.
    static func fromStatus(_ response: TransportResponse, what: String, session: RunSession) -> Outcome {
        .failure(
            code: response.status, reason: "HTTP \(response.status)",
            message: "\(what) answered \(session.describe(response))", detail: nil)
    }
}
