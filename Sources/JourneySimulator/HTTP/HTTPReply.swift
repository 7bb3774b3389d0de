import HTTPTypes
import JourneyCore

/// What a handler answers: status, headers, body, the log line's outcome, and a fault to put on it.
struct HTTPReply: Sendable {
    var status: HTTPResponse.Status
    var headers: HTTPFields
    var body: [UInt8]
    /// `journey=Login node=credentials` (or empty).
    var logContext: String = ""
    /// `step (NameCallback, PasswordCallback)`, `success`, `401 Login failure`...
    var logOutcome: String
    /// A fault from the node that produced this reply.
    var fault: FaultSpec?

    static func json(_ status: HTTPResponse.Status, _ body: [UInt8], outcome: String) -> HTTPReply {
        var headers = HTTPFields()
        headers[.contentType] = "application/json"
        return HTTPReply(status: status, headers: headers, body: body, logOutcome: outcome)
    }

    static func json(_ status: HTTPResponse.Status, _ value: JSONValue, outcome: String? = nil) -> HTTPReply {
        json(status, value.fastJSON, outcome: outcome ?? "\(status.code)")
    }

    /// A CREST error body `{"code","reason","message"[,"detail"]}` with the matching status.
    static func error(_ error: AMError) -> HTTPReply {
        let status = HTTPResponse.Status(code: error.code)
        var writer = JSONWriter(capacity: 128)
        writer.object { object in
            object.member("code", int: error.code)
            object.member("reason", string: error.reason)
            object.member("message", string: error.message)
            if let detail = error.detail { object.member("detail", .object(detail)) }
        }
        return json(status, writer.bytes, outcome: "\(error.code) \(error.message)")
    }

    static func error(_ code: Int, _ message: String) -> HTTPReply {
        error(AMError(code: code, reason: reasonPhrase(code), message: message))
    }

    static func reasonPhrase(_ code: Int) -> String {
        switch code {
        case 400: "Bad Request"
        case 401: "Unauthorized"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 408: "Request Time-out"
        case 409: "Conflict"
        case 413: "Request Entity Too Large"
        case 415: "Unsupported Media Type"
        case 429: "Too Many Requests"
        case 500: "Internal Server Error"
        case 501: "Not Implemented"
        case 502: "Bad Gateway"
        case 503: "Service Unavailable"
        case 504: "Gateway Timeout"
        default: HTTPResponse.Status(code: code).reasonPhrase
        }
    }

    static let accessDenied = error(401, "Access Denied")

    static func notFound(_ path: String) -> HTTPReply { error(404, "Resource '\(path)' not found") }
    static func methodNotAllowed(_ method: HTTPRequest.Method) -> HTTPReply {
        error(405, "Method \(method.rawValue) not allowed")
    }

    /// AM's authenticate headers: API version, no caching, and the load-balancer cookie.
    mutating func addAuthenticateHeaders(amlbCookie: String) {
        headers[.contentAPIVersion] = "resource=2.1"
        headers[.cacheControl] = "private"
        headers[.pragma] = "no-cache"
        headers[.expires] = "0"
        headers.append(HTTPField(name: .setCookie, value: "amlbcookie=\(amlbCookie); Path=/; HttpOnly"))
    }
}

/// A request body read as JSON, or the error reply that rejects it.
enum JSONBody {
    case success(JSONValue)
    case failure(HTTPReply)
}

extension JSONValue {
    /// Parses a request body by AM's rules (`AMRequestRules.body`): `{}` for an empty one, 415
    /// without a JSON content type, 400 for bad JSON.
    static func body(_ request: IncomingRequest) -> JSONBody {
        switch AMRequestRules.body(request.body, contentType: request.headers[.contentType]) {
        case .json(let value): .success(value)
        case .rejected(let error): .failure(.error(error))
        }
    }
}
