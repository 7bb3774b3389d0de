/// Checks that a text is a well-formed XML 1.0 document, as a JUnit file given to
/// `journey report merge` must be (and the merged file is): one root element, every tag closed in
/// order, attribute values quoted and unique, characters XML allows, and no entity but the five
/// predefined ones and character references. A DOCTYPE is refused outright: the entities it
/// declares would have to be expanded, and journey's files never have one.
///
/// It reads the UTF-8 bytes once, without building a tree, so a file of hundreds of megabytes is
/// checked in linear time and constant memory.
enum XMLWellFormedness {
    /// Why `text` is not well-formed XML (with its line and column), or nil when it is.
    static func problem(_ text: String) -> String? {
        var text = text
        return text.withUTF8 { bytes -> String? in
            var checker = Checker(bytes: bytes)
            do throws(Failure) {
                try checker.document()
                return nil
            } catch {
                let (line, column) = checker.place(of: error.offset)
                return "line \(line), column \(column): \(error.reason)"
            }
        }
    }

    struct Failure: Error {
        var reason: String
        var offset: Int
    }

    private struct Checker {
        let bytes: UnsafeBufferPointer<UInt8>
        var index = 0
        /// The names of the elements open at `index`.
        var open: [ArraySlice<UInt8>] = []

        init(bytes: UnsafeBufferPointer<UInt8>) {
            self.bytes = bytes
        }

        /// The 1-based line and column (in characters) of byte `offset`.
        func place(of offset: Int) -> (Int, Int) {
            var line = 1
            var column = 1
            for byte in bytes[..<min(offset, bytes.count)] {
                if byte == UInt8(ascii: "\n") {
                    line += 1
                    column = 1
                } else if byte & 0xC0 != 0x80 {
                    column += 1
                }
            }
            return (line, column)
        }

        func fail(_ reason: String, at offset: Int? = nil) -> Failure {
            Failure(reason: reason, offset: offset ?? index)
        }

        var atEnd: Bool { index >= bytes.count }

        func peek(_ literal: String) -> Bool {
            var position = index
            for byte in literal.utf8 {
                guard position < bytes.count, bytes[position] == byte else { return false }
                position += 1
            }
            return true
        }

        mutating func document() throws(Failure) {
            if peek("\u{FEFF}") { index += 3 }
            if peek("<?xml") { try processingInstruction() }
            try misc()
            guard !atEnd, bytes[index] == UInt8(ascii: "<") else {
                throw fail(atEnd ? "no root element" : "text before the root element")
            }
            if peek("<!DOCTYPE") {
                throw fail("a DOCTYPE, which journey's JUnit files never have (its entities are not expanded)")
            }
            try element()
            try misc()
            guard atEnd else { throw fail("content after the root element is closed") }
        }

        /// Whitespace, comments and processing instructions, outside the root element.
        mutating func misc() throws(Failure) {
            while !atEnd {
                if Self.isSpace(bytes[index]) {
                    index += 1
                } else if peek("<!--") {
                    try comment()
                } else if peek("<?") {
                    try processingInstruction()
                } else {
                    return
                }
            }
        }

        /// The root element and everything in it, without recursion (a deep file cannot overflow the stack).
        mutating func element() throws(Failure) {
            try startTag()
            while !open.isEmpty {
                guard !atEnd else {
                    throw fail("the file ends inside <\(String(decoding: open[open.count - 1], as: UTF8.self))>")
                }
                let byte = bytes[index]
                if byte == UInt8(ascii: "<") {
                    if peek("</") {
                        try endTag()
                    } else if peek("<!--") {
                        try comment()
                    } else if peek("<![CDATA[") {
                        try cdata()
                    } else if peek("<?") {
                        try processingInstruction()
                    } else if peek("<!") {
                        throw fail("a declaration inside an element")
                    } else {
                        try startTag()
                    }
                } else if byte == UInt8(ascii: "&") {
                    try reference()
                } else {
                    if peek("]]>") { throw fail("']]>' in text") }
                    try character()
                }
            }
        }

        mutating func startTag() throws(Failure) {
            let start = index
            index += 1
            let name = try self.name()
            var attributes: [ArraySlice<UInt8>] = []
            while true {
                let spaced = skipSpace()
                guard !atEnd else {
                    throw fail("the file ends inside the tag <\(String(decoding: name, as: UTF8.self))")
                }
                if peek("/>") {
                    index += 2
                    return
                }
                if bytes[index] == UInt8(ascii: ">") {
                    index += 1
                    open.append(name)
                    return
                }
                guard spaced else { throw fail("expected a space, '>' or '/>' in a tag") }
                let attribute = try self.name()
                if attributes.contains(where: { $0.elementsEqual(attribute) }) {
                    throw fail("the attribute \(String(decoding: attribute, as: UTF8.self)) is given twice", at: start)
                }
                attributes.append(attribute)
                skipSpace()
                guard !atEnd, bytes[index] == UInt8(ascii: "=") else {
                    throw fail("expected '=' after an attribute name")
                }
                index += 1
                skipSpace()
                try attributeValue()
            }
        }

        mutating func attributeValue() throws(Failure) {
            guard !atEnd, bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'") else {
                throw fail("an attribute value must be quoted")
            }
            let quote = bytes[index]
            index += 1
            while true {
                guard !atEnd else { throw fail("the file ends inside an attribute value") }
                let byte = bytes[index]
                if byte == quote {
                    index += 1
                    return
                }
                if byte == UInt8(ascii: "<") { throw fail("'<' in an attribute value") }
                if byte == UInt8(ascii: "&") {
                    try reference()
                } else {
                    try character()
                }
            }
        }

        mutating func endTag() throws(Failure) {
            let start = index
            index += 2
            let name = try self.name()
            skipSpace()
            guard !atEnd, bytes[index] == UInt8(ascii: ">") else { throw fail("expected '>' to end a closing tag") }
            index += 1
            guard let last = open.last else { throw fail("a closing tag without an element open", at: start) }
            guard last.elementsEqual(name) else {
                throw fail(
                    "</\(String(decoding: name, as: UTF8.self))> closes <\(String(decoding: last, as: UTF8.self))>",
                    at: start)
            }
            open.removeLast()
        }

        /// `&name;` for the five predefined entities, `&#N;` or `&#xH;` for a character XML allows.
        mutating func reference() throws(Failure) {
            let start = index
            index += 1
            var end = index
            while end < bytes.count, end - index <= 16, bytes[end] != UInt8(ascii: ";") { end += 1 }
            guard end < bytes.count, bytes[end] == UInt8(ascii: ";") else {
                throw fail("'&' that starts no reference (write &amp;)", at: start)
            }
            let body = String(decoding: bytes[index..<end], as: UTF8.self)
            index = end + 1
            if ["amp", "lt", "gt", "quot", "apos"].contains(body) { return }
            if body.hasPrefix("#") {
                let digits = body.dropFirst()
                let hex = digits.hasPrefix("x")
                let number = hex ? digits.dropFirst() : digits
                let value =
                    number.allSatisfy({ $0.isASCII && (hex ? $0.isHexDigit : $0.isNumber) })
                    ? UInt32(number, radix: hex ? 16 : 10) : nil
                guard let value, Self.isCharacter(value) else {
                    throw fail("&\(body); is not a character XML allows", at: start)
                }
                return
            }
            throw fail("the entity &\(body); is not defined (XML defines &amp; &lt; &gt; &quot; &apos;)", at: start)
        }

        /// One character of text, checked against the characters XML 1.0 allows.
        mutating func character() throws(Failure) {
            let byte = bytes[index]
            if byte < 0x20 && !Self.isSpace(byte) {
                throw fail("the control character U+\(String(byte, radix: 16, uppercase: true)) is not allowed in XML")
            }
            if byte == 0xEF, index + 2 < bytes.count, bytes[index + 1] == 0xBF,
                bytes[index + 2] == 0xBE || bytes[index + 2] == 0xBF
            {
                throw fail("U+FFFE and U+FFFF are not allowed in XML")
            }
            index += 1
        }

        mutating func comment() throws(Failure) {
            let start = index
            index += 4
            while !atEnd {
                if peek("--") {
                    guard peek("-->") else { throw fail("'--' inside a comment") }
                    index += 3
                    return
                }
                try character()
            }
            throw fail("a comment is not closed", at: start)
        }

        mutating func cdata() throws(Failure) {
            let start = index
            index += 9
            while !atEnd {
                if peek("]]>") {
                    index += 3
                    return
                }
                try character()
            }
            throw fail("a CDATA section is not closed", at: start)
        }

        mutating func processingInstruction() throws(Failure) {
            let start = index
            index += 2
            let target = try name()
            if start > 0, String(decoding: target, as: UTF8.self).lowercased() == "xml" {
                throw fail("an XML declaration that is not at the start", at: start)
            }
            while !atEnd {
                if peek("?>") {
                    index += 2
                    return
                }
                try character()
            }
            throw fail("a processing instruction is not closed", at: start)
        }

        mutating func name() throws(Failure) -> ArraySlice<UInt8> {
            let start = index
            while !atEnd, Self.isNameByte(bytes[index], first: index == start) { index += 1 }
            guard index > start else { throw fail("expected a name") }
            return ArraySlice(bytes[start..<index])
        }

        @discardableResult
        mutating func skipSpace() -> Bool {
            let start = index
            while !atEnd, Self.isSpace(bytes[index]) { index += 1 }
            return index > start
        }

        static func isSpace(_ byte: UInt8) -> Bool {
            byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
        }

        /// ASCII letters, `_`, `:` and any non-ASCII byte start a name; digits, `-` and `.` go on one.
        static func isNameByte(_ byte: UInt8, first: Bool) -> Bool {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "_"),
                UInt8(ascii: ":"), 0x80...0xFF:
                return true
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."):
                return !first
            default:
                return false
            }
        }

        static func isCharacter(_ value: UInt32) -> Bool {
            switch value {
            case 0x9, 0xA, 0xD, 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: true
            default: false
            }
        }
    }
}
