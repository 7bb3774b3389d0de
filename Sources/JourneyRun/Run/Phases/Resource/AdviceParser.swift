import Foundation
import JourneyCore

/// Advice found in a protected resource's answer, in one of the forms AM and Identity Gateway use.
package struct ResourceAdvice: Sendable {
    package enum Form: String, Sendable {
        /// A policy decision (object or array of decisions) with `advices`, relayed by a REST resource.
        case policyDecision = "policy decision"
        /// IG's 302/307 to AM's login page with `authIndexType=composite_advice` and the advice XML.
        case igRedirect = "IG redirect"
        /// IG's 401 with `WWW-Authenticate: SSOADVICE … advices="<base64 JSON>"`.
        case igHeader = "IG WWW-Authenticate"
    }

    package var form: Form
    package var advices: [PolicyAdvice]
    /// IG's `goto` (the original URL with `_txid`), redirect form only.
    package var goto: String?

    package init(form: Form, advices: [PolicyAdvice], goto: String? = nil) {
        self.form = form
        self.advices = advices
        self.goto = goto
    }

    /// The transaction id: the TransactionConditionAdvice value, else the `_txid` of IG's `goto`.
    package var txid: String? {
        if let value = advices.first(where: { $0.name == AdviceParser.transaction })?.values.first { return value }
        return goto.flatMap { AdviceParser.queryItems(of: $0).first(where: { $0.name == "_txid" })?.value }
    }

    /// The tree of an AuthenticateToServiceConditionAdvice (`/:ConfirmPassword` → `ConfirmPassword`).
    package var tree: String? {
        guard let value = advices.first(where: { $0.name == AdviceParser.authenticateToService })?.values.first else {
            return nil
        }
        return value.split(separator: ":", omittingEmptySubsequences: false).last.map(String.init)
    }

    /// `TransactionConditionAdvice` or `A + B`, for outcomes and checks.
    package var names: String { advices.map(\.name).joined(separator: " + ") }

    /// `TransactionConditionAdvice [abc] (IG redirect)`.
    package var summary: String { advices.map(\.description).joined(separator: ", ") + " (\(form.rawValue))" }
}

/// Finds policy advice in a resource's response (am-protocol.md §8): a policy decision body, IG's
/// redirect to the login page, or IG's `WWW-Authenticate: SSOADVICE` header. A response in none of
/// these forms has no advice; one that claims advice but cannot be read throws.
package enum AdviceParser {
    package static let transaction = "TransactionConditionAdvice"
    package static let authenticateToService = "AuthenticateToServiceConditionAdvice"
    /// The advice types AM issues; anything else is reported as unknown.
    package static let knownAdvices = [
        transaction, authenticateToService, "AuthLevelConditionAdvice", "AuthSchemeConditionAdvice",
        "AuthenticateToRealmConditionAdvice",
    ]

    package struct Failure: Error, Sendable, CustomStringConvertible {
        package var message: String
        package var description: String { message }
    }

    package static func detect(status: Int, headers: [HeaderField], body: Data) throws(Failure) -> ResourceAdvice? {
        if (300..<400).contains(status), let location = headers.value("location"),
            location.contains("composite_advice")
        {
            return try fromRedirect(location)
        }
        // IG's SSOADVICE, or IG as an OAuth 2.0 resource server: `Bearer realm=…, advices="…"`.
        if let header = headers.values("www-authenticate").first(where: {
            HTTPText.namesMatch($0.prefix(9), "ssoadvice")
                || (HTTPText.namesMatch($0.prefix(7), "bearer ") && parameter("advices", in: $0) != nil)
        }) {
            return try fromWWWAuthenticate(header)
        }
        guard let json = try? JSONValue.parse(body) else { return nil }
        return try fromDecision(json)
    }

    /// `{…, "advices": {...}}` or `[{…, "advices": {...}}, …]`; nil when no decision carries advice.
    package static func fromDecision(_ json: JSONValue) throws(Failure) -> ResourceAdvice? {
        let decisions = json.arrayValue ?? [json]
        var advices: [PolicyAdvice] = []
        for decision in decisions {
            guard let member = decision["advices"] else { continue }
            advices += try adviceMap(member, what: "the policy decision's advices")
        }
        return advices.isEmpty ? nil : ResourceAdvice(form: .policyDecision, advices: advices)
    }

    /// IG's redirect: `…?goto=<url with _txid>&realm=/&authIndexType=composite_advice&authIndexValue=<XML>`.
    package static func fromRedirect(_ location: String) throws(Failure) -> ResourceAdvice {
        let items = queryItems(of: location)
        guard let value = items.first(where: { $0.name == "authIndexValue" })?.value, !value.isEmpty else {
            throw Failure(
                message: "the redirect to \(excerpt(location)) names composite_advice but has no authIndexValue")
        }
        let advices: [PolicyAdvice]
        do {
            advices = try AdviceXML.parse(decodedFurther(value, until: looksLikeAdvice))
        } catch {
            throw Failure(message: "the redirect's authIndexValue cannot be read: \(error.message)")
        }
        try check(advices)
        let goto = items.first(where: { $0.name == "goto" }).map { decodedFurther($0.value, until: looksLikeURL) }
        return ResourceAdvice(form: .igRedirect, advices: advices, goto: goto)
    }

    /// Percent-decoding rounds past the query's own, at most: some IG deployments encode the
    /// advice twice, and the JavaScript SDK decodes the value once more than the URL parser does.
    static let extraDecodingRounds = 3

    /// `value` percent-decoded until `done` holds (or nothing changes), `extraDecodingRounds` times at most.
    static func decodedFurther(_ value: String, until done: (String) -> Bool) -> String {
        var text = value
        for _ in 0..<extraDecodingRounds where !done(text) {
            guard let decoded = PercentEncoding.decoded(text), decoded != text else { break }
            text = decoded
        }
        return text
    }

    /// `<Advices>…` XML, or a value made only of base64url characters (and padding).
    static func looksLikeAdvice(_ text: String) -> Bool {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed.hasPrefix("<") { return true }
        return !trimmed.isEmpty && Base64URL.decode(trimmed) != nil
    }

    /// An absolute URL or a path whose punctuation is not escaped (`https%3A%2F%2F…`,
    /// `?_txid%3D…`): IG's `goto` once decoded.
    static func looksLikeURL(_ text: String) -> Bool {
        let escaped = ["%25", "%3A", "%2F", "%3F", "%3D", "%26"]
        let upper = text.uppercased()
        return (text.hasPrefix("/") || text.contains("://")) && !escaped.contains { upper.contains($0) }
    }

    /// `SSOADVICE realm="/",advices="<base64 JSON>",am_uri="…"`.
    package static func fromWWWAuthenticate(_ header: String) throws(Failure) -> ResourceAdvice {
        guard let encoded = parameter("advices", in: header) else {
            throw Failure(message: "WWW-Authenticate '\(excerpt(header))' has no advices=\"…\" parameter")
        }
        guard !encoded.isEmpty, let data = Base64URL.decode(encoded) else {
            throw Failure(message: "the advices parameter of WWW-Authenticate is not base64: '\(excerpt(encoded))'")
        }
        let json: JSONValue
        do {
            json = try JSONValue.parse(data)
        } catch {
            let text = String(decoding: data, as: UTF8.self)
            throw Failure(
                message: "the advices parameter of WWW-Authenticate decodes to '\(excerpt(text))', which is not JSON")
        }
        let advices = try adviceMap(json, what: "the advices parameter of WWW-Authenticate")
        guard !advices.isEmpty else {
            throw Failure(message: "the advices parameter of WWW-Authenticate holds no advice: \(json.compactJSON)")
        }
        return ResourceAdvice(form: .igHeader, advices: advices)
    }

    /// `{"TransactionConditionAdvice": ["…"]}` → advices, sorted by name (JSON objects are unordered).
    static func adviceMap(_ json: JSONValue, what: String) throws(Failure) -> [PolicyAdvice] {
        guard let object = json.objectValue else {
            throw Failure(message: "\(what) must be an object of advice types, found \(excerpt(json.compactJSON))")
        }
        var advices: [PolicyAdvice] = []
        for (name, value) in object.sorted(by: { $0.key < $1.key }) {
            let values: [String]
            if let text = value.stringValue {
                values = [text]
            } else if let items = value.arrayValue, items.allSatisfy({ $0.stringValue != nil }) {
                values = items.compactMap(\.stringValue)
            } else {
                throw Failure(
                    message: "\(what): \(name) must be a list of strings, found \(excerpt(value.compactJSON))")
            }
            advices.append(PolicyAdvice(name: name, values: values))
        }
        try check(advices)
        return advices
    }

    /// Every advice has a known type and at least one value.
    static func check(_ advices: [PolicyAdvice]) throws(Failure) {
        for advice in advices {
            guard knownAdvices.contains(advice.name) else {
                let hint =
                    DidYouMean.suggestion(for: advice.name, among: knownAdvices).map { " (did you mean \($0)?)" } ?? ""
                throw Failure(
                    message:
                        "unknown advice type '\(advice.name)'\(hint); the runner satisfies \(knownAdvices.joined(separator: ", "))"
                )
            }
            guard !advice.values.isEmpty, advice.values.allSatisfy({ !$0.isEmpty }) else {
                throw Failure(message: "\(advice.name) has no value")
            }
            if advice.name == authenticateToService, let value = advice.values.first, !value.contains(":") {
                throw Failure(message: "\(advice.name) '\(value)' is not '<realm>:<tree>'")
            }
        }
    }

    /// A quoted (or bare) parameter of an HTTP auth header.
    static func parameter(_ name: String, in header: String) -> String? {
        guard let range = header.range(of: "\(name)=", options: .caseInsensitive) else { return nil }
        var rest = header[range.upperBound...]
        if rest.first == "\"" {
            rest = rest.dropFirst()
            return String(rest.prefix { $0 != "\"" })
        }
        return String(rest.prefix { $0 != "," && !$0.isWhitespace })
    }

    /// The query items of a URL, split by hand: IG's `goto` holds an unescaped `?`, and `+` stays `+`.
    static func queryItems(of url: String) -> [(name: String, value: String)] {
        guard let question = url.firstIndex(of: "?") else { return [] }
        var query = url[url.index(after: question)...]
        if let hash = query.firstIndex(of: "#") { query = query[..<hash] }
        return query.split(separator: "&").map { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = String(parts[0]).removingPercentEncoding ?? String(parts[0])
            let raw = parts.count > 1 ? String(parts[1]) : ""
            return (name, raw.removingPercentEncoding ?? raw)
        }
    }

    static func excerpt(_ text: String, limit: Int = 80) -> String {
        text.count > limit ? String(text.prefix(limit)) + "…" : text
    }
}
