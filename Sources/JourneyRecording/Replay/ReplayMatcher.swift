import Foundation
import JourneyCore
import JourneyFormat
import JourneyRun

/// Decides whether a request a replayed run sends is the one the recording holds, and says
/// how it differs when it is not. Compared: method, path from `/json/` on, the journey
/// (`authIndexType`/`authIndexValue`, a resume), zero-page login headers, start versus continue,
/// the callbacks' signatures (type, prompt, input names, HiddenValueCallback id, MetadataCallback `_type` /
/// `_action`) and the input values in redacted form. Never compared: authId, cookies, other headers,
/// host and deployment path, or the value of a secret.
enum ReplayMatcher {
    /// A request of the run, read for matching.
    struct SentRequest {
        var method: String
        var url: String
        var path: String
        /// The path from `/json/` on (`RecordedExchange.amPath`).
        var amPath: String
        var query: [(name: String, value: String)]
        var headers: [HeaderField]
        /// The body's JSON, built when read (a continue request carries its step).
        var json: JSONValue? { sent?.value }
        var sent: SentJSON?
        var step: AMStep?
        var redactor: Redactor

        init(_ request: TransportRequest, redactor: Redactor) {
            method = request.method.uppercased()
            url = request.url
            headers = request.headers
            let parts = SentURL.parts(request.url)
            path = parts.path
            amPath = parts.amPath
            query = parts.query
            let sent =
                request.sentJSON
                ?? request.body.flatMap { $0.isEmpty ? nil : (try? JSONValue.parse($0)).map(SentJSON.value) }
            if case .step(let sentStep) = sent {
                step = sentStep
            } else {
                step = sent.flatMap { AMStep(json: $0.value) }
            }
            self.sent = sent
            self.redactor = redactor
        }

        var isAuthenticate: Bool { method == "POST" && path.hasSuffix("/authenticate") }
        /// A body with a string `authId` (what makes a step).
        var isContinue: Bool { step != nil }
        var resumes: Bool { queryValue("suspendedId") != nil }
        var journeyName: String? { queryValue("authIndexValue") ?? queryValue("service") }

        func queryValue(_ name: String) -> String? {
            query.first(where: { $0.name == name })?.value
        }

        /// Path and query as shown in a diff, secrets redacted.
        var displayPath: String {
            amPath
                + ReplayMatcher.queryText(
                    query.map { ($0.name, redactor.redact(queryValue: $0.value, named: $0.name)) })
        }

        var summary: String {
            "\(method) \(displayPath)"
                + (step.map { " " + ReplayMatcher.callbacksText($0, redact: redactor.redact(_:)) } ?? "")
                + (challengeResponse.map { " challengeResponse \($0.compactJSON)" } ?? "")
        }

        /// A MobileFirst preauthorize request's answers, redacted as the recording holds them.
        var challengeResponse: JSONValue? {
            json?["challengeResponse"].map { redactor.redact(json: $0, sent: true) }
        }
    }

    static func queryText(_ query: [(String, String)]) -> String {
        query.isEmpty ? "" : "?" + query.map { "\($0.0)=\($0.1)" }.joined(separator: "&")
    }

    static func redactedQuery(_ exchange: RecordedExchange) -> [(String, String)] {
        exchange.query.map { name, value in
            (
                name,
                HARWriter.secretQueryNames.contains(name) && !Placeholder.isWhole(value)
                    ? Redactor.placeholder(name) : value
            )
        }
    }

    static func callbacksText(_ step: AMStep, redact: (String) -> String) -> String {
        "["
            + step.callbacks.map { callback in
                let inputs = InputValues.of(callback, redact: redact).map { "\($0.name)=\(quoteValue($0.value))" }
                return callback.type + (inputs.isEmpty ? "" : " " + inputs.joined(separator: " "))
            }.joined(separator: ", ") + "]"
    }

    static func quoteValue(_ value: String) -> String {
        Placeholder.isWhole(value) ? value : "\"\(value)\""
    }

    static func recordedSummary(_ exchange: RecordedExchange) -> String {
        "\(exchange.method) \(exchange.amPath)\(queryText(redactedQuery(exchange)))"
            + (exchange.sentStep.map { " " + callbacksText($0, redact: { $0 }) } ?? "")
    }

    static func report(_ headline: String, sent: SentRequest, recorded: String, difference: String?) -> String {
        var lines = [headline, "  script sent:     \(sent.summary)", "  recording holds: \(recorded)"]
        if let difference { lines.append("  difference:      \(difference)") }
        return lines.joined(separator: "\n")
    }

    /// nil when `sent` is the recorded request; otherwise the diff.
    static func compare(
        _ sent: SentRequest, _ recorded: RecordedExchange, recording: Recording, position: Int, journey: RecordedJourney
    ) -> String? {
        guard let difference = difference(sent, recorded) else { return nil }
        let name = journey.name.map { "journey '\($0)'" } ?? "the recorded journey"
        return report(
            "the request does not match the recording (\(name), request \(position) of \(journey.exchanges.count), \((recording.source as NSString).lastPathComponent) entry \(recorded.index + 1))",
            sent: sent, recorded: recordedSummary(recorded), difference: difference)
    }

    static func difference(_ sent: SentRequest, _ recorded: RecordedExchange) -> String? {
        if sent.method != recorded.method { return "method \(sent.method), recorded \(recorded.method)" }
        if sent.amPath != recorded.amPath { return "path \(sent.amPath), recorded \(recorded.amPath)" }
        for name in ["authIndexType", "authIndexValue", "service"] {
            let mine = sent.queryValue(name)
            let theirs = recorded.queryValue(name)
            if mine != theirs {
                return "\(name) \(mine.map { "'\($0)'" } ?? "absent"), recorded \(theirs.map { "'\($0)'" } ?? "absent")"
            }
        }
        if sent.resumes != (recorded.queryValue("suspendedId") != nil) {
            return sent.resumes
                ? "the script resumes a suspended journey; the recording does not"
                : "the recording resumes a suspended journey here; the script does not"
        }
        if !sent.isContinue, let change = zeroPageDifference(sent, recorded) { return change }
        let recordedContinues = recorded.requestJSON?["authId"]?.stringValue != nil
        if sent.isContinue != recordedContinues {
            return sent.isContinue
                ? "the script continues the journey; the recording starts it here"
                : "the script starts the journey; the recording continues it here"
        }
        guard let mine = sent.step, let theirs = recorded.sentStep else { return nil }
        let mySignatures = mine.callbacks.map(CallbackSignature.init)
        let theirSignatures = theirs.callbacks.map(CallbackSignature.init)
        if mySignatures.map(\.type) != theirSignatures.map(\.type) {
            return
                "callbacks [\(mySignatures.map(\.type).joined(separator: ", "))], recorded [\(theirSignatures.map(\.type).joined(separator: ", "))]"
        }
        for (index, (a, b)) in zip(mySignatures, theirSignatures).enumerated() {
            if let change = b.difference(from: a) { return "callback \(index + 1) (\(a.type)): recorded \(change)" }
        }
        for (index, (a, b)) in zip(mine.callbacks, theirs.callbacks).enumerated() {
            let myValues = InputValues.of(a, catalogue: false, redact: sent.redactor.redact(_:))
            let theirValues =
                index < recorded.sentInputs.count ? recorded.sentInputs[index] : InputValues.of(b, redact: { $0 })
            for (x, y) in zip(myValues, theirValues) where !InputValues.match(x.value, y.value) {
                return
                    "callback \(index + 1) (\(a.type)) input \(x.name): the script sent \(quoteValue(x.value)), the recording holds \(quoteValue(y.value))"
            }
        }
        return nil
    }

    /// Zero-page login headers (AM's default names) of a start: the username compared in
    /// redacted form, the password only for being there.
    static func zeroPageDifference(_ sent: SentRequest, _ recorded: RecordedExchange) -> String? {
        func shown(_ value: String?) -> String { value.map { "'\($0)'" } ?? "absent" }
        let usernameHeader = ZeroPageSpec.defaultUsernameHeader
        // The username header is no secret header: its value is redacted as any text is.
        let mine = sent.headers.value(usernameHeader).map(sent.redactor.redact(_:))
        let theirs = recorded.requestHeaders.value(usernameHeader)
        if (mine == nil) != (theirs == nil) || !InputValues.match(mine ?? "", theirs ?? "") {
            return "\(usernameHeader) \(shown(mine)), recorded \(shown(theirs))"
        }
        let passwordHeader = ZeroPageSpec.defaultPasswordHeader
        let sentPassword = sent.headers.value(passwordHeader) != nil
        if sentPassword != (recorded.requestHeaders.value(passwordHeader) != nil) {
            return sentPassword
                ? "the script sends \(passwordHeader) (zero-page login); the recording does not"
                : "the recording sends \(passwordHeader) (zero-page login) here; the script does not"
        }
        return nil
    }

    /// The same non-authenticate resource: method, path and query (values compared redacted).
    static func sameResource(_ sent: SentRequest, _ recorded: RecordedExchange) -> Bool {
        guard sent.method == recorded.method else { return false }
        let redactedPath = sent.redactor.redact(url: sent.path)
        let myPath = redactedPath.removingPercentEncoding ?? redactedPath
        let theirPath = recorded.path.removingPercentEncoding ?? recorded.path
        guard
            InputValues.match(RecordedExchange.amPath(myPath), RecordedExchange.amPath(theirPath))
                || InputValues.match(myPath, theirPath)
        else {
            return false
        }
        let mine = sent.query.map { ($0.name, sent.redactor.redact(queryValue: $0.value, named: $0.name)) }
        let theirs = redactedQuery(recorded)
        guard mine.count == theirs.count else { return false }
        guard zip(mine, theirs).allSatisfy({ $0.0 == $1.0 && InputValues.match($0.1, $1.1) }) else { return false }
        return InputValues.match(sent.challengeResponse, recorded.requestJSON?["challengeResponse"])
    }

    /// A request besides authenticate as a mismatch report lists it.
    static func otherSummary(_ exchange: RecordedExchange) -> String {
        "\(exchange.method) \(AMEndpoints.pathAndQuery(exchange.url))"
            + (exchange.requestJSON?["challengeResponse"].map { " challengeResponse \($0.compactJSON)" } ?? "")
    }

    static func noJourney(for sent: SentRequest, in recording: Recording) -> String {
        let file = (recording.source as NSString).lastPathComponent
        let headline: String
        if recording.journeys.isEmpty {
            headline = "\(file) holds no authenticate traffic: there is nothing to replay this script's journey from"
        } else if sent.resumes {
            headline = "\(file) holds no resumed journey for the script's resume request"
        } else {
            let names = recording.journeys.map { $0.name ?? "(no name)" }
            headline =
                "\(file) holds no (unused) journey '\(sent.journeyName ?? "(no name)")'; it holds: \(names.joined(separator: ", "))"
        }
        return report(
            headline, sent: sent,
            recorded: recording.journeys.first.flatMap { $0.exchanges.first.map(recordedSummary) } ?? "nothing",
            difference: nil)
    }

    static func pastEnd(_ sent: SentRequest, journey: RecordedJourney, recording: Recording) -> String {
        let last =
            journey.exchanges.last.map { exchange in
                StepShape(exchange).description
            } ?? "nothing"
        return report(
            "the script runs past the end of its recording: \((recording.source as NSString).lastPathComponent) holds \(Plural.count(journey.exchanges.count, "request")) of journey '\(journey.name ?? "?")', the last answered with \(last)",
            sent: sent, recorded: "nothing more", difference: nil)
    }
}
