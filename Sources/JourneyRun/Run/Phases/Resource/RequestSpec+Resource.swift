import Foundation
import JourneyCore
import JourneyFormat

extension RequestSpec {
    /// The resource request as the script writes it: method, URL (absolute or origin-relative),
    /// headers, body. The resource phase and MobileFirst's Bearer call both send it.
    func request(in session: RunSession) async throws(RunError) -> TransportRequest {
        let context = session.context
        let url = Self.resolveURL(try context.evaluator.evaluate(self.url).text, in: session)
        var headers = [HeaderField("Accept", "application/json")]
        var body: Data?
        switch self.body {
        case .json(let value)?:
            body = try await context.expandTemplates(in: value).encoded
            headers.append(HeaderField("Content-Type", "application/json"))
        case .text(let template)?:
            body = Data(try context.evaluator.evaluate(template).text.utf8)
        case nil:
            break
        }
        if adviceInHeader { headers.append(HeaderField("x-authenticate-response", "header")) }
        for header in self.headers {
            let value = try context.evaluator.evaluate(header.value).text
            headers.replace(header.name, with: value)
        }
        return TransportRequest(
            method: method, url: url, headers: headers, body: body)
    }

    /// A URL as the script wrote it: absolute, or relative to the server's origin, so the same
    /// script runs against the simulator and a real resource server.
    static func resolveURL(_ text: String, in session: RunSession) -> String {
        let lowered = text.lowercased()
        if lowered.hasPrefix("http://") || lowered.hasPrefix("https://") { return text }
        let origin = AMEndpoints.origin(of: session.endpoint.baseURL)
        return origin + (text.hasPrefix("/") ? text : "/" + text)
    }
}
