import Foundation
import HTTPTypes
import JourneyCore

/// The protected resources: each answers with its body once its advice is satisfied (a transaction
/// or a step-up journey), else with the advice, as AM's policy API or IG delivers it.
struct ResourceController: SimulatorController {
    let resources: [ResourceDefinition]
    let cookies: SessionCookies
    let transactions: TransactionStore
    /// The OAuth provider's tokens, for `auth: bearer` and `auth: idtoken` resources.
    let oauthTokens: OAuthTokenStore
    let env: EngineEnvironment

    var settings: SimulatorSettings { cookies.settings }
    var sessions: SessionStore { cookies.sessions }

    func addRoutes(to router: inout SimulatorRouter) {
        for resource in resources {
            router.add(path: resource.path) { request in protectedResource(resource, request) }
        }
    }

    private func protectedResource(_ resource: ResourceDefinition, _ request: IncomingRequest) -> HTTPReply {
        var reply = resourceReply(resource, request)
        reply.logContext = "resource=\(resource.path)"
        return reply
    }

    private func resourceReply(_ resource: ResourceDefinition, _ request: IncomingRequest) -> HTTPReply {
        switch resource.auth {
        case .session: sessionResourceReply(resource, request)
        case .bearer: bearerResourceReply(resource, request)
        case .idtoken: idTokenResourceReply(resource, request)
        }
    }

    private func sessionResourceReply(_ resource: ResourceDefinition, _ request: IncomingRequest) -> HTTPReply {
        guard let session = cookies.session(of: request, now: env.clock.now()) else { return .accessDenied }
        switch resource.advice {
        case .transaction:
            if let txid = request.headers[.txid] ?? request.query["_txid"] {
                switch transactions.redeem(txid, session: session.tokenId) {
                case .granted: return .json(.ok, resource.body, outcome: "200 authorized (txid)")
                case .alreadyUsed: return .error(403, "Transaction \(txid) has already been used")
                case .notSatisfied: return advise(resource, request, name: "TransactionConditionAdvice", value: txid)
                case .unknown: break
                }
            }
            let txid = env.random.uuid()
            transactions.issue(txid: txid, resourcePath: resource.path, session: session.tokenId)
            return advise(resource, request, name: "TransactionConditionAdvice", value: txid)
        case .authenticateToService:
            if sessions.consumeTree(resource.tree, for: session.tokenId) {
                return .json(.ok, resource.body, outcome: "200 authorized (step-up)")
            }
            return advise(
                resource, request, name: "AuthenticateToServiceConditionAdvice", value: resource.serviceAdviceValue)
        case .none:
            return .json(.ok, resource.body, outcome: "200 authorized (session)")
        }
    }

    func advise(_ resource: ResourceDefinition, _ request: IncomingRequest, name: String, value: String)
        -> HTTPReply
    {
        let resourceURL = request.baseURL + resource.path
        switch resource.delivery {
        case .policy:
            let decision: JSONValue = [
                "resource": .string(resourceURL), "actions": [:], "attributes": [:],
                "advices": .object([name: [.string(value)]]), "ttl": 0,
            ]
            return .json(.ok, decision, outcome: "200 advice \(name)")
        case .ig:
            let amURI = request.baseURL + "/am/"
            if request.headers[.authenticateResponse]?.lowercased() == "header" {
                let advices = Base64Standard.encode(JSONValue.object([name: [.string(value)]]).fastJSON)
                var headers = HTTPFields()
                headers[.wwwAuthenticate] =
                    "SSOADVICE realm=\"\(resource.realm)\",advices=\"\(advices)\",am_uri=\"\(amURI)\""
                return HTTPReply(status: .unauthorized, headers: headers, body: [], logOutcome: "401 SSOADVICE \(name)")
            }
            let xml = AdviceXML.build([PolicyAdvice(name: name, values: [value])])
            var encodedAdvice =
                resource.encoding == .base64url
                ? Base64URL.encode(xml) : (xml.addingPercentEncoding(withAllowedCharacters: .adviceAllowed) ?? xml)
            var target = resourceURL
            if name == "TransactionConditionAdvice" {
                target += (resource.path.contains("?") ? "&" : "?") + "_txid=\(value)"
            }
            var goto = target.addingPercentEncoding(withAllowedCharacters: .gotoAllowed) ?? target
            if settings.quirks.igAdviceEncodedTwice {
                encodedAdvice =
                    encodedAdvice.addingPercentEncoding(withAllowedCharacters: .adviceAllowed) ?? encodedAdvice
                goto = goto.addingPercentEncoding(withAllowedCharacters: .gotoAllowed) ?? goto
            }
            let realm = resource.realm
            var headers = HTTPFields()
            headers[.location] =
                "\(amURI)?goto=\(goto)&realm=\(realm)&authIndexType=composite_advice&authIndexValue=\(encodedAdvice)"
            headers[.contentType] = "text/html"
            let body = Array("<html><body>Redirecting to sign in</body></html>".utf8)
            return HTTPReply(status: .temporaryRedirect, headers: headers, body: body, logOutcome: "307 \(name)")
        }
    }
}

extension CharacterSet {
    /// What IG leaves unescaped in a URL-encoded advice: unreserved characters and `/`.
    static let adviceAllowed = CharacterSet(
        charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~/")
    /// What IG leaves unescaped in `goto`: a URL's own punctuation except `=` and `&`.
    static let gotoAllowed = CharacterSet(
        charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~/:?")
}

/// Standard base64 with padding (the `advices` value of a WWW-Authenticate header).
enum Base64Standard {
    static func encode(_ bytes: [UInt8]) -> String {
        Data(bytes).base64EncodedString()
    }
}
