import JourneyCore
import JourneyRun

/// One script's run as a sequence diagram: the client and each party it talked to, in order of
/// first contact, and per round trip a request arrow and a response arrow, failures marked.
/// Built from a script of the JSON report (``init(script:)``), so a run's report and a merged
/// one draw the same; rendered as Mermaid text (``MermaidSequence``) and as SVG in the HTML
/// report (``SequenceDiagramLayout``).
///
/// Every text is a server's or a script's, already redacted: the model keeps it on one line,
/// without control characters and cut to a length (``DiagramText``); each renderer escapes it
/// for its own syntax.
package struct SequenceDiagram: Equatable, Sendable {
    /// A lifeline: the client, or a party at an origin.
    package struct Participant: Equatable, Sendable {
        /// The identifier the Mermaid text uses (`C`, `P1`, `P2`...): never from the input.
        package var id: String
        /// `Client`, `AM`, `OAuth`, `Resource server`...
        package var title: String
        /// Where it was reached (`127.0.0.1:8080`); empty for the client.
        package var detail: String
    }

    /// One arrow between two participants (indices into ``participants``).
    package struct Message: Equatable, Sendable {
        package var from: Int
        package var to: Int
        package var label: String
        /// A response (drawn dashed) rather than a request.
        package var isResponse: Bool
        /// The round trip failed an expectation or stopped the run.
        package var failed: Bool
        /// A request that got no response: its arrow ends in a cross.
        package var lost: Bool
    }

    /// A note across participants `first...last`: a failure's message.
    package struct Note: Equatable, Sendable {
        package var first: Int
        package var last: Int
        package var text: String
        package var failed: Bool
    }

    package enum Event: Equatable, Sendable {
        case message(Message)
        case note(Note)
    }

    package var participants: [Participant]
    package var events: [Event]

    package init(participants: [Participant], events: [Event]) {
        self.participants = participants
        self.events = events
    }

    /// Characters a message's label keeps; a note keeps twice as many.
    static let labelLimit = 72
    static let noteLimit = 144
    /// Callback types a response label names before `+N`.
    static let namedCallbacks = 3

    /// The diagram of one script of a JSON report document (`scripts[i]`); nil when it made no round trip.
    package init?(script: JSONValue) {
        let steps = script["steps"]?.arrayValue ?? []
        guard !steps.isEmpty else { return nil }
        var participants = [Participant(id: "C", title: "Client", detail: "")]
        var index: [String: Int] = [:]
        var events: [Event] = []
        let error = script["error"]
        let errorStep = error?["step"]?.intValue
        for step in steps {
            let number = step["number"]?.intValue ?? 0
            let url = step["request"]?["url"]?.stringValue ?? ""
            let party = step["party"]?.stringValue.flatMap(Party.init(rawValue:)) ?? .am
            let origin = Self.host(AMEndpoints.origin(of: url))
            let key = party.rawValue + " " + origin
            let target: Int
            if let known = index[key] {
                target = known
            } else {
                target = participants.count
                index[key] = target
                participants.append(
                    Participant(
                        id: "P\(target)", title: party.title, detail: DiagramText.line(origin, limit: Self.labelLimit)))
            }
            let status = step["response"]?["status"]?.intValue
            let failures = (step["failures"]?.arrayValue ?? []).compactMap { $0["message"]?.stringValue }
            let stoppedHere = errorStep == number ? error?["message"]?.stringValue : nil
            let reasons = failures + (stoppedHere.map { [$0] } ?? [])
            let failed = !reasons.isEmpty
            events.append(
                .message(
                    Message(
                        from: 0, to: target, label: Self.requestLabel(step, number: number, url: url),
                        isResponse: false, failed: failed && status == nil, lost: status == nil)))
            if let status {
                events.append(
                    .message(
                        Message(
                            from: target, to: 0, label: Self.responseLabel(step, status: status), isResponse: true,
                            failed: failed, lost: false)))
            }
            if let first = reasons.first {
                events.append(.note(Self.failureNote(first, more: reasons.count - 1, last: target)))
            }
        }
        // Failures and an error no step holds: after the last round trip, across every lifeline.
        let loose = (script["failures"]?.arrayValue ?? []).filter { $0["step"]?.intValue == nil }
            .compactMap { $0["message"]?.stringValue }
        let looseError = error.flatMap { $0["step"]?.intValue == nil ? $0["message"]?.stringValue : nil }
        let reasons = loose + (looseError.map { [$0] } ?? [])
        if let first = reasons.first {
            // The outcome and the run's own checks are about where it ended: its last arrow.
            if let last = events.lastIndex(where: { if case .message = $0 { true } else { false } }),
                case .message(var message) = events[last]
            {
                message.failed = true
                events[last] = .message(message)
            }
            events.append(.note(Self.failureNote(first, more: reasons.count - 1, last: participants.count - 1)))
        }
        self.init(participants: participants, events: events)
    }

    /// `3 POST access_token · oauth`: the step's number, method, the last part of its path and its phase.
    static func requestLabel(_ step: JSONValue, number: Int, url: String) -> String {
        let method = step["request"]?["method"]?.stringValue ?? ""
        let path = AMEndpoints.pathAndQuery(url).split(separator: "?", maxSplits: 1).first.map(String.init) ?? ""
        let last = path.split(separator: "/").last.map(String.init) ?? "/"
        let phase = step["phase"]?.stringValue.map { " · " + $0 } ?? ""
        return DiagramText.line("\(number) \(method) \(last)\(phase)", limit: labelLimit)
    }

    /// `200 NameCallback, PasswordCallback`, `200 end`, `302`: the status and what came back.
    static func responseLabel(_ step: JSONValue, status: Int) -> String {
        // Repeats in a row are counted (`TextOutputCallback ×2`); past a few kinds, `+N`.
        var kinds: [(type: String, count: Int)] = []
        for type in (step["callbacks"]?.arrayValue ?? []).compactMap({ $0["type"]?.stringValue }) {
            if kinds.last?.type == type { kinds[kinds.count - 1].count += 1 } else { kinds.append((type, 1)) }
        }
        var text = "\(status)"
        if !kinds.isEmpty {
            text +=
                " "
                + kinds.prefix(namedCallbacks).map { $0.count > 1 ? "\($0.type) ×\($0.count)" : $0.type }
                .joined(separator: ", ")
            let rest = kinds.dropFirst(namedCallbacks).reduce(0) { $0 + $1.count }
            if rest > 0 { text += " +\(rest)" }
        } else if step["kind"]?.stringValue == "end" {
            text += " end"
        }
        if let stage = step["stage"]?.stringValue, !stage.isEmpty { text += " (\(stage))" }
        return DiagramText.line(text, limit: labelLimit)
    }

    static func failureNote(_ message: String, more: Int, last: Int) -> Note {
        let suffix = more > 0 ? " (and \(more) more)" : ""
        return Note(
            first: 0, last: last, text: DiagramText.line("✗ " + message, limit: noteLimit - suffix.count) + suffix,
            failed: true)
    }

    /// `host:port` of an origin (`http://127.0.0.1:8080`), without the scheme.
    static func host(_ origin: String) -> String {
        guard let range = origin.range(of: "://") else { return origin }
        return String(origin[range.upperBound...])
    }
}
