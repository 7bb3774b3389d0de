import Foundation
import HTTPTypes
import JourneyCore

/// Token-protected resources: `auth: bearer` (IG as an OAuth 2.0 resource server) and
/// `auth: idtoken` (AM's policy engine evaluating an ID token). A satisfied advice lets only a
/// token issued after the journey through, never the token the advice was given to.
extension ResourceController {
    static let invalidTokenDescription =
        "The access token provided is expired, revoked, malformed, or invalid for other reasons."

    func bearerResourceReply(_ resource: ResourceDefinition, _ request: IncomingRequest) -> HTTPReply {
        let realm = "Bearer realm=\"\(resource.realm)\""
        guard let token = OAuthController.bearerToken(request) else {
            return Self.bearerChallenge(.unauthorized, realm, outcome: "401 no bearer token")
        }
        guard let issued = oauthTokens.accessToken(token, now: env.clock.now()) else {
            return Self.bearerChallenge(
                .unauthorized,
                realm + ", error=\"invalid_token\", error_description=\"\(Self.invalidTokenDescription)\"",
                outcome: "401 invalid_token")
        }
        if let scope = resource.scope, !issued.scope.contains(scope) {
            return Self.bearerChallenge(
                .forbidden, realm + ", error=\"insufficient_scope\", scope=\"\(scope)\"",
                outcome: "403 insufficient_scope")
        }
        let credential = TransactionStore.Credential(token: token, issued: issued.issued)
        return tokenAdvice(resource, request, credential, session: issued.context.session) { name, value in
            let advices = Base64Standard.encode(JSONValue.object([name: [.string(value)]]).fastJSON)
            return Self.bearerChallenge(
                .unauthorized, realm + ", error=\"insufficient_scope\", advices=\"\(advices)\"", outcome: "401 \(name)")
        }
    }

    func idTokenResourceReply(_ resource: ResourceDefinition, _ request: IncomingRequest) -> HTTPReply {
        let now = env.clock.now()
        guard let token = request.headers[.idToken] ?? request.query["_idtoken"],
            let issued = oauthTokens.idToken(token), issued.valid, issued.expires > now
        else { return .error(401, "Invalid ID token") }
        let credential = TransactionStore.Credential(token: token, issued: issued.issued)
        return tokenAdvice(resource, request, credential, session: issued.context.session) { name, value in
            advise(resource, request, name: name, value: value)
        }
    }

    /// The body once the resource's advice is satisfied for this token, else the advice as `deliver` sends it.
    private func tokenAdvice(
        _ resource: ResourceDefinition, _ request: IncomingRequest, _ credential: TransactionStore.Credential,
        session: String?, deliver: (_ name: String, _ value: String) -> HTTPReply
    ) -> HTTPReply {
        switch resource.advice {
        case .none:
            return .json(.ok, resource.body, outcome: "200 authorized (token)")
        case .transaction:
            if let txid = request.headers[.txid] ?? request.query["_txid"] {
                switch transactions.redeem(txid, session: session ?? "", credential: credential) {
                case .granted: return .json(.ok, resource.body, outcome: "200 authorized (txid)")
                case .alreadyUsed: return .error(403, "Transaction \(txid) has already been used")
                case .notSatisfied: return deliver("TransactionConditionAdvice", txid)
                case .unknown: break
                }
            }
            let txid = env.random.uuid()
            transactions.issue(
                txid: txid, resourcePath: resource.path, session: session ?? "", advisedCredential: credential.token)
            return deliver("TransactionConditionAdvice", txid)
        case .authenticateToService:
            if let session, let done = sessions.valid(session, now: env.clock.now())?.completedTrees[resource.tree],
                credential.issued >= done
            {
                return .json(.ok, resource.body, outcome: "200 authorized (step-up)")
            }
            return deliver("AuthenticateToServiceConditionAdvice", resource.serviceAdviceValue)
        }
    }

    private static func bearerChallenge(_ status: HTTPResponse.Status, _ challenge: String, outcome: String)
        -> HTTPReply
    {
        var headers = HTTPFields()
        headers[.wwwAuthenticate] = challenge
        return HTTPReply(status: status, headers: headers, body: [], logOutcome: outcome)
    }
}
