import Foundation
import JourneyCore
import JourneyRun

/// The line `journey capture` prints for each round trip as it passes, in the console's style:
/// the journey and its step, the method and path, the status, the time, and what came back
/// (the callback types, or how the journey ended). Secret query values are hidden, and the
/// upstream's text is escaped before it reaches a terminal.
package enum CaptureLiveView {
    package static func line(_ exchange: CapturedExchange, journeys: [CaptureLog.Journey]) -> String {
        let journey = exchange.journey.flatMap { journeys.indices.contains($0) ? journeys[$0] : nil }
        var who = "  "
        if let journey {
            who += journey.name ?? "(default journey)"
            if let step = exchange.step { who += "  step \(step)" }
        } else {
            who += "(no journey)"
        }
        let (url, _) = HARWriter.redactedURL(exchange.url)
        let target = AMEndpoints.pathAndQuery(url)
        let milliseconds = String(format: "%.1f ms", exchange.duration * 1000)
        var line = "\(who)  \(exchange.method) \(target)  \(exchange.status)  \(milliseconds)"
        if let what = outcome(exchange) { line += "  " + what }
        return VisibleText.escaped(line)
    }

    /// The callback types of an authenticate answer, or how it ended; the proxy's own error.
    static func outcome(_ exchange: CapturedExchange) -> String? {
        if exchange.proxyError {
            let json = try? JSONValue.parse(exchange.responseBody)
            return json?["message"]?.stringValue
        }
        guard exchange.step != nil, let json = try? JSONValue.parse(exchange.responseBody) else { return nil }
        if let callbacks = json["callbacks"]?.arrayValue {
            let types = callbacks.compactMap { $0["type"]?.stringValue }
            let stage = json["stage"]?.stringValue.map { "  stage \($0)" } ?? ""
            return "[\(types.joined(separator: ", "))]" + stage
        }
        if json["tokenId"] != nil || json["successUrl"] != nil { return "success" }
        if let code = json["code"]?.intValue {
            return "failure \(code)" + (json["message"]?.stringValue.map { ": \($0)" } ?? "")
        }
        return nil
    }
}
