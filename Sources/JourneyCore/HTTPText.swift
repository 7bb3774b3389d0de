/// Small text helpers for HTTP header names and values, byte by byte: Foundation's
/// locale-aware comparison and trimming showed up in the profiles of both the runner and the simulator.
package enum HTTPText {
    // Concrete overloads rather than one `some StringProtocol` function: Swift 6.3 does not
    // specialize a `package` generic in another module, so the runner and the replay transport
    // would run it unspecialized, a witness-table call per byte (docs/performance.md, the module split).

    /// True when the names are equal without regard to ASCII case (RFC 9110 §5.1).
    package static func namesMatch(_ lhs: String, _ rhs: String) -> Bool { utf8Match(lhs.utf8, rhs.utf8) }

    /// True when the names are equal without regard to ASCII case (RFC 9110 §5.1).
    package static func namesMatch(_ lhs: Substring, _ rhs: String) -> Bool { utf8Match(lhs.utf8, rhs.utf8) }

    /// True when the names are equal without regard to ASCII case (RFC 9110 §5.1).
    package static func namesMatch(_ lhs: Substring, _ rhs: Substring) -> Bool { utf8Match(lhs.utf8, rhs.utf8) }

    private static func utf8Match(_ lhs: some Collection<UInt8>, _ rhs: some Collection<UInt8>) -> Bool {
        guard lhs.count == rhs.count else { return false }
        // Two iterators rather than `zip`: the Zip2Sequence of two UTF-8 views needs its type
        // metadata built at run time, a conformance lookup per first use (docs/performance.md).
        var left = lhs.makeIterator()
        var right = rhs.makeIterator()
        while let byte = left.next() {
            guard let other = right.next(), asciiLowercase(byte) == asciiLowercase(other) else { return false }
        }
        return true
    }

    /// The leading `name=value` of a `Set-Cookie` line, each trimmed (RFC 6265 §5.2; `value` is
    /// nil when there is no `=`), and the attributes from the first `;` on, as sent.
    package static func setCookiePair(_ line: Substring) -> (name: Substring, value: Substring?, attributes: Substring)
    {
        let end = line.utf8.firstIndex(of: UInt8(ascii: ";")) ?? line.endIndex
        let pair = line[..<end]
        guard let equals = pair.utf8.firstIndex(of: UInt8(ascii: "=")) else {
            return (pair.trimmedSpacesAndTabs, nil, line[end...])
        }
        let value = pair[pair.utf8.index(after: equals)...].trimmedSpacesAndTabs
        return (pair[..<equals].trimmedSpacesAndTabs, value, line[end...])
    }

    private static func asciiLowercase(_ byte: UInt8) -> UInt8 {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte | 0x20 : byte
    }
}

extension Substring {
    /// Without leading and trailing spaces and tabs (the optional whitespace of HTTP header values).
    @inlinable
    package var trimmedSpacesAndTabs: Substring {
        // Bytes, not Characters: spaces and tabs are ASCII, so the cut is always on a scalar boundary.
        let bytes = utf8
        var start = bytes.startIndex
        var end = bytes.endIndex
        while start < end, bytes[start] == UInt8(ascii: " ") || bytes[start] == UInt8(ascii: "\t") {
            start = bytes.index(after: start)
        }
        while start < end {
            let before = bytes.index(before: end)
            guard bytes[before] == UInt8(ascii: " ") || bytes[before] == UInt8(ascii: "\t") else { break }
            end = before
        }
        return self[start..<end]
    }
}
