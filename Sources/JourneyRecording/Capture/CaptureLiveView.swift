import Foundation
import JourneyCore
import JourneyRun

/// The line `journey capture` prints for each round trip as it passes, in the console's style:
/// the journey and its step, the method and path, the status, the time, and what came back
/// (the callback types, or how the journey ended). Secret query values are hidden, every
/// secret seen so far is replaced as the HAR replaces it (`secrets`: the exchange's own are
/// registered first, so a 401 that repeats the password it was sent shows `«password»`), and
/// the upstream's text is escaped before it reaches a terminal.
package enum CaptureLiveView {
    package static func line(_ exchange: CapturedExchange, journeys: [CaptureLog.Journey], secrets: Redactor)
        -> String
    {
        CaptureSecrets.register([exchange], in: secrets)
        return VisibleText.escaped(secrets.redact(text(exchange, journeys: journeys)))
    }

    static func text(_ exchange: CapturedExchange, journeys: [CaptureLog.Journey]) -> String {
        let journey = exchange.journey.flatMap { journeys.indices.contains($0) ? journeys[$0] : nil }
        var who = "  "
        if let journey {
            who += journey.name ?? "(default journey)"
            if let step = exchange.step { who += "  step \(step)" }
        } else {
            who += "(no journey)"
        }
        let (url, _) = HARWriter.redactedURL(exchange.url)
        // The query's secret values by name, as the capture knows them (`IDToken2`, `new_password`).
        let parts = AMEndpoints.pathAndQuery(url).split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        let target = parts.count == 2 ? "\(parts[0])?\(hidingSecretParameters(String(parts[1])))" : parts.joined()
        let milliseconds = String(format: "%.1f ms", exchange.duration * 1000)
        var line = "\(who)  \(exchange.method) \(target)  \(exchange.status)  \(milliseconds)"
        if let what = outcome(exchange) { line += "  " + what }
        return line
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

    /// `a=1&password=2` as `a=1&password=«password»`.
    static func hidingSecretParameters(_ query: String) -> String {
        query.split(separator: "&", omittingEmptySubsequences: false).map { pair in
            let parts = pair.split(separator: "=", maxSplits: 1)
            guard parts.count == 2 else { return String(pair) }
            let name = PercentEncoding.decoded(parts[0], plusAsSpace: true) ?? String(parts[0])
            guard CaptureSecrets.isSecretParameter(name), !Placeholder.isWhole(String(parts[1])) else {
                return String(pair)
            }
            return "\(parts[0])=\(Redactor.placeholder(name))"
        }.joined(separator: "&")
    }
}
