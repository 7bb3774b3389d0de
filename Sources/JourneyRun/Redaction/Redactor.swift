import Foundation
import JourneyCore
import Synchronization

/// Replaces secret values with placeholders that name them (`«password»`), never with a hash.
/// One redactor per run: secrets are registered as they become known (declared secret
/// variables, password and OTP inputs, tokens, session ids, captured seeds and codes), and
/// every text that leaves the run (trace, reports, recordings) goes through it.
///
/// Redaction is structural: a value the runner sent or a secret member the server returned
/// (`tokenId`) is replaced whole; in any other text a secret is replaced only where it stands
/// as a whole token, plainly or encoded (`TokenMatcher`), and never in JSON keys, callback
/// types, stage names or other identifiers (`JSONRedaction`), so a recording still replays.
package final class Redactor: Sendable {
    /// A registered secret: what `redact` searches for and puts in its place.
    struct Secret: Sendable {
        let value: String
        let name: String
        let placeholder: [UInt8]
        /// The value's bytes, then its base64 and base64url forms (without padding), then (for a
        /// value of four bytes or more) its hex in lower and upper case.
        let needles: [[UInt8]]
        /// The needles after the first that are base64 forms (they take their `=` padding with them).
        let base64Forms: Int

        init(value: String, name: String) {
            self.value = value
            self.name = name
            self.placeholder = [0xC2, 0xAB] + Array(name.utf8) + [0xC2, 0xBB]
            let bytes = Array(value.utf8)
            // Base64 without padding is base64url with its two other letters. Registered once
            // per secret per run: bytes throughout, no text built.
            let base64URL = Base64URL.encodedBytes(bytes)
            var needles = [bytes]
            if base64URL.contains(where: { $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "_") }) {
                let base64 = base64URL.map { byte in
                    byte == UInt8(ascii: "-") ? UInt8(ascii: "+") : byte == UInt8(ascii: "_") ? UInt8(ascii: "/") : byte
                }
                if base64 != bytes { needles.append(base64) }
            }
            if base64URL != bytes { needles.append(base64URL) }
            self.base64Forms = needles.count - 1
            // Hex of a shorter value is a common word or number (`31` for `1`): only longer ones count.
            if bytes.count >= 4 {
                let digits = Array("0123456789abcdef".utf8)
                let hex = bytes.flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 0x0F)]] }
                let upper = hex.map { $0 >= UInt8(ascii: "a") ? $0 - 0x20 : $0 }
                if hex != bytes { needles.append(hex) }
                if upper != hex && upper != bytes { needles.append(upper) }
            }
            self.needles = needles
        }
    }

    /// The registered secrets (in the order they came), the bytes that can begin a match of
    /// one, and an index of their forms by the bytes a match begins with: a text is searched
    /// for the few secrets that can stand at each place, never for every one (a capture whose
    /// server sets a new cookie on every answer has thousands).
    struct Secrets: Sendable {
        var list: [Secret] = []
        var startBytes = [Bool](repeating: false, count: 256)
        /// Index in `list` by value (values are unique).
        var byValue: [String: Int] = [:]
        /// The forms of two bytes or more, by their first two bytes; each list longest secret first.
        var byPrefix: [UInt16: [Form]] = [:]
        /// The forms of one byte, by that byte.
        var byByte: [UInt8: [Form]] = [:]

        /// A needle of a secret, where the search tries it: longer secrets first, then the
        /// secret registered first, then its forms in order (as one pass over every secret did).
        struct Form: Sendable {
            let secret: Int
            let form: Int
            let length: Int

            func comes(before other: Form) -> Bool {
                length != other.length
                    ? length > other.length : secret != other.secret ? secret < other.secret : form < other.form
            }
        }

        mutating func add(_ secret: Secret) {
            let index = list.count
            list.append(secret)
            byValue[secret.value] = index
            let length = secret.value.utf8.count
            for (number, needle) in secret.needles.enumerated() {
                let form = Form(secret: index, form: number, length: length)
                if needle.count == 1 {
                    Self.insert(form, into: &byByte[needle[0], default: []])
                } else {
                    Self.insert(form, into: &byPrefix[UInt16(needle[0]) << 8 | UInt16(needle[1]), default: []])
                }
            }
        }

        /// `form` into `forms` (in search order) after every form that comes before it. A binary
        /// search: a walk from the end passed every shorter secret's forms for each longer one
        /// (a capture's `tokenId`s grow longer as they count up), quadratic in the secrets.
        static func insert(_ form: Form, into forms: inout [Form]) {
            forms.insert(form, at: insertionPoint(of: form, in: forms))
        }

        /// The first place in `forms` whose form `form` comes before (`forms.count` when none);
        /// `comesBefore` is `Form.comes(before:)` (a test counts its calls).
        static func insertionPoint(
            of form: Form, in forms: [Form], comesBefore: (Form, Form) -> Bool = { $0.comes(before: $1) }
        ) -> Int {
            var low = 0
            var high = forms.count
            while low < high {
                let middle = (low + high) / 2
                if comesBefore(form, forms[middle]) { high = middle } else { low = middle + 1 }
            }
            return low
        }

        /// The forms whose match can begin at `index`, in search order: the first two bytes there,
        /// each read as itself or as the escape it begins (`%41`, `+`, `\u0041`, `&#65;`).
        /// Most places have one list or none: it is returned as it is, nothing allocated.
        func candidates(in bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> [Form] {
            var found: [Form] = []
            var merged = false
            func take(_ forms: [Form]?) {
                guard let forms, !forms.isEmpty else { return }
                if found.isEmpty {
                    found = forms
                } else {
                    found += forms
                    merged = true
                }
            }
            func takeSecond(after first: UInt8, at next: Int) {
                guard next < bytes.count else { return }
                let byte = bytes[next]
                take(byPrefix[UInt16(first) << 8 | UInt16(byte)])
                if Self.beginsEscape(byte), let (_, decoded) = TokenMatcher.escape(in: bytes, at: next),
                    let second = decoded.first, second != byte
                {
                    take(byPrefix[UInt16(first) << 8 | UInt16(second)])
                }
            }
            let byte = bytes[index]
            take(byByte[byte])
            takeSecond(after: byte, at: index + 1)
            if Self.beginsEscape(byte), let (length, decoded) = TokenMatcher.escape(in: bytes, at: index),
                let first = decoded.first, first != byte || length > 1
            {
                if first != byte { take(byByte[first]) }
                if decoded.count > 1 {
                    take(byPrefix[UInt16(first) << 8 | UInt16(decoded[1])])
                } else {
                    takeSecond(after: first, at: index + length)
                }
            }
            if merged { found.sort { $0.comes(before: $1) } }
            return found
        }

        private static func beginsEscape(_ byte: UInt8) -> Bool {
            byte == UInt8(ascii: "%") || byte == UInt8(ascii: "\\") || byte == UInt8(ascii: "&")
                || byte == UInt8(ascii: "+")
        }
    }

    private let secrets = Mutex(Secrets())

    package init() {}

    /// Headers whose whole value is a secret.
    package static let secretHeaders: Set<String> = [
        "cookie", "set-cookie", "authorization", "x-openam-password", "proxy-authorization",
    ]

    /// The lengths of the names in `secretHeaders`, in bytes.
    static let secretHeaderLengths: [Int] = Array(Set(secretHeaders.map(\.utf8.count)))

    /// Response members whose value is a secret, by name.
    package static let secretMembers: Set<String> = ["tokenId", "suspendedId", "jws", "client_assertion"]

    /// Remembers `value` as a secret shown as `«name»`. Every value counts, however short: a
    /// 1-digit PIN is hidden where it is a value or a whole token, never inside a longer word.
    /// A `recurring` value is one every run of a script registers (a declared secret): its
    /// encoded forms are built once per process, not once per run.
    package func register(_ value: String, name: String, recurring: Bool = false) {
        guard !value.isEmpty, !Placeholder.isWhole(value) else { return }
        guard !secrets.withLock({ $0.byValue[value] != nil }) else { return }
        let secret = recurring ? Self.secret(value: value, name: name) : Secret(value: value, name: name)
        secrets.withLock { secrets in
            guard secrets.byValue[value] == nil else { return }
            secrets.add(secret)
            for needle in secret.needles {
                secrets.startBytes[Int(needle[0])] = true
                if needle[0] == UInt8(ascii: " ") { secrets.startBytes[Int(UInt8(ascii: "+"))] = true }
            }
            // An escape (`%21`, `\x21`) can begin any secret; `«` begins a placeholder to pass over.
            for byte in [UInt8(ascii: "%"), UInt8(ascii: "\\"), UInt8(ascii: "&"), 0xC2] {
                secrets.startBytes[Int(byte)] = true
            }
        }
    }

    /// Recurring secrets built before, by value and name: building their encoded forms was a
    /// visible part of a short run. At most `builtLimit` are kept, then the memo starts afresh.
    private static let built = Mutex<[SecretKey: Secret]>([:])
    private static let builtLimit = 1024

    private struct SecretKey: Hashable {
        let value: String
        let name: String
    }

    private static func secret(value: String, name: String) -> Secret {
        let key = SecretKey(value: value, name: name)
        if let secret = built.withLock({ $0[key] }) { return secret }
        let secret = Secret(value: value, name: name)
        built.withLock { built in
            if built.count >= builtLimit { built.removeAll(keepingCapacity: true) }
            built[key] = secret
        }
        return secret
    }

    /// Every secret value registered so far (tests search outputs for them).
    var registeredValues: [String] { secrets.withLock { $0.list.map(\.value) } }

    /// The placeholder for a named secret.
    package static func placeholder(_ name: String) -> String { "«\(name)»" }

    /// The placeholder of the secret `value` is, when it is one as a whole.
    func placeholder(forWholeValue value: String) -> String? {
        Self.placeholder(forWholeValue: value, in: snapshot)
    }

    static func placeholder(forWholeValue value: String, in secrets: Secrets) -> String? {
        // A dictionary's key equality is `==`: canonical equivalents find each other, as they did in a list.
        secrets.byValue[value].map { String(decoding: secrets.list[$0].placeholder, as: UTF8.self) }
    }

    /// `placeholder(forWholeValue:in:)` of a part of a header.
    static func placeholder(forWholeValue value: Substring, in secrets: Secrets) -> String? {
        guard !secrets.list.isEmpty else { return nil }
        return placeholder(forWholeValue: String(value), in: secrets)
    }

    /// The secrets registered so far, for redacting many texts under one lock.
    var snapshot: Secrets { secrets.withLock { $0 } }

    /// `text` with every registered secret that stands in it as a whole token, plainly or
    /// encoded, replaced by its placeholder. Placeholders already in the text are kept as they are.
    package func redact(_ text: String) -> String {
        redact(text, with: secrets.withLock { $0 })
    }

    /// `text` redacted with a snapshot of the secrets (one lock for many texts).
    func redact(_ text: String, with secrets: Secrets) -> String {
        guard !secrets.list.isEmpty, !text.isEmpty else { return text }
        var text = text
        let replaced = text.withUTF8 { Self.replacingTokens(in: $0, secrets: secrets) }
        return replaced.map { String(decoding: $0, as: UTF8.self) } ?? text
    }

    /// `bytes` with every secret token replaced, or nil when there is none. One pass over the
    /// bytes; a byte that cannot begin a secret or an escape is passed over at once.
    static func replacingTokens(in bytes: UnsafeBufferPointer<UInt8>, secrets: Secrets) -> [UInt8]? {
        var output: [UInt8] = []
        var copied = 0
        var index = 0
        scan: while index < bytes.count {
            let byte = bytes[index]
            guard secrets.startBytes[Int(byte)] else {
                index += 1
                continue
            }
            if let length = TokenMatcher.placeholderLength(in: bytes, at: index) {
                index += length
                continue
            }
            for candidate in secrets.candidates(in: bytes, at: index) {
                let secret = secrets.list[candidate.secret]
                let form = candidate.form
                let needle = secret.needles[form]
                guard TokenMatcher.canStart(byte, first: needle[0]),
                    var end = TokenMatcher.match(needle, in: bytes, at: index)
                else { continue }
                // A base64 form takes its padding with it.
                while form > 0 && form <= secret.base64Forms && end < bytes.count && bytes[end] == UInt8(ascii: "=") {
                    end += 1
                }
                if output.isEmpty { output.reserveCapacity(bytes.count) }
                output.append(contentsOf: bytes[copied..<index])
                output.append(contentsOf: secret.placeholder)
                index = end
                copied = end
                continue scan
            }
            index += 1
        }
        guard copied > 0 else { return nil }
        output.append(contentsOf: bytes[copied...])
        return output
    }

    /// Headers with secret values replaced; cookies keep their names, lose their values.
    package func redact(headers: [HeaderField]) -> [HeaderField] {
        let secrets = secrets.withLock { $0 }
        let known = { (value: Substring) in Self.placeholder(forWholeValue: value, in: secrets) }
        return headers.map { field in
            // Only a name as long as a secret header's can be one: most are passed over at once.
            guard Self.secretHeaderLengths.contains(field.name.utf8.count) else {
                return HeaderField(field.name, redact(field.value, with: secrets))
            }
            if HTTPText.namesMatch(field.name, "cookie") {
                return HeaderField(field.name, Self.redactCookiePairs(field.value, known: known))
            }
            if HTTPText.namesMatch(field.name, "set-cookie") {
                return HeaderField(field.name, Self.redactSetCookie(field.value, known: known))
            }
            guard let secretHeader = Self.secretHeaders.first(where: { HTTPText.namesMatch(field.name, $0) }) else {
                return HeaderField(field.name, redact(field.value, with: secrets))
            }
            if secretHeader == "authorization" || secretHeader == "proxy-authorization" {
                let scheme = field.value.split(separator: " ").first.map(String.init) ?? ""
                return HeaderField(
                    field.name,
                    scheme.isEmpty ? Self.placeholder(secretHeader) : "\(scheme) \(Self.placeholder("token"))")
            }
            return HeaderField(field.name, Self.placeholder(secretHeader))
        }
    }

    /// Registers the secrets a response body carries (secret members such as `tokenId`, `otpauth`
    /// seeds) without redacting it; returns the body's JSON when it is JSON, so it is parsed once.
    @discardableResult
    package func registerSecrets(inBody body: Data, parsed: JSONValue? = nil) -> JSONValue? {
        OTPAuthSecrets.register(in: body, with: self)
        guard let json = parsed ?? (try? JSONValue.parse(body)) else { return nil }
        registerSecretMembers(of: json)
        return json
    }

    private func registerSecretMembers(of json: JSONValue) {
        switch json {
        case .object(let object):
            for (key, value) in object {
                if Self.memberRule(key) == .secret, let text = value.stringValue, !text.isEmpty {
                    register(text, name: key)
                } else {
                    registerSecretMembers(of: value)
                }
            }
        case .array(let items):
            items.forEach(registerSecretMembers)
        default:
            break
        }
    }

    /// A body the server returned, as text for the trace: JSON is redacted structurally, anything else as text.
    package func redact(body: Data) -> String {
        redact(body: body, sent: false)
    }

    /// A body as text: JSON structurally (`sent`: the runner wrote it, so its values are
    /// replaced whole, numbers and booleans too), anything else as text.
    package func redact(body: Data, sent: Bool) -> String {
        if body.isEmpty { return "" }
        OTPAuthSecrets.register(in: body, with: self)
        if let json = try? JSONValue.parse(body) {
            return redactedCompactJSON(json, body: body, sent: sent)
        }
        return redact(String(decoding: body, as: UTF8.self))
    }

    /// `«`, ASCII, `»`: a text that surely starts with the Character `«` and ends with `»`
    /// (checked by bytes; any other text is left to the Character check).
    private static func isPlaceholderText(_ bytes: Substring.UTF8View) -> Bool {
        guard bytes.count >= 4, bytes.starts(with: [0xC2, 0xAB]), bytes.reversed().starts(with: [0xBB, 0xC2]) else {
            return false
        }
        return bytes.dropFirst(2).dropLast(2).allSatisfy { $0 < 0x80 }
    }

    /// A cookie's value becomes the placeholder of the secret it holds when known (`«tokenId»`,
    /// so the cookie and the body's tokenId stay the same value in a recording), else one named after the cookie.
    private static func redactCookiePairs(_ value: String, known: (Substring) -> String?) -> String {
        guard splitsOnBytesAsOnCharacters(value.utf8) else { return redactCookiePairsByCharacter(value, known: known) }
        // Split on bytes: the same cuts as on Characters, without grapheme breaking.
        return value.utf8.split(separator: UInt8(ascii: ";")).map { pairBytes in
            let parts = pairBytes.split(separator: UInt8(ascii: "="), maxSplits: 1).map { Substring($0) }
            let name = parts.first.map(\.trimmedSpacesAndTabs) ?? ""
            return
                "\(name)=\(redactedCookieValue(parts.count > 1 ? parts[1].trimmedSpacesAndTabs : "", name: name, known: known))"
        }.joined(separator: "; ")
    }

    /// True when cutting `text` at its `;` and `=` bytes cuts it where cutting at those
    /// Characters does: each stands between ASCII or Latin-1 scalars (U+0000 to U+00FF hold no
    /// scalar that joins a neighbour into one grapheme; others may), and there is no U+037E (a
    /// Character equal to `;`). A cookie holding a placeholder (`amlbcookie=«amlbcookie»`) is such a text.
    static func splitsOnBytesAsOnCharacters(_ text: String.UTF8View) -> Bool {
        // A scalar up to U+00FF is one ASCII byte, or 0xC2 / 0xC3 and a continuation byte.
        var previous: UInt8 = 0
        var beforePrevious: UInt8 = 0
        var afterCut = false
        for byte in text {
            if afterCut && byte >= 0x80 && byte != 0xC2 && byte != 0xC3 { return false }
            afterCut = false
            if byte == UInt8(ascii: ";") || byte == UInt8(ascii: "=") {
                if previous >= 0x80 && beforePrevious != 0xC2 && beforePrevious != 0xC3 { return false }
                afterCut = true
            } else if previous == 0xCD && byte == 0xBE {
                return false
            }
            beforePrevious = previous
            previous = byte
        }
        return true
    }

    private static func redactCookiePairsByCharacter(_ value: String, known: (Substring) -> String?) -> String {
        value.split(separator: ";").map { pair in
            let parts = pair.split(separator: "=", maxSplits: 1)
            let name = parts.first.map(\.trimmedSpacesAndTabs) ?? ""
            return
                "\(name)=\(redactedCookieValue(parts.count > 1 ? parts[1].trimmedSpacesAndTabs : "", name: name, known: known))"
        }.joined(separator: "; ")
    }

    /// Only the leading `name=value` of a `Set-Cookie` changes; its attributes are kept as sent.
    private static func redactSetCookie(_ value: String, known: (Substring) -> String?) -> String {
        let cookie = HTTPText.setCookiePair(Substring(value))
        let redacted = redactedCookieValue(cookie.value ?? "", name: cookie.name, known: known)
        // Unchanged (it holds a placeholder already) and nothing trimmed from it: the line is its own redaction.
        if let original = cookie.value, redacted.utf8.elementsEqual(original.utf8),
            cookie.name.utf8.count + 1 + original.utf8.count + cookie.attributes.utf8.count == value.utf8.count
        {
            return value
        }
        return "\(cookie.name)=\(redacted)" + cookie.attributes
    }

    private static func redactedCookieValue(_ value: Substring, name: Substring, known: (Substring) -> String?)
        -> String
    {
        if let placeholder = known(value) { return placeholder }
        if isPlaceholderText(value.utf8) || (value.utf8.first == 0xC2 && value.hasPrefix("«") && value.hasSuffix("»")) {
            return String(value)
        }
        return placeholder(String(name))
    }
}
