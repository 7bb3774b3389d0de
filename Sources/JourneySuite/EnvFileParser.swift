/// The dotenv grammar `--env-file` reads (docs/format.md, "Env files"), as python-dotenv, Docker
/// Compose and Node's dotenv read the files people already have:
///
/// - blank lines and `#` comment lines; `\n`, `\r\n` or `\r` ends a line;
/// - `KEY=VALUE` or `export KEY=VALUE`, blanks allowed around the key and after `=`; a key is
///   letters, digits, `_`, `.` and `-`; a later line with the same key wins;
/// - an unquoted value runs to the end of the line, without a ` # comment` (a `#` after a blank)
///   and trailing blanks; `KEY=` is empty;
/// - `'single quotes'` keep every character as written; `"double quotes"` read `\n`, `\t`, `\r`,
///   `\"`, `\\` (and `\'`, `\a`, `\b`, `\f`, `\v`) as escapes and keep any other backslash; either
///   may span lines, and only blanks and a `#` comment may follow the closing quote.
///
/// Anything else is an error naming the file and line, never a value sent in silence: a line
/// without `=`, a quoted key, an unclosed quote, text after a closing quote, and `${...}` outside
/// single quotes (which python-dotenv and Compose expand, and journey does not). No message
/// quotes a value: an env file holds secrets.
struct EnvFileParser {
    private let scalars: [Unicode.Scalar]
    private let file: String
    private var offset = 0
    private var line = 1

    static func parse(_ text: String, file: String) throws(EnvFile.Problem) -> [String: String] {
        var parser = EnvFileParser(scalars: Array(text.unicodeScalars), file: file)
        if parser.peek == "\u{FEFF}" { parser.offset += 1 }
        var values: [String: String] = [:]
        while parser.offset < parser.scalars.count {
            parser.skipBlanks()
            if parser.atLineEnd {
                parser.endLine()
            } else if parser.peek == "#" {
                parser.skipToLineEnd()
                parser.endLine()
            } else {
                let (key, value) = try parser.binding()
                values[key] = value
            }
        }
        return values
    }

    private init(scalars: [Unicode.Scalar], file: String) {
        self.scalars = scalars
        self.file = file
    }

    // MARK: Bindings

    private mutating func binding() throws(EnvFile.Problem) -> (String, String) {
        var key = readKey()
        if key == "export", isBlank(peek) {
            skipBlanks()
            if !atLineEnd, peek != "=" { key = readKey() }
        }
        if key.isEmpty {
            throw problem(
                peek == "'" || peek == "\""
                    ? "expected KEY=VALUE: a key is not quoted"
                    : "expected KEY=VALUE (or export KEY=VALUE, a # comment, a blank line)")
        }
        skipBlanks()
        guard peek == "=" else {
            if atLineEnd { throw problem("expected KEY=VALUE: \(key) has no '=' (write \(key)= for an empty value)") }
            throw problem("expected KEY=VALUE: a key is letters, digits, '_', '.' and '-'")
        }
        offset += 1
        let blanksAfterEquals = skipBlanks()
        let value: String
        switch peek {
        case "'":
            value = try quoted(key, delimiter: "'")
            try endAfterQuote(key)
        case "\"":
            value = try quoted(key, delimiter: "\"")
            try endAfterQuote(key)
        default:
            value = try unquoted(key, commentAtStart: blanksAfterEquals)
            endLine()
        }
        return (key, value)
    }

    private mutating func readKey() -> String {
        var key = ""
        while let scalar = peek, Self.isKeyScalar(scalar) {
            key.unicodeScalars.append(scalar)
            offset += 1
        }
        return key
    }

    private static func isKeyScalar(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCII
            && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "_.-".unicodeScalars.contains(scalar))
    }

    /// The rest of the line, without a comment (a `#` after a blank, or first after blanks that
    /// follow `=`) and trailing blanks.
    private mutating func unquoted(_ key: String, commentAtStart: Bool) throws(EnvFile.Problem) -> String {
        var value = ""
        var previousIsBlank = commentAtStart
        while let scalar = peek, !isLineEnd(scalar) {
            if scalar == "#" && previousIsBlank {
                skipToLineEnd()
                break
            }
            previousIsBlank = isBlank(scalar)
            value.unicodeScalars.append(scalar)
            offset += 1
        }
        while let last = value.unicodeScalars.last, isBlank(last) { value.unicodeScalars.removeLast() }
        if value.contains("${") { throw expansion(key) }
        return value
    }

    /// A quoted value from its opening quote (at `offset`) through its closing one.
    private mutating func quoted(_ key: String, delimiter: Unicode.Scalar) throws(EnvFile.Problem) -> String {
        let opening = line
        offset += 1
        var value = ""
        var raw = ""
        while let scalar = peek {
            offset += 1
            if scalar == delimiter {
                if delimiter == "\"" && raw.contains("${") { throw expansion(key, at: opening) }
                return value
            }
            raw.unicodeScalars.append(scalar)
            if scalar == "\\" && delimiter == "\"", let next = peek, let escaped = Self.escapes[next] {
                offset += 1
                raw.unicodeScalars.append(next)
                value.unicodeScalars.append(escaped)
                continue
            }
            if scalar == "\r" && peek != "\n" || scalar == "\n" { line += 1 }
            value.unicodeScalars.append(scalar)
        }
        let kind = delimiter == "'" ? "single" : "double"
        throw EnvFile.Problem(description: "\(file):\(opening): the \(kind)-quoted value of \(key) is never closed")
    }

    /// What a backslash and the scalar after it mean in double quotes (python-dotenv's set).
    private static let escapes: [Unicode.Scalar: Unicode.Scalar] = [
        "n": "\n", "t": "\t", "r": "\r", "\"": "\"", "\\": "\\", "'": "'", "a": "\u{07}", "b": "\u{08}",
        "f": "\u{0C}", "v": "\u{0B}",
    ]

    /// After a closing quote: blanks, an optional `# comment`, the end of the line.
    private mutating func endAfterQuote(_ key: String) throws(EnvFile.Problem) {
        skipBlanks()
        if peek == "#" { skipToLineEnd() }
        guard atLineEnd else {
            throw problem("the value of \(key) goes on after its closing quote (only a # comment may follow it)")
        }
        endLine()
    }

    private func expansion(_ key: String, at line: Int? = nil) -> EnvFile.Problem {
        EnvFile.Problem(
            description:
                "\(file):\(line ?? self.line): the value of \(key) holds ${...}, which journey does not expand "
                + "(python-dotenv and Docker Compose do): write the value in single quotes to keep it as it is")
    }

    private func problem(_ message: String) -> EnvFile.Problem {
        EnvFile.Problem(description: "\(file):\(line): \(message)")
    }

    // MARK: Reading

    private var peek: Unicode.Scalar? { offset < scalars.count ? scalars[offset] : nil }

    private var atLineEnd: Bool { peek.map(isLineEnd) ?? true }

    private func isLineEnd(_ scalar: Unicode.Scalar) -> Bool { scalar == "\n" || scalar == "\r" }

    private func isBlank(_ scalar: Unicode.Scalar?) -> Bool { scalar == " " || scalar == "\t" }

    /// Skips spaces and tabs; whether there were any.
    @discardableResult
    private mutating func skipBlanks() -> Bool {
        let start = offset
        while isBlank(peek) { offset += 1 }
        return offset > start
    }

    private mutating func skipToLineEnd() {
        while let scalar = peek, !isLineEnd(scalar) { offset += 1 }
    }

    /// Takes the line end at `offset` (`\r\n` as one), if any.
    private mutating func endLine() {
        guard let scalar = peek else { return }
        offset += 1
        if scalar == "\r" && peek == "\n" { offset += 1 }
        line += 1
    }
}
