import HTTPTypes
import JourneyCore

/// The canned bodies of the response-shaped faults.
enum FaultResponses {
    static let loginPage = """
        <!DOCTYPE html>
        <html><head><title>Sign In</title></head>
        <body><form method="post" action="/login"><input name="username"><input name="password" type="password">
        <button type="submit">Sign in</button></form></body></html>
        """

    /// The reply a fault puts in place of `original`; nil for faults that are not a reply (delay, hang, close).
    static func reply(for fault: FaultSpec, original: HTTPReply?) -> HTTPReply? {
        switch fault {
        case .delay, .hang, .close, .hangOnValue:
            return nil
        case .html:
            return text(.ok, "text/html; charset=utf-8", loginPage, outcome: "fault html")
        case .notJSON:
            return text(.ok, "text/plain; charset=utf-8", "OK: the server is up", outcome: "fault notJSON")
        case .status(let code, let plain):
            let reason = HTTPReply.reasonPhrase(code)
            if plain {
                return text(HTTPResponse.Status(code: code), "text/plain", reason, outcome: "fault status \(code)")
            }
            var reply = HTTPReply.error(code, reason)
            reply.logOutcome = "fault status \(code)"
            return reply
        case .truncated:
            var body = original?.body ?? []
            if body.count < 16 || original?.headers[.contentType]?.contains("json") != true {
                body = Array(
                    #"{"authId":"eyJ0eXAiOiJKV1QiLCJhbGciOiJIUzI1NiJ9","callbacks":[{"type":"NameCallback"}]}"#.utf8)
            }
            var headers = HTTPFields()
            headers[.contentType] = "application/json"
            return HTTPReply(
                status: .ok, headers: headers, body: Array(body.prefix(body.count / 2)), logOutcome: "fault truncated")
        }
    }

    private static func text(_ status: HTTPResponse.Status, _ type: String, _ body: String, outcome: String)
        -> HTTPReply
    {
        var headers = HTTPFields()
        headers[.contentType] = type
        return HTTPReply(status: status, headers: headers, body: Array(body.utf8), logOutcome: outcome)
    }
}
