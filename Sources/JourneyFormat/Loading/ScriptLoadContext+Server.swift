import Foundation
import JourneyCore

/// Reads `server:` — where the server is and how to talk to it.
extension ScriptLoadContext {
    func server(_ node: YNode) -> ServerSpec {
        var server = ServerSpec(location: node.location)
        guard let mapping = node.mapping("server") else { return server }
        mapping.allowOnly(ScriptKeys.server)
        server.url = templates.reading(for: .serverURL) {
            mapping[ScriptKeys.Server.url].flatMap { templates.template($0, "server.url") }
        }
        server.realm = templates.reading(for: .realm) {
            mapping[ScriptKeys.Server.realm].flatMap { templates.template($0, "server.realm") }
        }
        server.cookieName = mapping[ScriptKeys.Server.cookieName].flatMap { $0.strictString("server.cookieName") }
        if let headers = mapping[ScriptKeys.Server.headers] {
            server.headers = namedTemplates(headers, "server.headers")
        }
        if let node = mapping[ScriptKeys.Server.userAgent] {
            server.userAgent = templates.template(node, "server.userAgent")
            if server.headers.contains(where: { $0.name.lowercased() == "user-agent" }) {
                error(
                    "server.userAgent and a User-Agent in server.headers both set the header", at: node,
                    hint: "keep server.userAgent")
            }
        }
        if let verify = mapping[ScriptKeys.Server.verifyTLS]?.bool("server.verifyTLS") {
            server.verifyTLS = verify
        }
        if let timeout = mapping[ScriptKeys.Server.timeout], let seconds = durationSeconds(timeout, "server.timeout") {
            server.timeoutSeconds = seconds
        }
        if let simulate = mapping[ScriptKeys.Server.simulate],
            let path = simulate.strictString("server.simulate (a tree file path)")
        {
            server.simulate = Located(path, at: simulate.location)
        }
        return server
    }

    /// A mapping of names to templates, in file order (headers, query parameters).
    func namedTemplates(_ node: YNode, _ what: String) -> [(name: String, value: Template)] {
        guard let mapping = node.mapping(what) else { return [] }
        return mapping.entries.compactMap { entry in
            templates.template(entry.value, "\(what).\(entry.key)").map { (entry.key, $0) }
        }
    }

    /// Seconds, from a number (`30`, `2.5`) or a duration string (`30s`, `500ms`, `2m`), more
    /// than 0 and at most `maximum` (a request timeout's hour unless said otherwise).
    func durationSeconds(_ node: YNode, _ what: String, maximum: Double = NumberRanges.maximumTimeoutSeconds)
        -> Double?
    {
        let expected = "a number of seconds or a duration such as 30s, 500ms or 2m"
        guard node.isScalar, !node.isNull, let text = node.scalarText else {
            error("\(what) must be \(expected), found \(node.kindDescription)", at: node)
            return nil
        }
        guard let seconds = DurationText.seconds(parsing: text) else {
            error("\(what) must be \(expected), found '\(text)'", at: node)
            return nil
        }
        guard NumberRanges.isTimeout(seconds, maximum: maximum) else {
            error(NumberRanges.timeoutOutOfRange(what, found: text, maximum: maximum), at: node)
            return nil
        }
        return seconds
    }
}
