/// Finds a secret in text as a whole token, written plainly or escaped: each of its bytes may
/// appear as itself, percent-encoded (`%21`, `+` for a space), `\xNN`-escaped, JSON-escaped
/// (`\"`, `\/`, `\n`, `\u0021`) or as an HTML entity (`&amp;`, `&#38;`, `&#x26;`), so one scan
/// finds every common encoding and any mix of them.
///
/// A whole token: where the secret begins (ends) with a letter or digit, the text before (after)
/// it is not one. `Password` is found in `pw=Password;` and `"Password"`, never in
/// `PasswordCallback` or `UsernamePassword`. An escaped delimiter counts as a delimiter, so the
/// seed in `secret%3DJBSW…` and `secret\x3DJBSW…` is found; a dot between digits joins them, so
/// `1` is not found in `2.1` or `127.0.0.1`.
enum TokenMatcher {
    /// The end of the match of `needle` at `start`, or nil. A byte that is the secret's own and
    /// also begins an escape (`&` of `&amp;`, `\\` of `\\\\`) is read both ways: escapes first,
    /// then, if that fails, literally (a secret `pa\\\\ss` written plainly).
    static func match(_ needle: [UInt8], in bytes: UnsafeBufferPointer<UInt8>, at start: Int) -> Int? {
        guard !isWord(needle[0]) || startsToken(bytes, at: start, digit: isDigit(needle[0])) else { return nil }
        return match(needle, in: bytes, at: start, escapesFirst: true)
            ?? match(needle, in: bytes, at: start, escapesFirst: false)
    }

    private static func match(
        _ needle: [UInt8], in bytes: UnsafeBufferPointer<UInt8>, at start: Int, escapesFirst: Bool
    ) -> Int? {
        var position = start
        var index = 0
        while index < needle.count {
            guard position < bytes.count else { return nil }
            let byte = bytes[position]
            let wanted = needle[index]
            if escapesFirst || byte != wanted,
                byte == UInt8(ascii: "&") || byte == UInt8(ascii: "%") || byte == UInt8(ascii: "\\")
                    || byte == UInt8(ascii: "+"),
                let (length, decoded) = escape(in: bytes, at: position), decoded.count <= needle.count - index,
                decoded.elementsEqual(needle[index..<index + decoded.count])
            {
                position += length
                index += decoded.count
            } else if byte == wanted {
                position += 1
                index += 1
            } else {
                return nil
            }
        }
        guard let last = needle.last, !isWord(last) || endsToken(bytes, at: position, digit: isDigit(last)) else {
            return nil
        }
        return position
    }

    /// The bytes an escape at `position` stands for, and its length: `%XX`, `+`, `\xXX`, `\uXXXX`, `\n`, `\"`,
    /// `&amp;`, `&#NN;`, `&#xXX;`...
    static func escape(in bytes: UnsafeBufferPointer<UInt8>, at position: Int) -> (Int, [UInt8])? {
        let byte = bytes[position]
        if byte == UInt8(ascii: "+") { return (1, [UInt8(ascii: " ")]) }
        if byte == UInt8(ascii: "&") { return entity(in: bytes, at: position) }
        if byte == UInt8(ascii: "%") {
            guard let value = hexValue(bytes, position + 1, digits: 2) else { return nil }
            return (3, [UInt8(value)])
        }
        guard byte == UInt8(ascii: "\\"), position + 1 < bytes.count else { return nil }
        switch bytes[position + 1] {
        case UInt8(ascii: "x"):
            return hexValue(bytes, position + 2, digits: 2).map { (4, [UInt8($0)]) }
        case UInt8(ascii: "u"):
            guard let value = hexValue(bytes, position + 2, digits: 4), let scalar = Unicode.Scalar(value) else {
                return nil
            }
            return (6, Array(String(Character(scalar)).utf8))
        case UInt8(ascii: "n"): return (2, [0x0A])
        case UInt8(ascii: "r"): return (2, [0x0D])
        case UInt8(ascii: "t"): return (2, [0x09])
        case UInt8(ascii: "b"): return (2, [0x08])
        case UInt8(ascii: "f"): return (2, [0x0C])
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "'"):
            return (2, [bytes[position + 1]])
        default: return nil
        }
    }

    /// The HTML entity at `position` (it holds `&`): a named one of the five XML escapes, or a
    /// decimal or hex character reference.
    static func entity(in bytes: UnsafeBufferPointer<UInt8>, at position: Int) -> (Int, [UInt8])? {
        var end = position + 1
        while end < bytes.count, end - position <= 10, bytes[end] != UInt8(ascii: ";") { end += 1 }
        guard end < bytes.count, bytes[end] == UInt8(ascii: ";"), end > position + 1 else { return nil }
        let name = UnsafeBufferPointer(rebasing: bytes[(position + 1)..<end])
        let length = end + 1 - position
        for (entity, character) in Self.namedEntities where name.elementsEqual(entity.utf8) {
            return (length, [character])
        }
        guard name[0] == UInt8(ascii: "#"), name.count >= 2 else { return nil }
        let hex = name[1] == UInt8(ascii: "x") || name[1] == UInt8(ascii: "X")
        let digits = UnsafeBufferPointer(rebasing: name[(hex ? 2 : 1)...])
        guard !digits.isEmpty, digits.count <= 7 else { return nil }
        var value: UInt32 = 0
        for digit in digits {
            guard let number = hex ? hexDigit(digit) : decimal(digit) else {
                return nil
            }
            value = value * (hex ? 16 : 10) + number
        }
        guard let scalar = Unicode.Scalar(value) else { return nil }
        return (length, Array(String(Character(scalar)).utf8))
    }

    static let namedEntities: [(String, UInt8)] = [
        ("amp", UInt8(ascii: "&")), ("lt", UInt8(ascii: "<")), ("gt", UInt8(ascii: ">")),
        ("quot", UInt8(ascii: "\"")), ("apos", UInt8(ascii: "'")),
    ]

    private static func decimal(_ byte: UInt8) -> UInt32? { isDigit(byte) ? UInt32(byte - 0x30) : nil }

    private static func hexDigit(_ byte: UInt8) -> UInt32? {
        switch byte {
        case 0x30...0x39: UInt32(byte - 0x30)
        case 0x41...0x46: UInt32(byte - 0x41 + 10)
        case 0x61...0x66: UInt32(byte - 0x61 + 10)
        default: nil
        }
    }

    /// Whether a byte can begin a match of a needle that starts with `first`: the byte itself or an escape.
    static func canStart(_ byte: UInt8, first: UInt8) -> Bool {
        byte == first || byte == UInt8(ascii: "%") || byte == UInt8(ascii: "\\") || byte == UInt8(ascii: "&")
            || (byte == UInt8(ascii: "+") && first == UInt8(ascii: " "))
    }

    /// ASCII letters, digits and `_`; other bytes of a multi-byte character are judged by the character.
    static func isWord(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
            || byte == 0x5F || byte >= 0x80
    }

    static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

    /// True when no word goes on before `position` (an escaped delimiter such as `%3D` ends a word).
    static func startsToken(_ bytes: UnsafeBufferPointer<UInt8>, at position: Int, digit: Bool) -> Bool {
        guard position > 0 else { return true }
        let previous = bytes[position - 1]
        if previous >= 0x80 { return !isWordScalar(endingAt: position - 1, in: bytes) }
        if !isWord(previous) {
            // A dot between digits joins them: `1` in `2.1` is not a token.
            return !(digit && previous == UInt8(ascii: ".") && position >= 2 && isDigit(bytes[position - 2]))
        }
        if position >= 3, bytes[position - 3] == UInt8(ascii: "%"), hexValue(bytes, position - 2, digits: 2) != nil {
            return true
        }
        if position >= 4, bytes[position - 4] == UInt8(ascii: "\\"), bytes[position - 3] == UInt8(ascii: "x"),
            hexValue(bytes, position - 2, digits: 2) != nil
        {
            return true
        }
        if position >= 6, bytes[position - 6] == UInt8(ascii: "\\"), bytes[position - 5] == UInt8(ascii: "u"),
            hexValue(bytes, position - 4, digits: 4) != nil
        {
            return true
        }
        return position >= 2 && bytes[position - 2] == UInt8(ascii: "\\") && "nrtbf".utf8.contains(previous)
    }

    /// True when no word goes on at `position`.
    static func endsToken(_ bytes: UnsafeBufferPointer<UInt8>, at position: Int, digit: Bool) -> Bool {
        guard position < bytes.count else { return true }
        let next = bytes[position]
        if next >= 0x80 { return !isWordScalar(startingAt: position, in: bytes) }
        if !isWord(next) {
            return !(digit && next == UInt8(ascii: ".") && position + 1 < bytes.count && isDigit(bytes[position + 1]))
        }
        return false
    }

    /// The length of a placeholder (`«name»`) starting at `position`, or nil.
    static func placeholderLength(in bytes: UnsafeBufferPointer<UInt8>, at position: Int) -> Int? {
        guard position + 1 < bytes.count, bytes[position] == 0xC2, bytes[position + 1] == 0xAB else { return nil }
        var index = position + 2
        while index + 1 < bytes.count && index < position + 96 {
            if bytes[index] == 0xC2 && bytes[index + 1] == 0xBB { return index + 2 - position }
            let byte = bytes[index]
            guard isWord(byte) && byte < 0x80 || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".") else {
                return nil
            }
            index += 1
        }
        return nil
    }

    private static func hexValue(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, digits: Int) -> UInt32? {
        guard start >= 0, start + digits <= bytes.count else { return nil }
        var value: UInt32 = 0
        for index in start..<start + digits {
            let byte = bytes[index]
            let digit: UInt32
            switch byte {
            case 0x30...0x39: digit = UInt32(byte - 0x30)
            case 0x41...0x46: digit = UInt32(byte - 0x41 + 10)
            case 0x61...0x66: digit = UInt32(byte - 0x61 + 10)
            default: return nil
            }
            value = value << 4 | digit
        }
        return value
    }

    private static func isWordScalar(endingAt last: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var start = last
        while start > 0 && bytes[start] & 0xC0 == 0x80 && last - start < 3 { start -= 1 }
        return isWordScalar(startingAt: start, in: bytes)
    }

    private static func isWordScalar(startingAt start: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var end = start + 1
        while end < bytes.count && bytes[end] & 0xC0 == 0x80 && end - start < 4 { end += 1 }
        guard
            let scalar = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
                .unicodeScalars.first
        else { return false }
        return scalar.properties.isAlphabetic || scalar.properties.numericType != nil
    }
}
