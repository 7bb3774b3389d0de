import Foundation
import JourneyCore
import Synchronization

/// Replaces secret values with placeholders that name them (`«password»`), never with a hash.
/// One redactor per run: secrets are registered as they become known (declared secret
/// variables, password and OTP inputs, tokens, session ids), and every text that leaves the
/// run (trace, reports, recordings) goes through `redact`.
public final class Redactor: Sendable {
    /// A registered secret, with the bytes `redact` searches for and puts in its place.
    private struct Secret: Sendable {
        let value: String
        let name: String
        let bytes: [UInt8]
        let placeholder: [UInt8]
        /// Short secrets (a 2-digit PIN) are replaced only where they are the whole text.
        let standalone: Bool

        init(value: String, name: String) {
            self.value = value
            self.name = name
            self.bytes = Array(value.utf8)
            self.placeholder = Array(Redactor.placeholder(name).utf8)
            self.standalone = bytes.count < 3 || (bytes.count <= 32 && value.count < 3)
        }
    }

    private let secrets = Mutex<[Secret]>([])

    public init() {}

    /// Headers whose whole value is a secret.
    public static let secretHeaders: Set<String> = [
        "cookie", "set-cookie", "authorization", "x-openam-password", "proxy-authorization",
    ]

    /// Response members whose value is a secret, by name.
    public static let secretMembers: Set<String> = ["tokenId", "suspendedId", "jws", "client_assertion"]

    /// Remembers `value` as a secret shown as `«name»`. Values shorter than 3 characters
    /// are still registered: a 2-digit PIN is a secret too, and is only replaced where it stands alone.
    public func register(_ value: String, name: String) {
        guard !value.isEmpty else { return }
        secrets.withLock { list in
            if !list.contains(where: { $0.value == value }) {
                list.append(Secret(value: value, name: name))
                list.sort { $0.bytes.count > $1.bytes.count }
            }
        }
    }

    /// The placeholder for a named secret.
    public static func placeholder(_ name: String) -> String { "«\(name)»" }

    /// `text` with every registered secret replaced by its placeholder.
    public func redact(_ text: String) -> String {
        let list = secrets.withLock { $0 }
        guard !list.isEmpty, !text.isEmpty else { return text }
        var text = text
        var replaced: [UInt8]?
        for secret in list {
            if secret.standalone {
                if replaced.map({ $0 == secret.bytes }) ?? text.utf8.elementsEqual(secret.bytes) {
                    replaced = secret.placeholder
                }
                continue
            }
            let result: [UInt8]?
            if let current = replaced {
                result = current.withUnsafeBufferPointer {
                    Self.replacingAll(secret.bytes, with: secret.placeholder, in: $0)
                }
            } else {
                result = text.withUTF8 { Self.replacingAll(secret.bytes, with: secret.placeholder, in: $0) }
            }
            if let result { replaced = result }
        }
        return replaced.map { String(decoding: $0, as: UTF8.self) } ?? text
    }

    /// `bytes` with every occurrence of `needle` replaced, or nil when there is none. A plain
    /// UTF-8 byte search: UTF-8 is self-synchronizing, so a match is a match of the text, and
    /// it is much faster than Foundation's locale-aware search on every text that leaves a run.
    static func replacingAll(_ needle: [UInt8], with replacement: [UInt8], in bytes: UnsafeBufferPointer<UInt8>)
        -> [UInt8]?
    {
        guard let first = needle.first, needle.count <= bytes.count else { return nil }
        var output: [UInt8] = []
        var copied = 0
        var index = 0
        let last = bytes.count - needle.count
        while index <= last {
            if bytes[index] == first && Self.matches(needle, in: bytes, at: index) {
                if output.isEmpty { output.reserveCapacity(bytes.count) }
                output.append(contentsOf: bytes[copied..<index])
                output.append(contentsOf: replacement)
                index += needle.count
                copied = index
            } else {
                index += 1
            }
        }
        guard copied > 0 else { return nil }
        output.append(contentsOf: bytes[copied...])
        return output
    }

    private static func matches(_ needle: [UInt8], in bytes: UnsafeBufferPointer<UInt8>, at start: Int) -> Bool {
        for offset in 1..<needle.count where bytes[start + offset] != needle[offset] { return false }
        return true
    }

    /// Headers with secret values replaced; cookies keep their names, lose their values.
    public func redact(headers: [HeaderField]) -> [HeaderField] {
        let list = secrets.withLock { $0 }
        let known = { (value: Substring) in
            list.first(where: { $0.value.utf8.elementsEqual(value.utf8) }).map {
                String(decoding: $0.placeholder, as: UTF8.self)
            }
        }
        return headers.map { field in
            if HTTPText.namesMatch(field.name, "cookie") {
                return HeaderField(field.name, Self.redactCookiePairs(field.value, known: known))
            }
            if HTTPText.namesMatch(field.name, "set-cookie") {
                return HeaderField(field.name, Self.redactSetCookie(field.value, known: known))
            }
            guard let secretHeader = Self.secretHeaders.first(where: { HTTPText.namesMatch(field.name, $0) }) else {
                return HeaderField(field.name, redact(field.value))
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

    /// A JSON body with secret members (`tokenId`...) replaced and registered, then every known secret redacted.
    public func redact(json: JSONValue) -> JSONValue {
        redactedIfChanged(json) ?? json
    }

    /// The redacted value, or nil when nothing in it is secret: most of a body is not, and
    /// rebuilding every object and array was most of the cost of redacting it.
    private func redactedIfChanged(_ json: JSONValue) -> JSONValue? {
        switch json {
        case .object(let object):
            var copy: [String: JSONValue]?
            for (key, value) in object {
                let replacement: JSONValue?
                if Self.secretMembers.contains(key), let text = value.stringValue, !text.isEmpty {
                    register(text, name: key)
                    replacement = .string(Self.placeholder(key))
                } else {
                    replacement = redactedIfChanged(value)
                }
                if let replacement {
                    if copy == nil { copy = object }
                    copy?[key] = replacement
                }
            }
            return copy.map { .object($0) }
        case .array(let items):
            var copy: [JSONValue]?
            for (index, item) in items.enumerated() {
                guard let replacement = redactedIfChanged(item) else { continue }
                if copy == nil { copy = items }
                copy?[index] = replacement
            }
            return copy.map { .array($0) }
        case .string(let text):
            let redacted = redact(text)
            return redacted == text ? nil : .string(redacted)
        default:
            return nil
        }
    }

    /// Registers the secrets a response body carries (secret members such as `tokenId`, `otpauth`
    /// seeds) without redacting it; returns the body's JSON when it is JSON, so it is parsed once.
    func registerSecrets(inBody body: Data, parsed: JSONValue? = nil) -> JSONValue? {
        OTPAuthSecrets.register(in: body, with: self)
        guard let json = parsed ?? (try? JSONValue.parse(body)) else { return nil }
        registerSecretMembers(of: json)
        return json
    }

    private func registerSecretMembers(of json: JSONValue) {
        switch json {
        case .object(let object):
            for (key, value) in object {
                if Self.secretMembers.contains(key), let text = value.stringValue, !text.isEmpty {
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

    /// A body as text for the trace: JSON is redacted structurally, anything else by value.
    public func redact(body: Data) -> String {
        if body.isEmpty { return "" }
        OTPAuthSecrets.register(in: body, with: self)
        if let json = try? JSONValue.parse(body) {
            return redact(json: json).compactJSON
        }
        return redact(String(decoding: body, as: UTF8.self))
    }

    /// A cookie's value becomes the placeholder of the secret it holds when known (`«tokenId»`,
    /// so the cookie and the body's tokenId stay the same value in a recording), else one named after the cookie.
    private static func redactCookiePairs(_ value: String, known: (Substring) -> String?) -> String {
        value.split(separator: ";").map { pair in
            let parts = pair.split(separator: "=", maxSplits: 1)
            let name = parts.first.map(\.trimmedSpacesAndTabs) ?? ""
            return
                "\(name)=\(redactedCookieValue(parts.count > 1 ? parts[1].trimmedSpacesAndTabs : "", name: name, known: known))"
        }.joined(separator: "; ")
    }

    /// Only the leading `name=value` of a `Set-Cookie` changes; its attributes are kept as sent.
    private static func redactSetCookie(_ value: String, known: (Substring) -> String?) -> String {
        let text = Substring(value)
        let end = text.firstIndex(of: ";") ?? text.endIndex
        let pair = text[..<end]
        let equals = pair.firstIndex(of: "=") ?? pair.endIndex
        let name = pair[..<equals].trimmedSpacesAndTabs
        let current = equals == pair.endIndex ? "" : pair[pair.index(after: equals)...].trimmedSpacesAndTabs
        return "\(name)=\(redactedCookieValue(current, name: name, known: known))" + text[end...]
    }

    private static func redactedCookieValue(_ value: Substring, name: Substring, known: (Substring) -> String?)
        -> String
    {
        if let placeholder = known(value) { return placeholder }
        if value.hasPrefix("«") && value.hasSuffix("»") { return String(value) }
        return placeholder(String(name))
    }
}
