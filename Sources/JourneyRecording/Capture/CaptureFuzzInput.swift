import Foundation
import JourneyCore
import JourneyRun

/// The forwarding path of `journey capture` fed with arbitrary bytes (the `capture` fuzz
/// target): an app's request and an upstream's answer, each as HTTP text (`METHOD TARGET`
/// or `STATUS`, header lines, a blank line, the body), split at the first NUL byte. Both go
/// through routing, header filtering, the answer's rewrite, the log and its live line, then
/// the capture is redacted and imported as `journey capture` does when it stops, in memory.
package enum CaptureFuzzInput {
    package static func run(_ bytes: [UInt8]) {
        let split = bytes.firstIndex(of: 0) ?? bytes.endIndex
        let request = message(bytes[..<split])
        let response = message(split < bytes.endIndex ? bytes[(split + 1)...] : [])
        let routes = [
            CaptureRoute(name: "", origin: "https://am.example.com", path: "/am"),
            CaptureRoute(name: "bank", origin: "http://api.example.com:8081", path: "/v1"),
        ]
        let log = CaptureLog()
        let secrets = Redactor()
        let proxy = CaptureProxy(routes: routes, proxyOrigin: "http://127.0.0.1:8080", log: log)
        let words = request.start.split(separator: " ", maxSplits: 1)
        let incoming = CaptureProxy.Request(
            method: words.first.map(String.init) ?? "GET", target: words.count > 1 ? String(words[1]) : "/",
            headers: request.headers, body: request.body)
        for attempt in 0..<2 {
            var exchange = proxy.forwarded(incoming)
            let outcome: Result<TransportResponse, TransportError> =
                attempt == 0
                ? .success(
                    TransportResponse(
                        status: Int(response.start) ?? 200, headers: response.headers, body: response.body))
                : .failure(.timeout(30))
            _ = proxy.answer(outcome, to: &exchange)
            _ = CaptureLiveView.line(exchange, journeys: log.journeys, secrets: secrets)
        }
        let (document, pages) = CaptureDocument.make(log, upstream: routes[0])
        _ = HARWriter.text(document)
        for page in pages {
            if let recording = try? Recording(document: document, source: "capture.har", script: page.scriptFile) {
                _ = try? ScriptImporter.script(from: recording, journeyName: page.journeyName, readsOutbox: true)
            }
        }
    }

    /// The first line, the header lines up to a blank one, and the rest as the body.
    static func message(_ bytes: ArraySlice<UInt8>) -> (start: String, headers: [HeaderField], body: Data) {
        let text = String(decoding: bytes, as: UTF8.self)
        let parts = text.components(separatedBy: "\n\n")
        var lines = (parts.first ?? "").split(separator: "\n", omittingEmptySubsequences: false).map {
            $0.trimmingCharacters(in: CharacterSet(charactersIn: "\r"))
        }
        let start = lines.isEmpty ? "" : lines.removeFirst()
        let headers = lines.compactMap { line -> HeaderField? in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            return HeaderField(
                String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
        }
        return (start, headers, Data(parts.dropFirst().joined(separator: "\n\n").utf8))
    }
}
