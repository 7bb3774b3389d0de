/// Small text helpers for HTTP header names and values, byte by byte: Foundation's
/// locale-aware comparison and trimming showed up in the profiles of both the runner and the simulator.
public enum HTTPText {
    /// True when the names are equal without regard to ASCII case (RFC 9110 §5.1).
    @inlinable
    public static func namesMatch(_ lhs: some StringProtocol, _ rhs: some StringProtocol) -> Bool {
        guard lhs.utf8.count == rhs.utf8.count else { return false }
        return zip(lhs.utf8, rhs.utf8).allSatisfy { asciiLowercase($0) == asciiLowercase($1) }
    }

    @usableFromInline
    static func asciiLowercase(_ byte: UInt8) -> UInt8 {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte | 0x20 : byte
    }
}

extension Substring {
    /// Without leading and trailing spaces and tabs (the optional whitespace of HTTP header values).
    @inlinable
    public var trimmedSpacesAndTabs: Substring {
        var text = self
        while let first = text.first, first == " " || first == "\t" { text = text.dropFirst() }
        while let last = text.last, last == " " || last == "\t" { text = text.dropLast() }
        return text
    }
}
