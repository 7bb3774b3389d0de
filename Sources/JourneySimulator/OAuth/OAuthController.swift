import Foundation
import HTTPTypes
import JourneyCore

/// `/am/oauth2/realms/root[/realms/<realm>]/…` (or `/am/oauth2/…?realm=`): AM's OAuth 2.0
/// provider and OpenID Connect endpoints, in every realm the tree serves (docs/simulator.md).
struct OAuthController: SimulatorController {
    static let prefix = "/am/oauth2"

    let definition: OAuthDefinition
    let cookies: SessionCookies
    let tokens: OAuthTokenStore
    let env: EngineEnvironment
    /// Journey names, for `acr_values`.
    let journeys: Set<String>

    var settings: SimulatorSettings { cookies.settings }
    var now: Date { env.clock.now() }

    func addRoutes(to router: inout SimulatorRouter) {
        router.add(prefix: Self.prefix) { request in route(request) }
    }

    private func route(_ request: IncomingRequest) -> HTTPReply {
        let segments = request.path.dropFirst(Self.prefix.count).split(separator: "/").map(String.init)
        let (realm, rest) = AMRequestRules.realm(segments: segments, query: request.query["realm"])
        if let served = settings.realms, !served.contains(realm) { return .error(AMRequestRules.invalidRealm(realm)) }
        let endpoint = rest.joined(separator: "/")
        let call = OAuthCall(request: request, realm: realm)
        var reply: HTTPReply
        switch (endpoint, request.method) {
        case (".well-known/openid-configuration", .get): reply = discovery(call)
        case ("connect/jwk_uri", .get): reply = jwks()
        case ("authorize", .get), ("authorize", .post): reply = authorize(call)
        case ("access_token", .post): reply = accessToken(call)
        case ("userinfo", .get), ("userinfo", .post): reply = userinfo(call)
        case ("introspect", .post): reply = introspect(call)
        case ("token/revoke", .post): reply = revoke(call)
        case ("connect/endSession", .get): reply = endSession(call)
        case (".well-known/openid-configuration", _), ("connect/jwk_uri", _), ("access_token", _), ("introspect", _),
            ("token/revoke", _), ("connect/endSession", _), ("userinfo", _), ("authorize", _):
            reply = .methodNotAllowed(request.method)
        default:
            reply = .notFound(request.path)
        }
        reply.logContext = "oauth \(endpoint)" + (reply.logContext.isEmpty ? "" : " " + reply.logContext)
        return reply
    }
}

/// One request to an OAuth endpoint: its realm, its URLs and its parameters (query, and for a
/// form POST the body's, which win).
struct OAuthCall: Sendable {
    let request: IncomingRequest
    let realm: String
    let parameters: [String: String]

    init(request: IncomingRequest, realm: String) {
        self.request = request
        self.realm = realm
        var parameters = request.query
        if request.method == .post, !request.body.isEmpty {
            let contentType = request.headers[.contentType]?.lowercased() ?? ""
            if contentType.isEmpty || contentType.hasPrefix("application/x-www-form-urlencoded") {
                let form = IncomingRequest.parseQuery(String(decoding: request.body, as: UTF8.self))
                parameters.merge(form) { _, body in body }
            }
        }
        self.parameters = parameters
    }

    subscript(name: String) -> String? {
        guard let value = parameters[name], !value.isEmpty else { return nil }
        return value
    }

    /// `<origin>/am/oauth2/realms/root[/realms/<r>…]`.
    var issuer: String { request.baseURL + OAuthController.prefix + Self.realmPath(realm) }

    func endpoint(_ name: String) -> String { issuer + "/" + name }

    static func realmPath(_ realm: String) -> String {
        "/realms/root" + realm.split(separator: "/").map { "/realms/\($0)" }.joined()
    }
}

/// Replies of the OAuth endpoints.
enum OAuthReply {
    /// An OAuth error body `{"error_description": …, "error": …}` (the token endpoint's order;
    /// `errorFirst` for the authorize endpoint's).
    static func error(_ status: Int, _ error: String, _ description: String, errorFirst: Bool = false) -> HTTPReply {
        var writer = JSONWriter(capacity: 128)
        writer.object { object in
            if errorFirst { object.member("error", string: error) }
            object.member("error_description", string: description)
            if !errorFirst { object.member("error", string: error) }
        }
        var reply = HTTPReply.json(HTTPResponse.Status(code: status), writer.bytes, outcome: "\(status) \(error)")
        reply.headers[.cacheControl] = "no-store"
        return reply
    }

    static let clientAuthenticationFailed = error(401, "invalid_client", "Client authentication failed")
    static let invalidGrant = error(400, "invalid_grant", "The provided access grant is invalid, expired, or revoked.")
    static let verifierMismatch = error(
        400, "invalid_grant", "The provided code verifier does not match the code challenge")
    static let invalidToken = error(
        401, "invalid_token", "The access token provided is expired, revoked, malformed, or invalid for other reasons.")

    static func invalidScope(_ unknown: [String]) -> HTTPReply {
        error(400, "invalid_scope", "Unknown/invalid scope(s): [\(unknown.joined(separator: ", "))]")
    }

    /// 200 JSON that no cache keeps.
    static func json(_ value: JSONValue, outcome: String) -> HTTPReply {
        var reply = HTTPReply.json(.ok, value, outcome: outcome)
        reply.headers[.cacheControl] = "no-store"
        reply.headers[.pragma] = "no-cache"
        return reply
    }

    /// A 302 to `uri` with `parameters` added to its query (form-encoded; nil values left out).
    static func redirect(_ uri: String, _ parameters: [(String, String?)], outcome: String) -> HTTPReply {
        let query = parameters.compactMap { name, value in value.map { "\(name)=\(FormEncoding.encode($0))" } }
        return redirect(uri, query: query.joined(separator: "&"), outcome: outcome)
    }

    /// A 302 to `uri` with an encoded `query` added to its own.
    static func redirect(_ uri: String, query: String, outcome: String) -> HTTPReply {
        var headers = HTTPFields()
        headers[.location] = query.isEmpty ? uri : uri + (uri.contains("?") ? "&" : "?") + query
        return HTTPReply(status: .found, headers: headers, body: [], logOutcome: outcome)
    }
}

/// `application/x-www-form-urlencoded` values as Java's `URLEncoder` (and so AM) writes them:
/// letters, digits and `.-*_` stay, a space is `+`, every other UTF-8 byte `%XX`.
enum FormEncoding {
    static func encode(_ text: String) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count)
        let hex = Array("0123456789ABCDEF".utf8)
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "."), UInt8(ascii: "-"), UInt8(ascii: "*"),
                UInt8(ascii: "_"):
                out.append(byte)
            case UInt8(ascii: " "):
                out.append(UInt8(ascii: "+"))
            default:
                out += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}
