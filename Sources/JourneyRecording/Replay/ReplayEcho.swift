import Foundation
import JourneyCore
import JourneyRun

/// Values a client chooses afresh on every run and the server hands back: OAuth's `state`
/// (in the authorize redirect) and `nonce` (in the ID token's claims). A recording made by
/// journey holds the run's own, which a replay with the recorded seed chooses again; a
/// recording of another client (`journey capture`) holds placeholders (`«state»`, `«nonce»`),
/// and the replay answers with the values the replayed run sent in their place.
enum ReplayEcho {
    /// The query parameters whose recorded placeholder is echoed.
    static let names: Set<String> = ["state", "nonce"]

    /// Placeholder → the run's value, for each echoed parameter the recording holds as a placeholder.
    static func learn(
        from sent: ReplayMatcher.SentRequest, recorded: RecordedExchange, into echoes: inout [String: String]
    ) {
        for (name, value) in recorded.query where names.contains(name) && Placeholder.isWhole(value) {
            if let mine = sent.query.first(where: { $0.name == name })?.value, !Placeholder.isWhole(mine) {
                echoes[value] = mine
            }
        }
    }

    /// The recorded `Location` headers with the placeholders replaced (percent-encoded).
    static func headers(_ headers: [HeaderField], _ echoes: [String: String]) -> [HeaderField] {
        guard !echoes.isEmpty else { return headers }
        return headers.map { field in
            guard HTTPText.namesMatch(field.name, "location") else { return field }
            var value = field.value
            for (placeholder, mine) in echoes {
                let encodedPlaceholder = PercentEncoding.nonASCIIEncoded(placeholder)
                let encoded =
                    mine.addingPercentEncoding(withAllowedCharacters: .urlQueryAllowed.subtracting(["&", "=", "+"]))
                    ?? mine
                value = value.replacingOccurrences(of: placeholder, with: encoded)
                value = value.replacingOccurrences(of: encodedPlaceholder, with: encoded)
            }
            return HeaderField(field.name, value)
        }
    }

    /// The recorded body with the placeholders replaced in an `id_token`'s claims (its
    /// signature is redacted anyway, so re-encoding them breaks nothing a replay checks).
    static func body(_ body: Data, _ echoes: [String: String]) -> Data {
        guard !echoes.isEmpty, body.range(of: Data("id_token".utf8)) != nil,
            case .object(var object)? = try? JSONValue.parse(body), let token = object["id_token"]?.stringValue
        else { return body }
        var parts = token.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 3, let claims = Base64URL.decode(parts[1]) else { return body }
        var text = String(decoding: claims, as: UTF8.self)
        for (placeholder, mine) in echoes {
            let escaped = JSONValue.string(mine).compactJSON
            text = text.replacingOccurrences(of: "\"\(placeholder)\"", with: escaped)
        }
        parts[1] = Base64URL.encode(text)
        object["id_token"] = .string(parts.joined(separator: "."))
        return Data(JSONValue.object(object).compactJSON.utf8)
    }
}
