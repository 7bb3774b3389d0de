import Foundation
import JourneyCore

/// Searches outputs for secrets, independently of the redactor: each output is searched as it
/// is and decoded (percent-encoding, `\xNN` escapes, JSON escapes), for the secret and its
/// base64 forms, each as a whole token (no letter, digit or `_` on either side; a dot between
/// digits joins them).
enum SecretSearch {
    /// Where each of `secrets` stands in `text`, in any encoding: a short excerpt per hit, by secret.
    static func hits(of secrets: [String], in text: String) -> [String: [String]] {
        var owner: [String: String] = [:]
        for secret in secrets where !secret.isEmpty {
            for form in forms(of: secret) { owner[form] = secret }
        }
        // One regular expression for every form, longest first, without lookarounds (so the
        // engine can skip ahead to a form's first character): one scan per view, then each
        // occurrence is checked for being a whole token.
        let forms = owner.keys.sorted { $0.count > $1.count }
        let pattern = forms.map(NSRegularExpression.escapedPattern(for:)).joined(separator: "|")
        guard !owner.isEmpty, let regex = try? NSRegularExpression(pattern: pattern) else { return [:] }
        let tokens = Dictionary(
            uniqueKeysWithValues: forms.compactMap { form in
                (try? NSRegularExpression(pattern: tokenPattern(form))).map { (form, $0) }
            })
        var hits: [String: [String]] = [:]
        for view in Set(views(of: text)) {
            for (form, excerpt) in occurrences(of: regex, in: view) {
                guard let token = tokens[form], !occurrences(of: token, in: excerpt).isEmpty else { continue }
                hits[owner[form] ?? form, default: []].append(excerpt)
            }
        }
        return hits
    }

    /// Where `secret` stands in `text`, in any encoding.
    static func hits(of secret: String, in text: String) -> [String] {
        hits(of: [secret], in: text)[secret] ?? []
    }

    /// The secret and its base64 forms (standard, unpadded, base64url).
    static func forms(of secret: String) -> Set<String> {
        let base64 = Data(secret.utf8).base64EncodedString()
        return [
            secret, base64, String(base64.reversed().drop(while: { $0 == "=" }).reversed()), Base64URL.encode(secret),
        ]
    }

    /// The text as it is, and with every escape decoded, once and twice (a body in a HAR is a
    /// JSON string inside JSON).
    static func views(of text: String) -> [String] {
        let once = decodeHex(decodePercent(decodeJSON(text)))
        return [text, once, decodeHex(decodePercent(decodeJSON(once)))]
    }

    /// `form` as a whole token: no letter, digit or `_` beside it (where it begins or ends
    /// with one), and no dot between it and another digit.
    static func tokenPattern(_ form: String) -> String {
        let word = "A-Za-z0-9_"
        var pattern = NSRegularExpression.escapedPattern(for: form)
        if let first = form.unicodeScalars.first, CharacterSet.alphanumerics.contains(first) || first == "_" {
            pattern = "(?<![\(word)])(?<![0-9]\\.)" + pattern
        }
        if let last = form.unicodeScalars.last, CharacterSet.alphanumerics.contains(last) || last == "_" {
            pattern += "(?![\(word)])(?!\\.[0-9])"
        }
        return "(?:" + pattern + ")"
    }

    /// Where `form` stands in `text` as a whole token: a short excerpt per hit.
    static func occurrences(of form: String, in text: String) -> [String] {
        guard let regex = try? NSRegularExpression(pattern: tokenPattern(form)) else { return [] }
        return occurrences(of: regex, in: text).map(\.excerpt)
    }

    static func occurrences(of regex: NSRegularExpression, in text: String) -> [(form: String, excerpt: String)] {
        let range = NSRange(text.startIndex..., in: text)
        return regex.matches(in: text, range: range).compactMap { match in
            guard let found = Range(match.range, in: text) else { return nil }
            let start = text.index(found.lowerBound, offsetBy: -40, limitedBy: text.startIndex) ?? text.startIndex
            let end = text.index(found.upperBound, offsetBy: 40, limitedBy: text.endIndex) ?? text.endIndex
            return (String(text[found]), String(text[start..<end]))
        }
    }

    /// `%XX` decoded where it is well formed (a lone `%` stays).
    static func decodePercent(_ text: String) -> String {
        decode(text) { bytes, index in
            guard bytes[index] == UInt8(ascii: "%"), index + 2 < bytes.count,
                let value = UInt8(String(decoding: bytes[index + 1...index + 2], as: UTF8.self), radix: 16)
            else { return nil }
            return (3, [value])
        }
    }

    /// `\xNN` decoded.
    static func decodeHex(_ text: String) -> String {
        decode(text) { bytes, index in
            guard bytes[index] == UInt8(ascii: "\\"), index + 3 < bytes.count, bytes[index + 1] == UInt8(ascii: "x"),
                let value = UInt8(String(decoding: bytes[index + 2...index + 3], as: UTF8.self), radix: 16)
            else { return nil }
            return (4, [value])
        }
    }

    /// JSON string escapes decoded (`\"`, `\\`, `\/`, `\n`, `\uXXXX`).
    static func decodeJSON(_ text: String) -> String {
        decode(text) { bytes, index in
            guard bytes[index] == UInt8(ascii: "\\"), index + 1 < bytes.count else { return nil }
            switch bytes[index + 1] {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): return (2, [bytes[index + 1]])
            case UInt8(ascii: "n"): return (2, [0x0A])
            case UInt8(ascii: "u"):
                guard index + 5 < bytes.count,
                    let value = UInt32(String(decoding: bytes[index + 2...index + 5], as: UTF8.self), radix: 16),
                    let scalar = Unicode.Scalar(value)
                else { return nil }
                return (6, Array(String(Character(scalar)).utf8))
            default: return nil
            }
        }
    }

    private static func decode(_ text: String, _ escape: ([UInt8], Int) -> (Int, [UInt8])?) -> String {
        let bytes = Array(text.utf8)
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            if let (length, decoded) = escape(bytes, index) {
                output += decoded
                index += length
            } else {
                output.append(bytes[index])
                index += 1
            }
        }
        return String(decoding: output, as: UTF8.self)
    }
}
