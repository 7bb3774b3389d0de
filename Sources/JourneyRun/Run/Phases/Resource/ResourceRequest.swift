import Foundation
import JourneyCore
import JourneyFormat

extension RequestSpec {
    /// The resource request as the script writes it: method, URL (absolute or origin-relative),
    /// headers, body. The resource phase and MobileFirst's Bearer call both send it.
    func request(in session: RunSession) async throws(RunError) -> TransportRequest {
        let context = session.context
        let url = session.resolveURL(try context.evaluator.evaluate(self.url).text)
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
}
