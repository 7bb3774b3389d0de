import Foundation
import JourneyCore

/// Turns an HTTP response from the authenticate endpoint into an AM body, or a protocol
/// error that says what came back.
enum ResponseReader {
    static func read(_ response: TransportResponse, request: TransportRequest, step: Int) throws(RunError) -> (
        AMResponseBody, JSONValue
    ) {
        // Built only for a message: most responses need neither.
        var what: String { "\(request.method) \(AMEndpoints.pathAndQuery(request.url))" }
        var contentType: String { response.headers.value("content-type") ?? "no content type" }
        if response.status >= 500 {
            throw RunError(
                .protocol, "\(what) answered HTTP \(response.status) (\(contentType)): \(excerpt(response.body))",
                step: step)
        }
        // Never followed: a redirect on the authenticate endpoint is an answer the journey cannot use.
        if (300..<400).contains(response.status) {
            throw RunError(
                .protocol,
                "\(what) answered HTTP \(response.status) redirect to \(response.headers.value("location") ?? "nowhere")",
                step: step)
        }
        // A replay hands on its recorded body as read when the recording loaded.
        let json: JSONValue
        let problem: String?
        if let read = response.read {
            json = read.json
            problem = read.amProblem
        } else {
            do {
                json = try JSONValue.parse(response.body)
            } catch {
                if contentType.lowercased().contains("html") || looksLikeHTML(response.body) {
                    throw RunError(
                        .protocol,
                        "\(what) answered HTTP \(response.status) with an HTML page, not JSON\(htmlTitle(response.body).map { " (title: \($0))" } ?? ""): is the server URL the AM base URL (e.g. https://host/am)?",
                        step: step)
                }
                let detail =
                    response.body.isEmpty
                    ? "an empty body" : "a body that is not JSON (\(error.message)): \(excerpt(response.body))"
                throw RunError(
                    .protocol, "\(what) answered HTTP \(response.status) (\(contentType)) with \(detail)", step: step)
            }
            problem = AMWireCheck.problem(status: response.status, json: json)
        }
        if let problem {
            throw RunError(
                .protocol,
                "\(what) answered HTTP \(response.status) with JSON the protocol does not allow: \(problem): \(excerpt(response.body))",
                step: step)
        }
        guard let body = response.read?.amBody ?? AMResponseBody(status: response.status, json: json) else {
            throw RunError(
                .protocol,
                "\(what) answered HTTP \(response.status) with JSON that is neither a step, a success nor an error: \(excerpt(response.body))",
                step: step)
        }
        return (body, json)
    }

    static func excerpt(_ body: Data, limit: Int = 200) -> String {
        let text = String(decoding: body.prefix(limit * 4), as: UTF8.self)
            .replacingOccurrences(of: "\n", with: " ")
        if text.isEmpty { return "(empty body)" }
        return text.count > limit ? String(text.prefix(limit)) + "…" : text
    }

    private static func looksLikeHTML(_ body: Data) -> Bool {
        let start = String(decoding: body.prefix(512), as: UTF8.self).lowercased()
        return start.contains("<html") || start.contains("<!doctype html")
    }

    private static func htmlTitle(_ body: Data) -> String? {
        let text = String(decoding: body.prefix(8192), as: UTF8.self)
        guard let open = text.range(of: "<title>", options: .caseInsensitive),
            let close = text.range(of: "</title>", options: .caseInsensitive, range: open.upperBound..<text.endIndex)
        else { return nil }
        return String(text[open.upperBound..<close.lowerBound]).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
