import Foundation
import JourneyCore

/// One run's cookies (session cookie, amlbcookie...). Scoped to the run's one server, so
/// domain and path attributes are not tracked; `Max-Age=0` or an `Expires` in the past deletes.
struct CookieJar: Sendable {
    private(set) var cookies: [(name: String, value: String)] = []

    mutating func store(from headers: [HeaderField]) {
        for header in headers where HTTPText.namesMatch(header.name, "set-cookie") {
            let line = Substring(header.value)
            // Byte by byte: splitting by Character was a twentieth of the runner's time per step.
            let end = line.utf8.firstIndex(of: UInt8(ascii: ";")) ?? line.endIndex
            let pair = line[..<end].trimmedSpacesAndTabs
            guard let equals = pair.utf8.firstIndex(of: UInt8(ascii: "=")) else { continue }
            let name = String(pair[..<equals])
            let value = String(pair[pair.utf8.index(after: equals)...])
            let deleted = value.isEmpty || Self.expiresNow(line[end...])
            cookies.removeAll { $0.name == name }
            if !deleted { cookies.append((name, value)) }
        }
    }

    /// True when a Set-Cookie's attributes (`; Path=/; Max-Age=0`) hold `Max-Age=0`.
    private static func expiresNow(_ attributes: Substring) -> Bool {
        attributes.utf8.contains(UInt8(ascii: "0"))
            && attributes.split(separator: ";").contains { HTTPText.namesMatch($0.trimmedSpacesAndTabs, "max-age=0") }
    }

    mutating func set(_ name: String, _ value: String) {
        cookies.removeAll { $0.name == name }
        cookies.append((name, value))
    }

    func value(_ name: String) -> String? {
        cookies.first(where: { $0.name == name })?.value
    }

    /// The `Cookie` header, or nil when the jar is empty.
    var header: HeaderField? {
        cookies.isEmpty ? nil : HeaderField("Cookie", cookies.map { "\($0.name)=\($0.value)" }.joined(separator: "; "))
    }
}
