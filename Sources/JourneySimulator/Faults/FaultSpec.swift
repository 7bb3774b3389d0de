import Foundation
import JourneyCore

/// A misbehaviour the simulator can put on a response, for testing clients against bad servers.
public enum FaultSpec: Sendable, Hashable {
    /// Answer normally after a real delay of this many milliseconds.
    case delay(milliseconds: Int)
    /// Never answer: hold the connection until the client gives up or the server stops.
    case hang
    /// Close the connection without a response.
    case close
    /// 200 with an HTML login page.
    case html
    /// This status, with a CREST error body (`plain: true` → a plain-text body).
    case status(code: Int, plain: Bool)
    /// 200 application/json whose body is a JSON document cut in half.
    case truncated
    /// 200 text/plain, not JSON.
    case notJSON
    /// `hang`, but only for a request that submits an input with this value (a server that chokes on
    /// a bad value); other requests are answered normally. On a tree node: answers to that node's page.
    case hangOnValue(String)

    /// Fault kinds as written in trees, headers and the control API.
    package static let kindNames = ["delay", "hang", "close", "html", "status", "truncated", "notJSON", "hangOnValue"]

    /// The kind's name.
    package var kind: String {
        switch self {
        case .delay: "delay"
        case .hang: "hang"
        case .close: "close"
        case .html: "html"
        case .status: "status"
        case .truncated: "truncated"
        case .notJSON: "notJSON"
        case .hangOnValue: "hangOnValue"
        }
    }

    /// Reads `X-Simulator-Fault` header text: `hang`, `close`, `delay=250`, `status=503`, `status=502;plain`,
    /// `hangOnValue=<value>`.
    package init?(headerValue: String) {
        let parts = headerValue.trimmingCharacters(in: .whitespaces).split(separator: "=", maxSplits: 1)
        guard let kind = parts.first.map(String.init) else { return nil }
        let argument = parts.count > 1 ? String(parts[1]) : nil
        switch kind {
        case "delay":
            guard let ms = argument.flatMap({ Int($0) }), TreeRanges.milliseconds.contains(ms) || ms == 0 else {
                return nil
            }
            self = .delay(milliseconds: ms)
        case "hang": self = .hang
        case "close": self = .close
        case "html": self = .html
        case "status":
            let pieces = (argument ?? "500").split(separator: ";")
            guard let code = pieces.first.flatMap({ Int($0) }), (100..<600).contains(code) else { return nil }
            self = .status(code: code, plain: pieces.dropFirst().contains("plain"))
        case "truncated": self = .truncated
        case "notJSON": self = .notJSON
        case "hangOnValue":
            guard let argument, !argument.isEmpty else { return nil }
            self = .hangOnValue(argument)
        default: return nil
        }
    }

    /// Reads the JSON form: `{"kind": "delay", "ms": 250}`, `{"kind": "status", "code": 503, "plain": true}`,
    /// `{"kind": "hangOnValue", "value": "bad"}`.
    package init?(json: JSONValue) {
        guard let kind = json["kind"]?.stringValue else { return nil }
        switch kind {
        case "delay":
            guard let ms = json["ms"]?.intValue, TreeRanges.milliseconds.contains(ms) || ms == 0 else { return nil }
            self = .delay(milliseconds: ms)
        case "status":
            guard let code = json["code"]?.intValue, (100..<600).contains(code) else { return nil }
            self = .status(code: code, plain: json["plain"]?.boolValue ?? false)
        case "hangOnValue":
            guard let value = json["value"]?.stringValue, !value.isEmpty else { return nil }
            self = .hangOnValue(value)
        default:
            guard let simple = FaultSpec(headerValue: kind), simple.kind == kind else { return nil }
            self = simple
        }
    }
}

extension FaultSpec {
    /// True for a `hangOnValue` fault whose value is among the inputs `body` submits.
    func hangsOn(_ body: JSONValue?) -> Bool {
        guard case .hangOnValue(let value) = self, let callbacks = body?["callbacks"]?.arrayValue else { return false }
        return callbacks.contains { callback in
            (callback["input"]?.arrayValue ?? []).contains { $0["value"]?.displayText == value }
        }
    }
}
