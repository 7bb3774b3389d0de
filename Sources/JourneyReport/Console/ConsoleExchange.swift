import Foundation
import JourneyCore
import JourneyRun

/// The verbose view of one round trip, curl style: `>` lines for the request, `<` for the
/// response. Headers and bodies are shown as the trace holds them, already redacted; JSON
/// bodies are indented for reading.
struct ConsoleExchange {
    var style: ConsoleStyle

    func lines(for exchange: Exchange) -> [String] {
        var lines = ["> \(exchange.method) \(exchange.url)"]
        lines += exchange.requestHeaders.map { "> \($0.name): \($0.value)" }
        lines += Self.body(exchange.requestBody).map { Self.prefixed(">", $0) }
        lines.append("< " + (exchange.status.map(String.init) ?? "no response"))
        lines += exchange.responseHeaders.map { "< \($0.name): \($0.value)" }
        lines += Self.body(exchange.responseBody).map { Self.prefixed("<", $0) }
        return lines.map { style.paint($0, .dim) }
    }

    /// `> text`, or just `>` for an empty line (no trailing space).
    static func prefixed(_ marker: String, _ line: String) -> String {
        line.isEmpty ? marker : "\(marker) \(line)"
    }

    /// A blank separator line then the body's lines; nothing for no body.
    static func body(_ text: String?) -> [String] {
        guard let text, !text.isEmpty else { return [] }
        return [""] + readable(text).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    /// JSON objects and arrays indented; anything else as it is.
    static func readable(_ text: String) -> String {
        guard let first = text.first(where: { !$0.isWhitespace }), first == "{" || first == "[",
            let value = try? JSONValue.parse(text)
        else { return text }
        return JSONWriter.pretty(value)
    }

    /// The path and query of a URL, for the step line; the whole text if it does not parse.
    /// Cut from the text, not rebuilt by URLComponents, which would percent-encode a placeholder
    /// (`«secret»` as `%C2%ABsecret%C2%BB`).
    static func shortURL(_ url: String) -> String {
        guard let scheme = url.range(of: "://"),
            let path = url[scheme.upperBound...].firstIndex(where: { $0 == "/" || $0 == "?" })
        else { return url }
        let rest = url[path...]
        let fragment = rest.firstIndex(of: "#") ?? rest.endIndex
        return rest[..<fragment].hasPrefix("?") ? "/" + rest[..<fragment] : String(rest[..<fragment])
    }
}
