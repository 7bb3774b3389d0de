import JourneyCore

/// URLs are redacted by their parts: the scheme, host and port are kept, and so are query
/// names and the journey's name (`authIndexType`, `authIndexValue`, `service`) unless it is a
/// secret as a whole; secrets are replaced in the user information, the path and query values,
/// where they stand as whole tokens, plain or percent-encoded.
extension Redactor {
    /// Query parameters that name the journey, never data.
    static let identifierQueryNames: Set<String> = ["authIndexType", "authIndexValue", "service"]

    /// `url` (absolute, or a path with a query) with its secrets replaced.
    package func redact(url: String) -> String {
        // Most URLs hold no secret: one scan of the bytes before taking them apart.
        guard redact(url) != url else { return url }
        // A secret written raw with a `?`, `&`, `#` or `=` in it is cut apart by the parts: a
        // scan of the whole text after them finds it.
        return redact(redact(urlParts: url))
    }

    private func redact(urlParts url: String) -> String {
        var rest = Substring(url)
        var origin: Substring = ""
        if let scheme = rest.range(of: "://") {
            let pathStart = rest[scheme.upperBound...].firstIndex(where: { $0 == "/" || $0 == "?" }) ?? rest.endIndex
            origin = rest[..<pathStart]
            rest = rest[pathStart...]
            // `user:password@host`: the user information is data, not the host.
            if let at = origin.lastIndex(of: "@"), at > scheme.upperBound {
                origin = Substring(
                    origin[..<scheme.upperBound] + redact(String(origin[scheme.upperBound..<at])) + origin[at...])
            }
        }
        let queryStart = rest.firstIndex(of: "?") ?? rest.endIndex
        var result = String(origin) + redact(String(rest[..<queryStart]))
        guard queryStart < rest.endIndex else { return result }
        let query = rest[rest.index(after: queryStart)...]
        let fragmentStart = query.firstIndex(of: "#") ?? query.endIndex
        let pairs = query[..<fragmentStart].split(separator: "&", omittingEmptySubsequences: false).map { pair in
            guard let equals = pair.firstIndex(of: "=") else { return String(pair) }
            let name = pair[..<equals]
            let value = pair[pair.index(after: equals)...]
            let decodedName = PercentEncoding.decoded(name, plusAsSpace: true) ?? String(name)
            if Self.identifierQueryNames.contains(decodedName) {
                let decoded = PercentEncoding.decoded(value, plusAsSpace: true) ?? String(value)
                guard let placeholder = placeholder(forWholeValue: decoded) else { return String(pair) }
                return name + "=" + placeholder
            }
            return name + "=" + redact(String(value))
        }
        result += "?" + pairs.joined(separator: "&")
        if fragmentStart < query.endIndex { result += redact(String(query[fragmentStart...])) }
        return result
    }

    /// A decoded query value as a recording holds it: the journey's name as it is (unless it is a
    /// secret as a whole), any other value redacted.
    package func redact(queryValue value: String, named name: String) -> String {
        Self.identifierQueryNames.contains(name) ? placeholder(forWholeValue: value) ?? value : redact(value)
    }
}
