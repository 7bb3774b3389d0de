import Foundation
import JourneyCore

/// One run's cookies (session cookie, amlbcookie...). Scoped to the run's one server, so
/// domain and path attributes are not tracked; `Max-Age=0` or an `Expires` in the past deletes.
struct CookieJar: Sendable {
    private(set) var cookies: [(name: String, value: String)] = []

    mutating func store(from headers: [HeaderField]) {
        for header in headers.values("set-cookie") {
            let attributes = header.split(separator: ";").map(\.trimmedSpacesAndTabs)
            guard let pair = attributes.first, let equals = pair.firstIndex(of: "=") else { continue }
            let name = String(pair[..<equals])
            let value = String(pair[pair.index(after: equals)...])
            let deleted = value.isEmpty || attributes.dropFirst().contains { HTTPText.namesMatch($0, "max-age=0") }
            cookies.removeAll { $0.name == name }
            if !deleted { cookies.append((name, value)) }
        }
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
