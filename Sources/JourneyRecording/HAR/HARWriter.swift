import Foundation
import JourneyCore
import JourneyRun

/// Writes runs as HAR 1.2, from their step traces (already redacted). One page per script
/// run; the run's script, seed, clock start and non-secret variables go in the page's
/// `_journey` field, each entry's step and kind in the entry's `_journey` field.
public enum HARWriter {
    /// The version journey writes into `log.creator`.
    package static let creatorVersion = JourneyVersion.number

    /// Query parameters whose value is always hidden, even when the run did not know it as a
    /// secret: when writing a recording, and when a replay compares a recorded query.
    static let secretQueryNames: Set<String> = Redactor.secretMembers.union([
        "code", "token", "access_token", "id_token", "id_token_hint", "refresh_token", "code_verifier", "client_secret",
        "password", "assertion",
    ])

    /// A HAR document holding `results`, one page each (invalid scripts, which sent nothing, are left out).
    package static func document(_ results: [JourneyResult]) -> HARDocument {
        var pages: [HARPage] = []
        var entries: [HAREntry] = []
        for result in results where result.status != .invalid {
            let id = "page_\(pages.count + 1)"
            let exchanges = orderedExchanges(result)
            pages.append(page(result, exchanges: exchanges, id: id))
            entries += self.entries(exchanges, pageref: id)
        }
        return HARDocument(
            log: HARLog(
                creator: HARCreator(name: "journey", version: creatorVersion), pages: pages, entries: entries,
                journey: HARJourneyLog()))
    }

    /// The document as text: indented JSON, keys sorted, ending with a newline.
    package static func text(_ document: HARDocument) -> String {
        String(decoding: data(document), as: UTF8.self)
    }

    /// The document as UTF-8 bytes, as `text` has it: written to a file without a copy as a String.
    static func data(_ document: HARDocument) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        var data = HARControlEscapes.escaped((try? encoder.encode(document)) ?? Data("{}".utf8))
        data.append(0x0A)
        return data
    }

    /// Writes `results` to `path`. A path ending in `/` or naming a folder gets one file per
    /// script, `<folder>/<script file stem>.har`; any other path gets every run in one file.
    /// Returns the files written.
    @discardableResult
    public static func write(_ results: [JourneyResult], to path: String) throws(RecordingError) -> [String] {
        let recorded = results.filter { $0.status != .invalid }
        var isDirectory: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
        if path.hasSuffix("/") || (exists && isDirectory.boolValue) {
            var written: [String] = []
            var used: [String: Int] = [:]
            for result in recorded {
                var stem = Recording.stem(result.file)
                used[stem, default: 0] += 1
                if let count = used[stem], count > 1 { stem += "-\(count)" }
                let file = (path as NSString).appendingPathComponent(stem + ".har")
                try save(document([result]), to: file)
                written.append(file)
            }
            return written
        }
        try save(document(recorded), to: path)
        return [path]
    }

    /// Writes `document` to `path` whole or not at all (``AtomicFile``), no larger than journey reads back.
    static func save(_ document: HARDocument, to path: String) throws(RecordingError) {
        let directory = (path as NSString).deletingLastPathComponent
        do {
            if !directory.isEmpty {
                try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            }
        } catch {
            throw RecordingError("cannot write the recording \(path): \(error.localizedDescription)")
        }
        do {
            try AtomicFile.stream(to: path, limit: HARReader.maximumFileBytes) { sink in
                try stream(document) { try sink.write($0) }
            }
        } catch {
            throw RecordingError("cannot write the recording \(path): \(error.reason)")
        }
    }

    /// The bytes of `data(document)`, handed to `sink` an entry at a time: the document without
    /// its entries, cut where they go, and each entry encoded on its own and indented to its
    /// place (the encoder indents two spaces a level, and a JSON string holds no line break), so
    /// a recording of large bodies is never encoded whole in memory.
    static func stream(_ document: HARDocument, to sink: (Data) throws -> Void) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        var shell = document
        let entries = shell.log.entries
        shell.log.entries = []
        var text = HARControlEscapes.escaped(try encoder.encode(shell))
        text.append(0x0A)
        let empty = Data("\"entries\" : [\n\n    ]".utf8)
        guard !entries.isEmpty else { return try sink(text) }
        // Should the encoder write an empty array otherwise, the document is written whole.
        guard let hole = text.range(of: empty) else { return try sink(data(document)) }
        try sink(text[..<hole.lowerBound] + Data("\"entries\" : [\n".utf8))
        let indent = Array("      ".utf8)
        for (index, entry) in entries.enumerated() {
            let encoded = HARControlEscapes.escaped(try encoder.encode(entry))
            var indented: [UInt8] = []
            indented.reserveCapacity(encoded.count + encoded.count / 16)
            indented.append(contentsOf: indent)
            // Every line but the blank one inside an empty container (`{\n\n}`), which stays blank.
            // Line by line over the bytes: a byte at a time through `Data` was a quarter of `journey capture`'s stop.
            encoded.withUnsafeBytes { (raw: UnsafeRawBufferPointer) in
                guard let base = raw.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return }
                let count = raw.count
                var start = 0
                while start < count, let found = memchr(base + start, 0x0A, count - start) {
                    let newline = base.distance(to: UnsafePointer(found.assumingMemoryBound(to: UInt8.self)))
                    indented.append(contentsOf: UnsafeBufferPointer(start: base + start, count: newline + 1 - start))
                    if newline + 1 < count, base[newline + 1] != 0x0A { indented.append(contentsOf: indent) }
                    start = newline + 1
                }
                indented.append(contentsOf: UnsafeBufferPointer(start: base + start, count: count - start))
            }
            indented.append(contentsOf: Array((index == entries.count - 1 ? "\n" : ",\n").utf8))
            try sink(Data(indented))
        }
        try sink(Data("    ]".utf8) + text[hole.upperBound...])
    }

    // MARK: Pages and entries

    static func page(_ result: JourneyResult, exchanges: [OrderedExchange], id: String) -> HARPage {
        let start = exchanges.first { isAuthenticate($0.exchange.url) }
        let journeyName = start.flatMap {
            PercentEncoding.queryItems(of: URLComponents(string: $0.exchange.url)).first {
                $0.name == "authIndexValue"
            }?.value
        }
        let info = HARJourneyPage(
            script: result.file, name: result.name, journey: journeyName, server: result.server,
            seed: result.seed.map { String($0) }, clockStart: HARReader.string(result.startedAt),
            variables: result.variables, status: result.status.rawValue, outcome: result.outcome?.name,
            sdk: result.sdk?.rawValue)
        return HARPage(
            startedDateTime: HARReader.string(result.startedAt), id: id,
            title: "\(result.name) (\(result.file))", journey: info)
    }

    /// Every exchange of the run in the order it happened: each step's exchange, then the side
    /// exchanges (outbox reads) made while answering that step's response.
    static func orderedExchanges(_ result: JourneyResult) -> [OrderedExchange] {
        var list: [OrderedExchange] = []
        var side = result.sideExchanges[...]
        func flushSide(upTo step: Int) {
            while let next = side.first, (next.step ?? 0) < step {
                list.append((next, next.step, kind(of: next.url)))
                side = side.dropFirst()
            }
        }
        for step in result.steps {
            flushSide(upTo: step.number)
            list.append((step.exchange, step.number, kind(of: step.exchange.url)))
        }
        flushSide(upTo: Int.max)
        return list
    }

    static func isAuthenticate(_ url: String) -> Bool {
        (URLComponents(string: url)?.path ?? url).hasSuffix("/authenticate")
    }

    static func kind(of url: String) -> String {
        let path = URLComponents(string: url)?.path ?? url
        if path.hasSuffix("/authenticate") { return "authenticate" }
        if path.contains("/__simulator/outbox/") { return "outbox" }
        if path.contains("/sessions") { return "sessions" }
        return "call"
    }

    /// An exchange of a run with its step number and entry kind.
    typealias OrderedExchange = (exchange: Exchange, step: Int?, kind: String)

    static func entries(_ exchanges: [OrderedExchange], pageref: String) -> [HAREntry] {
        exchanges.compactMap { item in
            guard let status = item.exchange.status else { return nil }  // no response: nothing to replay
            return entry(item.exchange, status: status, step: item.step, kind: item.kind, pageref: pageref)
        }
    }

    static func entry(_ exchange: Exchange, status: Int, step: Int?, kind: String, pageref: String) -> HAREntry {
        let (url, query) = redactedURL(exchange.url)
        let requestType = exchange.requestHeaders.value("content-type") ?? "application/json"
        let postData = exchange.requestBody.flatMap { body in
            body.isEmpty && exchange.method == "GET" ? nil : HARPostData(mimeType: requestType, text: body)
        }
        let request = HARRequest(
            method: exchange.method, url: url,
            cookies: cookies(exchange.requestHeaders.values("cookie"), setCookie: false),
            headers: exchange.requestHeaders.map { HARNameValue($0.name, $0.value) }, queryString: query,
            postData: postData)
        let responseType = exchange.responseHeaders.value("content-type") ?? ""
        let response = HARResponse(
            status: status, statusText: statusText(status),
            cookies: cookies(exchange.responseHeaders.values("set-cookie"), setCookie: true),
            headers: exchange.responseHeaders.map { HARNameValue($0.name, $0.value) },
            content: HARContent(mimeType: responseType, text: exchange.responseBody ?? ""))
        let milliseconds = (exchange.duration * 1_000_000).rounded() / 1000
        return HAREntry(
            pageref: pageref, startedDateTime: HARReader.string(exchange.startedAt), time: milliseconds,
            request: request, response: response, timings: HARTimings(wait: milliseconds),
            journey: HARJourneyEntry(step: step, kind: kind))
    }

    /// The URL with secret query values replaced (decoded first, so an encoded secret cannot
    /// slip through), and its query as HAR's `queryString`.
    static func redactedURL(_ url: String) -> (String, [HARNameValue]) {
        // A placeholder (`«password»`) is not ASCII: encoded first, so the rest of the URL is not encoded twice.
        let url = url.utf8.allSatisfy { $0 < 0x80 } ? url : PercentEncoding.nonASCIIEncoded(url)
        guard var components = URLComponents(string: url), let encoded = components.percentEncodedQueryItems,
            !encoded.isEmpty
        else {
            return (url, [])
        }
        let items = PercentEncoding.queryItems(of: components)
        let secret = items.map { secretQueryNames.contains($0.name) && !Placeholder.isWhole($0.value) }
        let query = zip(items, secret).map { item, secret in
            HARNameValue(item.name, secret ? Redactor.placeholder(item.name) : item.value)
        }
        guard secret.contains(true) else { return (url, query) }
        // Only the secret values are rewritten: the others keep their bytes (Foundation's
        // decoding and re-encoding would drop a leading U+FEFF).
        components.percentEncodedQueryItems = zip(encoded, secret).map { item, secret in
            secret
                ? URLQueryItem(name: item.name, value: PercentEncoding.queryComponent(Redactor.placeholder(item.name)))
                : item
        }
        return (components.string ?? url, query)
    }

    /// Cookie names from `Cookie` or `Set-Cookie` values; the values are already placeholders.
    static func cookies(_ headerValues: [String], setCookie: Bool) -> [HARNameValue] {
        headerValues.flatMap { value -> [HARNameValue] in
            let all = value.split(separator: ";")
            let pairs = setCookie ? Array(all.prefix(1)) : all
            return pairs.compactMap { pair in
                let parts = pair.split(separator: "=", maxSplits: 1)
                guard let name = parts.first?.trimmingCharacters(in: .whitespaces), !name.isEmpty else { return nil }
                return HARNameValue(name, parts.count > 1 ? String(parts[1]).trimmingCharacters(in: .whitespaces) : "")
            }
        }
    }

    static func statusText(_ status: Int) -> String {
        HTTPStatusText.reason(status)
    }
}

/// Reason phrases for the statuses AM and the simulator use.
enum HTTPStatusText {
    static func reason(_ status: Int) -> String {
        switch status {
        case 200: return "OK"
        case 201: return "Created"
        case 204: return "No Content"
        case 302: return "Found"
        case 400: return "Bad Request"
        case 401: return "Unauthorized"
        case 403: return "Forbidden"
        case 404: return "Not Found"
        case 405: return "Method Not Allowed"
        case 409: return "Conflict"
        case 413: return "Payload Too Large"
        case 429: return "Too Many Requests"
        case 500: return "Internal Server Error"
        case 502: return "Bad Gateway"
        case 503: return "Service Unavailable"
        case 504: return "Gateway Timeout"
        default: return ""
        }
    }
}
