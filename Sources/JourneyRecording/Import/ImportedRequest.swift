import Foundation
import JourneyCore
import JourneyRun
import Yams

/// A transactional authorization as a recording holds it, for the `request:` block of an
/// imported script: after the journey, a resource call answered with advice, the
/// `composite_advice` journey that satisfied it, and the retry of the call.
struct ImportedRequest {
    /// The first call, answered with advice.
    var call: RecordedExchange
    var advice: ResourceAdvice
    var adviceJourney: RecordedJourney
    /// The call again after the advice journey; nil when the advice journey did not succeed.
    var retry: RecordedExchange?

    /// Nil when nothing after `journey` (and before the next journey that is not an advice
    /// journey) is a resource call answered with advice, followed by its advice journey and,
    /// when that succeeded, the retry.
    init?(after journey: RecordedJourney, in recording: Recording) {
        guard let loginEnd = journey.exchanges.last?.index else { return nil }
        let isAdvice = { (candidate: RecordedJourney) in candidate.authIndexType == "composite_advice" }
        // One pass: a capture may hold thousands of journeys, and this runs for each of them.
        let nextLogin =
            recording.journeys.compactMap { candidate -> Int? in
                guard !isAdvice(candidate), let first = candidate.exchanges.first?.index, first > loginEnd else {
                    return nil
                }
                return first
            }.min() ?? Int.max
        let resources = recording.others.filter {
            $0.kind == .other && $0.index > loginEnd && $0.index < nextLogin && !$0.path.contains("/oauth2/")
                && !$0.path.contains("/json/")
        }
        for call in resources {
            guard
                let advice = try? AdviceParser.detect(
                    status: call.status, headers: call.responseHeaders, body: call.responseBody),
                let adviceJourney = recording.journeys.first(where: {
                    isAdvice($0) && ($0.exchanges.first?.index ?? 0) > call.index
                        && ($0.exchanges.first?.index ?? 0) < nextLogin
                }),
                let adviceEnd = adviceJourney.exchanges.last?.index
            else { continue }
            let retry = resources.first {
                $0.index > adviceEnd && $0.method == call.method && Self.sameResource($0.path, call.path)
            }
            guard retry != nil || adviceJourney.end == .failure else { continue }
            self.call = call
            self.advice = advice
            self.adviceJourney = adviceJourney
            self.retry = adviceJourney.end == .success ? retry : nil
            return
        }
        return nil
    }

    static func sameResource(_ one: String, _ other: String) -> Bool {
        (one.removingPercentEncoding ?? one) == (other.removingPercentEncoding ?? other)
    }

    /// Request headers that the run sends itself (the session, the token, the retry's proof,
    /// what HTTP and the proxy add) or that say nothing about the app's request.
    static let headersTheRunSends: Set<String> = [
        "cookie", "authorization", "x-idtoken", "x-txid", "x-tree", "x-authenticate-response", "host",
        "content-length", "connection", "keep-alive", "transfer-encoding", "te", "upgrade", "accept-encoding",
        "user-agent", "proxy-connection", "via", "forwarded", "x-forwarded-for", "x-forwarded-host",
        "x-forwarded-proto", "x-forwarded-port", "x-real-ip",
    ]

    /// The headers the script writes: the app's own, with `Accept` and a JSON `Content-Type`
    /// left to the run when they are what it sends anyway.
    var headers: [HeaderField] {
        call.requestHeaders.filter { header in
            let name = header.name.lowercased()
            if Self.headersTheRunSends.contains(name) || name.hasPrefix(":") || name.hasPrefix("sec-") { return false }
            if name == "accept" { return header.value != "application/json" }
            if name == "content-type" {
                return !(call.requestJSON != nil && header.value.lowercased().contains("json"))
            }
            return true
        }
    }

    /// `request.auth`: how the app proved itself to the resource.
    var auth: String? {
        if call.requestHeaders.value("authorization")?.lowercased().hasPrefix("bearer ") == true { return "bearer" }
        if call.requestHeaders.value("x-idtoken") != nil { return "idtoken" }
        return nil
    }

    /// `request.retry`: how the app's retry carried the proof, where the run's defaults would differ.
    var retryOptions: [(String, String)] {
        guard let retry else { return [] }
        var options: [(String, String)] = []
        if advice.txid != nil {
            let carrier =
                retry.queryValue("_txid") != nil && call.queryValue("_txid") == nil
                ? "query" : retry.requestHeaders.value("x-txid") != nil ? "header" : "none"
            let auto = advice.form == .policyDecision ? "header" : "query"
            if carrier != auto { options.append(("txid", carrier)) }
        }
        if advice.tree != nil, retry.requestHeaders.value("x-tree") == nil { options.append(("tree", "none")) }
        return options
    }
}

extension ScriptImporter.Builder {
    /// The advice journey's handlers and expected steps, after the login's. A handler the login
    /// already has (the same password) is not written twice; another answer matches its step's
    /// stage (or its step number when the step has no stage).
    mutating func collectAdviceSteps(of advice: RecordedJourney) {
        let loginHandlers = handlers.count
        let loginSteps = journey.exchanges.count
        collectSteps(
            of: advice.exchanges, number: { advice.exchanges[$0].step ?? loginSteps + 2 + $0 }, stage: \.stage)
        let login = Array(handlers[..<loginHandlers])
        let added = Array(handlers[loginHandlers...])
        handlers =
            login
            + added.filter { handler in
                let same = login.filter { $0.type == handler.type }
                let alike = { (one: ScriptImporter.Handler, other: ScriptImporter.Handler) in
                    one.options.map(\.0) == other.options.map(\.0) && one.options.map(\.1) == other.options.map(\.1)
                }
                return !(same.count == 1 && added.filter { $0.type == handler.type }.allSatisfy { alike($0, same[0]) })
            }
    }

    /// The `request:` block: the app's first call (method, URL, headers, body) and how its
    /// retry carried the proof. Placeholders of redacted values become secret variables.
    mutating func block(of request: ImportedRequest) -> Node {
        let call = request.call
        let origin = AMEndpoints.origin(of: call.url)
        let url = origin == journey.origin ? AMEndpoints.pathAndQuery(call.url) : call.url
        var entries: [(String, Node)] = [
            ("method", .text(call.method)), ("url", ImportedText.string(templated(url))),
        ]
        let headers = request.headers
        if !headers.isEmpty {
            var pairs: [(String, Node)] = []
            for header in headers { pairs.append((header.name, ImportedText.string(templated(header.value)))) }
            entries.append(("headers", .flow(pairs)))
        }
        if call.requestHeaders.value("x-authenticate-response")?.lowercased() == "header" {
            entries.append(("adviceInHeader", .plain("true")))
        }
        if let auth = request.auth, oauth != nil { entries.append(("auth", .text(auth))) }
        if let json = call.requestJSON {
            entries.append(("body", templated(json)))
        } else if !call.requestBody.isEmpty {
            entries.append(("body", ImportedText.string(templated(String(decoding: call.requestBody, as: UTF8.self)))))
        }
        let retry = request.retryOptions
        if !retry.isEmpty { entries.append(("retry", .flow(retry.map { ($0.0, Node.text($0.1)) }))) }
        return .block(entries)
    }

    /// What the retry got: `authorized` for a 2xx, else `denied`; `denied` when the advice
    /// journey did not succeed.
    func requestOutcome(_ request: ImportedRequest) -> Node {
        let advice = ("advice", ImportedText.pattern(request.advice.names))
        guard let retry = request.retry else { return .flow([("denied", .flow([advice]))]) }
        let status = ("status", Node.plain(String(retry.status)))
        if (200..<300).contains(retry.status) { return .flow([("authorized", .flow([status, advice]))]) }
        return .flow([("denied", .flow([status]))])
    }

    /// A recorded JSON value with each placeholder turned into a read of a secret variable.
    mutating func templated(_ value: JSONValue) -> Node {
        switch value {
        case .string(let text):
            return ImportedText.string(templated(text))
        case .array(let items):
            var nodes: [Node] = []
            for item in items { nodes.append(templated(item)) }
            return .flow(nodes)
        case .object(let members):
            var pairs: [(String, Node)] = []
            for (key, member) in members.sorted(by: { $0.key < $1.key }) { pairs.append((key, templated(member))) }
            return .flow(pairs)
        default:
            return ImportedText.literal(value)
        }
    }

    /// Recorded text as a template: each placeholder (`«password»`) turned into `{{ password }}`,
    /// a secret variable, and the rest sent as it is (`{{` in it escaped, `ImportedText`).
    mutating func templated(_ text: String) -> String {
        guard Placeholder.isHeld(in: text) else { return ImportedText.escapingExpressions(text) }
        var result = ""
        var rest = text[...]
        while let open = rest.firstIndex(of: "«"), let close = rest[open...].firstIndex(of: "»") {
            let placeholder = String(rest[open...close])
            let name = String(placeholder.dropFirst().dropLast())
            if name.isEmpty {
                result += ImportedText.escapingExpressions(String(rest[..<open])) + placeholder
            } else {
                result += ImportedText.escapingExpressions(String(rest[..<open]), beforeExpression: true)
                result += "{{ \(secretVariable(base: name, recorded: placeholder)) }}"
            }
            rest = rest[rest.index(after: close)...]
        }
        return result + ImportedText.escapingExpressions(String(rest))
    }
}
