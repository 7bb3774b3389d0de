import Foundation
import JourneyCore
import JourneyRun

/// One HTTP exchange of a recording, decoded: bodies as bytes (base64 and gzip undone), JSON
/// parsed when it is JSON, the query percent-decoded.
package struct RecordedExchange: Sendable {
    package enum Kind: String, Sendable {
        /// `POST .../authenticate`.
        case authenticate
        /// `GET /__simulator/outbox/...` (the simulator's outbox).
        case outbox
        /// Anything else: sessions, resources, and unrelated traffic in foreign recordings.
        case other
    }

    /// The entry's index in the HAR file.
    package var index: Int
    package var kind: Kind
    package var method: String
    package var url: String
    /// The path, percent-encoded as recorded.
    package var path: String
    /// The query parameters, percent-decoded, in order.
    package var query: [(name: String, value: String)]
    package var requestHeaders: [HeaderField]
    package var requestBody: Data
    package var requestJSON: JSONValue?
    package var status: Int
    package var responseHeaders: [HeaderField]
    package var responseBody: Data
    package var responseJSON: JSONValue?
    package var startedAt: Date?
    /// Seconds.
    package var duration: Double
    /// journey's `_journey.step`, when the recording has it.
    package var step: Int?

    package func queryValue(_ name: String) -> String? {
        query.first(where: { $0.name == name })?.value
    }

    /// The path from `/json/` on (`/json/realms/root/realms/alpha/authenticate`): the part of the
    /// URL a deployment path or host change leaves alone.
    package var amPath: String { Self.amPath(path) }

    static func amPath(_ path: String) -> String {
        // Bytes: Foundation's `range(of:)` bridged to NSString on every comparison a replay makes.
        let marker = "/json/".utf8
        let bytes = path.utf8
        var index = bytes.startIndex
        while index != bytes.endIndex {
            if bytes[index...].starts(with: marker) { return String(path[index...]) }
            index = bytes.index(after: index)
        }
        return path
    }

    /// The authenticate response as AM's body shapes (read once, when the recording is loaded).
    package var amResponse: AMResponseBody?
    /// What `AMWireCheck` finds wrong with the response as an authenticate answer (read once too).
    package var amProblem: String?

    /// The callbacks the client sent back (a continue request), or `nil` for a start.
    package var sentStep: AMStep?

    /// The input values of `sentStep`, callback by callback, as a replay compares them.
    var sentInputs: [[(name: String, value: String)]] = []

    /// Headers that describe the recorded bytes on the wire (compressed, chunked, their length)
    /// rather than the decoded `responseBody` a replay answers with.
    static let wireHeaders = ["content-encoding", "content-length", "transfer-encoding"]

    /// The recorded response headers that still hold for the decoded body: without
    /// `wireHeaders`, nor the headers named in `also`.
    func replayedResponseHeaders(also extra: [String] = []) -> [HeaderField] {
        responseHeaders.removing(Self.wireHeaders + extra)
    }
}

/// A PingAM journey as a recording holds it: its authenticate exchanges in order, from the
/// start request to the end (success, failure or suspension), threaded by `authId`.
package struct RecordedJourney: Sendable {
    package var exchanges: [RecordedExchange]

    /// The journey's name: `authIndexValue` (or the legacy `service`) of the start request.
    package var name: String? {
        guard let first = exchanges.first else { return nil }
        return first.queryValue("authIndexValue") ?? first.queryValue("service")
    }

    package var authIndexType: String? { exchanges.first?.queryValue("authIndexType") }

    /// True when the first request resumes a suspended journey (`?suspendedId=`).
    package var startsWithResume: Bool { exchanges.first?.queryValue("suspendedId") != nil }

    /// True when the first recorded request already carries an `authId`: the recording began mid-journey.
    package var startsMidJourney: Bool { exchanges.first?.requestJSON?["authId"]?.stringValue != nil }

    /// How the last response left the journey.
    package var end: End {
        guard let last = exchanges.last, let body = last.amResponse else { return .unusable }
        switch body {
        case .step(let step):
            if step.callbacks.contains(where: { $0.hasType(.suspendedTextOutput) }) { return .suspended }
            if step.callbacks.contains(where: { $0.hasType(.redirect) }) { return .redirect }
            return .waiting
        case .success: return .success
        case .failure: return .failure
        }
    }

    package enum End: Sendable, Equatable {
        case success, failure, suspended, redirect
        /// The last response asks for callbacks and no answer was recorded.
        case waiting
        /// The last response is not an AM body.
        case unusable
    }

    /// `https://host` of the start request.
    package var origin: String { exchanges.first.map { AMEndpoints.origin(of: $0.url) } ?? "" }

    /// The deployment path before `/json/` (`/am`).
    package var deploymentPath: String {
        guard let path = exchanges.first?.path, let range = path.range(of: "/json/") else { return "" }
        return String(path[..<range.lowerBound])
    }

    /// The realm as a script names it (`alpha`, `customers/europe`, `/` for root), from the path.
    package var realm: String {
        guard let path = exchanges.first?.amPath else { return "/" }
        var parts = path.split(separator: "/").map(String.init)
        parts.removeFirst()  // json
        if parts.last == "authenticate" { parts.removeLast() }
        if parts.first == "realms" { parts.removeFirst() }
        if parts.first == "root" { parts.removeFirst() }
        let names = parts.enumerated().filter { $0.offset % 2 == 1 }.map(\.element)
        return names.isEmpty ? "/" : names.joined(separator: "/")
    }
}

/// A recording read for replay, import, serving or drift: one script's run from a HAR file
/// (the page whose `_journey.script` matches), or every entry of a HAR journey did not write.
public struct Recording: Sendable {
    /// The file it was read from.
    package var source: String
    /// journey's page data, when journey wrote the file.
    package var page: HARJourneyPage?
    /// The AM journeys, in the order they start.
    package var journeys: [RecordedJourney]
    /// Every other exchange (outbox reads, sessions, unrelated traffic), in order.
    package var others: [RecordedExchange]
    /// Every exchange in file order.
    package var exchanges: [RecordedExchange]

    /// Reads `path` and picks the run of `script` (a file path) when the HAR holds several.
    public static func load(path: String, script: String? = nil) throws(RecordingError) -> Recording {
        let document = try HARReader.read(path: path)
        return try Recording(document: document, source: path, script: script)
    }

    package init(document: HARDocument, source: String, script: String? = nil) throws(RecordingError) {
        self.source = source
        let journeyPages = (document.log.pages ?? []).filter { $0.journey != nil }
        var chosen: HARPage?
        if !journeyPages.isEmpty {
            if journeyPages.count == 1 {
                chosen = journeyPages[0]
            } else if let script {
                let stem = Self.stem(script)
                chosen =
                    journeyPages.first(where: { $0.journey?.script == script })
                    ?? journeyPages.first(where: { Self.stem($0.journey?.script ?? "") == stem })
            }
            if chosen == nil {
                let names = journeyPages.compactMap { $0.journey?.script }.joined(separator: ", ")
                throw RecordingError(
                    "\(source) holds the runs of several scripts (\(names)); none is \(script ?? "the script given")")
            }
        }
        page = chosen?.journey
        var decoded: [RecordedExchange] = []
        for (index, entry) in document.log.entries.enumerated() {
            if let chosen, let pageref = entry.pageref, pageref != chosen.id { continue }
            decoded.append(try Self.exchange(entry, index: index, source: source))
        }
        exchanges = decoded
        others = decoded.filter { $0.kind != .authenticate }
        journeys = Self.thread(decoded.filter { $0.kind == .authenticate })
    }

    /// The recording of `page` alone, from the entries at `entries` (indexes in `document`, in
    /// order: the page's and those of no page), as `init(document:source:script:)` reads it when
    /// the script names that page. `journey capture` reads each of its pages so, in one pass over
    /// the entries for all of them (not one pass per page).
    package init(document: HARDocument, source: String, page: HARPage, entries: [Int]) throws(RecordingError) {
        self.source = source
        self.page = page.journey
        var decoded: [RecordedExchange] = []
        for index in entries where document.log.entries.indices.contains(index) {
            decoded.append(try Self.exchange(document.log.entries[index], index: index, source: source))
        }
        exchanges = decoded
        others = decoded.filter { $0.kind != .authenticate }
        journeys = Self.thread(decoded.filter { $0.kind == .authenticate })
    }

    /// The file name without folder and extension: `journeys/login.yaml` → `login`.
    package static func stem(_ path: String) -> String {
        ((path as NSString).lastPathComponent as NSString).deletingPathExtension
    }

    /// The journey a script starting `name` replays: the first one with that name (any when `name` is nil).
    package func journey(named name: String?) -> RecordedJourney? {
        guard let name else { return journeys.first }
        return journeys.first(where: { $0.name == name })
    }

    static func exchange(_ entry: HAREntry, index: Int, source: String) throws(RecordingError) -> RecordedExchange {
        let components = URLComponents(string: entry.request.url)
        let path = components?.percentEncodedPath ?? entry.request.url
        var query = PercentEncoding.queryItems(of: components)
        if query.isEmpty, !entry.request.queryString.isEmpty {
            query = entry.request.queryString.map { ($0.name, PercentEncoding.decoded($0.value) ?? $0.value) }
        }
        let method = entry.request.method.uppercased()
        let kind: RecordedExchange.Kind =
            method == "POST" && path.hasSuffix("/authenticate")
            ? .authenticate
            : path.contains("/__simulator/outbox/") ? .outbox : .other
        let requestBody = HARReader.requestBody(entry.request)
        let responseBody: Data
        do {
            responseBody = try HARReader.responseBody(entry.response)
        } catch {
            throw RecordingError("\(source): entry \(index + 1) (\(method) \(entry.request.url)): \(error.message)")
        }
        var exchange = RecordedExchange(
            index: index, kind: kind, method: method, url: entry.request.url, path: path, query: query,
            requestHeaders: entry.request.headers.map { HeaderField($0.name, $0.value) }, requestBody: requestBody,
            requestJSON: requestBody.isEmpty ? nil : try? JSONValue.parse(requestBody), status: entry.response.status,
            responseHeaders: entry.response.headers.map { HeaderField($0.name, $0.value) }, responseBody: responseBody,
            responseJSON: responseBody.isEmpty ? nil : try? JSONValue.parse(responseBody),
            startedAt: HARReader.date(entry.startedDateTime), duration: max(0, entry.time) / 1000,
            step: entry.journey?.step)
        exchange.amResponse = exchange.responseJSON.flatMap { AMResponseBody(status: exchange.status, json: $0) }
        exchange.amProblem = exchange.responseJSON.flatMap { AMWireCheck.problem(status: exchange.status, json: $0) }
        exchange.sentStep = exchange.requestJSON.flatMap(AMStep.init(json:))
        exchange.sentInputs = (exchange.sentStep?.callbacks ?? []).map { InputValues.of($0, redact: { $0 }) }
        return exchange
    }

    /// Groups authenticate exchanges into journeys: a continue joins the journey whose last
    /// response gave its `authId`; a resume (`?suspendedId=`) joins the latest suspended journey;
    /// anything else starts a new journey.
    static func thread(_ exchanges: [RecordedExchange]) -> [RecordedJourney] {
        var journeys: [RecordedJourney] = []
        func lastAuthId(_ journey: RecordedJourney) -> String? {
            journey.exchanges.last?.responseJSON?["authId"]?.stringValue
        }
        for exchange in exchanges {
            if let authId = exchange.requestJSON?["authId"]?.stringValue {
                if let index = journeys.lastIndex(where: { lastAuthId($0) == authId }) {
                    journeys[index].exchanges.append(exchange)
                } else if let index = journeys.lastIndex(where: { $0.end == .waiting }) {
                    // authIds rewritten or redacted by the recording tool: the latest waiting journey.
                    journeys[index].exchanges.append(exchange)
                } else {
                    journeys.append(RecordedJourney(exchanges: [exchange]))
                }
            } else if exchange.queryValue("suspendedId") != nil,
                let index = journeys.lastIndex(where: { $0.end == .suspended })
            {
                journeys[index].exchanges.append(exchange)
            } else {
                journeys.append(RecordedJourney(exchanges: [exchange]))
            }
        }
        return journeys
    }
}
