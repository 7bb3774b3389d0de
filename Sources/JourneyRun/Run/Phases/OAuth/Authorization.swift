import Foundation
import JourneyCore
import JourneyFormat

/// The authorize request with the journey's session, as the SDKs send it: the code is read from
/// the `Location` of the redirect to `redirect_uri`, which is never followed. A consent page is
/// answered with `decision` and the session as `csrf` when the script says how.
struct Authorization: Sendable {
    let endpoint: String
    let parameters: [(String, String)]
    let redirectUri: String
    let state: String
    let consent: OAuthSpec.Consent?
    /// The session the code is asked with; its token is the consent answer's `csrf`.
    let amSession: AMSession?
    let phase: String

    enum Result: Sendable {
        case code(String)
        case refused(Outcome)
    }

    func code(in session: RunSession) async throws(RunError) -> Result {
        let request = TransportRequest(
            method: "GET", url: endpoint + AMEndpoints.queryString(parameters),
            headers: [])
        let (response, index) = try await session.call(request, phase: phase, party: .oauth)
        if (300..<400).contains(response.status) {
            return try redirect(response, of: request, at: index, in: session)
        }
        if response.status == 200, Self.isHTML(response) {
            guard let consent else {
                session.note(stepAt: index, "consent", "asked, and the script has no oauth.consent")
                return .refused(
                    OAuthFailure.outcome(
                        status: 200, error: "consent_required",
                        description:
                            "the provider asks the user for consent; set oauth.consent: allow (or deny) to answer it"))
            }
            return try await answerConsent(consent, in: session)
        }
        let json = try? JSONValue.parse(response.body)
        if let refusal = OAuthFailure.fromBody(json, status: response.status) {
            session.note(stepAt: index, "oauth", "refused: \(refusal.summary)")
            return .refused(refusal)
        }
        return .refused(OAuthFailure.fromStatus(response, what: "the authorize endpoint", session: session))
    }

    /// `POST authorize` with the same parameters, `decision` and `csrf` (the session token).
    private func answerConsent(_ consent: OAuthSpec.Consent, in session: RunSession) async throws(RunError) -> Result {
        let csrf = amSession?.tokenId ?? ""
        let request = TransportRequest(
            method: "POST", url: endpoint,
            headers: [HeaderField("Content-Type", "application/x-www-form-urlencoded")],
            body: OAuthForm.encode(parameters + [("decision", consent.rawValue), ("csrf", csrf)]))
        let (response, index) = try await session.call(request, phase: phase, party: .oauth)
        session.note(stepAt: index, "consent", consent.rawValue)
        if (300..<400).contains(response.status) {
            return try redirect(response, of: request, at: index, in: session)
        }
        let json = try? JSONValue.parse(response.body)
        if let refusal = OAuthFailure.fromBody(json, status: response.status) { return .refused(refusal) }
        return .refused(OAuthFailure.fromStatus(response, what: "the consent answer", session: session))
    }

    /// The code from a redirect to `redirect_uri`, an `error=` there, or a redirect elsewhere (the
    /// login page: the session was not accepted).
    private func redirect(
        _ response: TransportResponse, of request: TransportRequest, at index: Int, in session: RunSession
    )
        throws(RunError) -> Result
    {
        guard let location = response.headers.value("location"), !location.isEmpty else {
            throw RunError(
                .protocol,
                "\(request.methodAndPath) answered HTTP \(response.status) without a Location header: there is no code to read",
                step: session.stepNumber(at: index))
        }
        guard OAuthForm.isRedirect(location, to: redirectUri) else {
            session.note(stepAt: index, "oauth", "redirected away from the redirect_uri")
            return .refused(
                OAuthFailure.outcome(
                    status: response.status, error: "login_required",
                    description:
                        "the authorize endpoint redirected to \(session.redactor.redact(url: location)) instead of the redirect_uri: it did not accept the journey's session"
                ))
        }
        let parameters = OAuthForm.parameters(of: location)
        if let code = parameters.first(where: { $0.name == "code" })?.value, !code.isEmpty {
            session.redactor.register(code, name: "code")
            let returned = parameters.first(where: { $0.name == "state" })?.value
            guard returned == state else {
                throw RunError(
                    .protocol,
                    "the authorize redirect's state is \(returned.map { "'\($0)'" } ?? "missing"), not the one the run sent",
                    step: session.stepNumber(at: index))
            }
            session.note(stepAt: index, "oauth", "authorization code received")
            return .code(code)
        }
        if let refusal = OAuthFailure.fromRedirect(parameters, status: response.status) {
            session.note(stepAt: index, "oauth", "refused: \(refusal.summary)")
            return .refused(refusal)
        }
        throw RunError(
            .protocol,
            "the redirect to the redirect_uri carries neither code nor error: \(session.redactor.redact(url: location))",
            step: session.stepNumber(at: index))
    }

    static func isHTML(_ response: TransportResponse) -> Bool {
        response.headers.value("content-type")?.lowercased().contains("html") ?? false
    }
}
