import Foundation
import JourneyCore

extension DriverRun {
    /// The number the next step will carry.
    var nextStepNumber: Int { (steps.last?.number ?? 0) + 1 }

    /// Sends a call outside the authenticate endpoint (a resource, sessions, serverinfo) through
    /// the run's transport, and records it as a step of `phase`. Returns the response and the
    /// step's index in `steps`, for notes.
    func call(_ request: TransportRequest, phase: String) async throws(RunError) -> (TransportResponse, Int) {
        let number = nextStepNumber
        let first = steps.count
        do throws(RunError) {
            let (response, exchange) = try await send(request, step: number)
            steps.append(StepTrace(number: number, kind: .call, exchange: exchange, phase: phase))
            return (response, steps.count - 1)
        } catch {
            tagSteps(from: first, phase: phase)
            throw error
        }
    }

    /// Marks the steps from `index` on that have no phase yet.
    func tagSteps(from index: Int, phase: String) {
        guard index < steps.count else { return }
        for position in index..<steps.count where steps[position].phase == nil {
            steps[position].phase = phase
        }
    }

    /// A URL as the script wrote it: absolute, or relative to the server's origin, so the same
    /// script runs against the simulator and a real resource server.
    func resolveURL(_ text: String) -> String {
        let lowered = text.lowercased()
        if lowered.hasPrefix("http://") || lowered.hasPrefix("https://") { return text }
        let origin = AMEndpoints.origin(of: baseURL)
        return origin + (text.hasPrefix("/") ? text : "/" + text)
    }

    /// `METHOD /path?query` for messages.
    static func describe(_ request: TransportRequest) -> String {
        "\(request.method) \(AMEndpoints.pathAndQuery(request.url))"
    }

    /// `HTTP 403 (application/json): {"code":403,…}` for messages, redacted.
    func describe(_ response: TransportResponse) -> String {
        let type = response.headers.value("content-type").map { " (\($0))" } ?? ""
        let body =
            response.body.isEmpty ? "" : ": " + ResponseReader.excerpt(Data(redactor.redact(body: response.body).utf8))
        return "HTTP \(response.status)\(type)\(body)"
    }
}
