/// How AM turns away an authenticate request it cannot read, shared by the simulator and
/// `journey serve` so both answer a bad request the same way: an empty body is `{}`, a body
/// without a JSON content type is 415, a body that is not JSON is 400, a realm not served is 400.
package enum AMRequestRules {
    /// A request body read as JSON, or the CREST error that rejects it.
    package enum Body: Sendable {
        case json(JSONValue)
        case rejected(AMError)
    }

    package static let unsupportedMediaType = AMError(
        code: 415, reason: "Unsupported Media Type", message: "Unsupported Media Type")
    package static let invalidJSON = AMError(
        code: 400, reason: "Bad Request",
        message: "The request could not be processed because the provided content is not valid JSON")

    /// 400 for a realm the server does not serve (`/nope`).
    package static func invalidRealm(_ realm: String) -> AMError {
        AMError(code: 400, reason: "Bad Request", message: "Invalid realm, \(realm)")
    }

    /// The body as JSON; `{}` for an empty (or blank) one.
    package static func body(_ bytes: [UInt8], contentType: String?) -> Body {
        if bytes.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) { return .json(.object([:])) }
        guard isJSON(contentType: contentType) else { return .rejected(unsupportedMediaType) }
        guard let value = try? JSONReader.parse(bytes) else { return .rejected(invalidJSON) }
        return .json(value)
    }

    /// `application/json` or any `…+json`, with or without parameters.
    package static func isJSON(contentType: String?) -> Bool {
        guard let contentType else { return false }
        let essence = contentType.split(separator: ";").first.map(\.trimmedSpacesAndTabs) ?? ""
        return HTTPText.namesMatch(essence, "application/json")
            || (essence.utf8.count > 5 && HTTPText.namesMatch(Substring(essence.utf8.suffix(5)), "+json"))
    }

    /// A realm in canonical form: `/` for the root realm, `/alpha`, `/a/b`.
    package static func normalizeRealm(_ name: String) -> String {
        let parts = name.split(separator: "/").filter { !$0.isEmpty && $0 != "root" }
        return "/" + parts.joined(separator: "/")
    }

    /// The realm an AM JSON path names and the path after it: `realms/root/realms/alpha/authenticate`
    /// (segments after `/json/`) → (`/alpha`, `["authenticate"]`). A non-empty `realm` query
    /// parameter overrides the path, as in AM.
    package static func realm(segments: [String], query realmParameter: String?) -> (realm: String, rest: [String]) {
        var names: [String] = []
        var index = 0
        while index + 1 < segments.count, segments[index] == "realms" {
            if segments[index + 1] != "root" { names.append(segments[index + 1]) }
            index += 2
        }
        var realm = "/" + names.joined(separator: "/")
        if let realmParameter, !realmParameter.isEmpty { realm = normalizeRealm(realmParameter) }
        return (realm, Array(segments[index...]))
    }
}
