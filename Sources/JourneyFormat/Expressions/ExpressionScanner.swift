import JourneyCore

/// Reads `{{ ... }}` expressions out of a template's text, one Unicode scalar at a time, and
/// knows the file line and column of every position for error messages.
struct ExpressionScanner {
    private let scalars: [Unicode.Scalar]
    private let origin: SourceLocation
    /// The offsets of the text's line feeds, so a position's line is a binary search away.
    private let lineFeeds: [Int]
    private(set) var offset = 0
    private(set) var references: [VariableReference] = []
    /// The environment variables read (`env.NAME`), each named by `NAME`.
    private(set) var environmentReferences: [VariableReference] = []
    /// How many calls the parser is inside, bounded by ``ExpressionLimits/maximumDepth``.
    private var depth = 0

    init(text: String, origin: SourceLocation) {
        let scalars = Array(text.unicodeScalars)
        self.scalars = scalars
        self.origin = origin
        self.lineFeeds = scalars.indices.filter { scalars[$0] == "\n" }
    }

    // MARK: Reading

    func peek(_ ahead: Int = 0) -> Unicode.Scalar? {
        let index = offset + ahead
        return index < scalars.count ? scalars[index] : nil
    }

    mutating func advance(_ count: Int = 1) {
        offset = min(scalars.count, offset + count)
    }

    func startsWith(_ prefix: String) -> Bool {
        var index = offset
        for scalar in prefix.unicodeScalars {
            guard index < scalars.count, scalars[index] == scalar else { return false }
            index += 1
        }
        return true
    }

    private mutating func skipSpaces() {
        while let scalar = peek(), scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r" { advance() }
    }

    private func text(from start: Int, to end: Int) -> String {
        var string = ""
        string.unicodeScalars.append(contentsOf: scalars[start..<end])
        return string
    }

    /// The file location of a position in the text.
    func location(at position: Int) -> SourceLocation {
        let position = min(position, scalars.count)
        var low = 0
        var high = lineFeeds.count
        while low < high {
            let middle = (low + high) / 2
            if lineFeeds[middle] < position { low = middle + 1 } else { high = middle }
        }
        // `low` line feeds come before the position; the last of them starts its line.
        guard low > 0 else {
            return SourceLocation(file: origin.file, line: origin.line, column: origin.column + position)
        }
        return SourceLocation(file: origin.file, line: origin.line + low, column: position - lineFeeds[low - 1])
    }

    private func error(_ message: String, at position: Int, length: Int = 1, hint: String? = nil) -> Diagnostic {
        .error(message, at: location(at: position), length: length, hint: hint)
    }

    // MARK: Grammar

    /// `{{ expression }}`, with the scanner at the opening braces.
    mutating func expressionPart() throws(Diagnostic) -> Template.Part {
        let open = offset
        guard hasClosingBraces(after: open + 2) else {
            throw error(
                "unterminated '{{': expected '}}' to close the expression", at: open, length: 2,
                hint: "expressions are written {{ name }}")
        }
        advance(2)
        skipSpaces()
        if startsWith("}}") {
            throw error(
                "empty expression '{{ }}'", at: open, length: offset + 2 - open,
                hint: "write a variable name or a function call inside the braces")
        }
        let start = offset
        let expression = try parseExpression()
        let end = offset
        skipSpaces()
        guard startsWith("}}") else {
            let found = peek().map { "'\(Character($0))'" } ?? "the end of the text"
            throw error("unexpected \(found) in expression; expected '}}'", at: offset)
        }
        advance(2)
        // Checked once parsed: the depth limit already bounds the parser, and a deep expression
        // is then reported as too deep, which says more than too long.
        guard offset - open <= ExpressionLimits.maximumLength + 4 else { throw tooLong(at: open) }
        return .expression(expression, source: text(from: start, to: end))
    }

    private func hasClosingBraces(after position: Int) -> Bool {
        var index = position
        while index + 1 < scalars.count {
            if scalars[index] == "}" && scalars[index + 1] == "}" { return true }
            index += 1
        }
        return false
    }

    private func tooLong(at open: Int) -> Diagnostic {
        error(
            "expression longer than \(ExpressionLimits.maximumLength) characters", at: open, length: 2,
            hint: "compute long values in vars and refer to them by name")
    }

    private mutating func parseExpression() throws(Diagnostic) -> TemplateExpression {
        skipSpaces()
        guard let scalar = peek() else { throw error("expected an expression", at: offset) }
        if scalar == "\"" || scalar == "'" { return try parseString() }
        if isDigit(scalar) || (scalar == "-" && peek(1).map(isDigit) == true) { return parseNumber() }
        if isIdentifierStart(scalar) { return try parsePathOrCall() }
        throw error(
            "unexpected '\(Character(scalar))' in expression", at: offset,
            hint: "an expression is a variable (username, env.NAME), a string, a number or a function call")
    }

    private mutating func parseString() throws(Diagnostic) -> TemplateExpression {
        let start = offset
        guard let quote = peek() else { throw error("expected a string", at: offset) }
        advance()
        var value = ""
        while let scalar = peek() {
            advance()
            if scalar == quote { return .string(value) }
            if scalar == "\\", let escaped = peek() {
                advance()
                switch escaped {
                case "n": value += "\n"
                case "t": value += "\t"
                default: value.unicodeScalars.append(escaped)
                }
            } else {
                value.unicodeScalars.append(scalar)
            }
        }
        throw error("unterminated string in expression", at: start)
    }

    private mutating func parseNumber() -> TemplateExpression {
        let start = offset
        if peek() == "-" { advance() }
        while let scalar = peek(), isDigit(scalar) { advance() }
        if peek() == ".", let next = peek(1), isDigit(next) {
            advance()
            while let scalar = peek(), isDigit(scalar) { advance() }
        }
        return .number(Double(text(from: start, to: offset)) ?? 0)
    }

    private mutating func parsePathOrCall() throws(Diagnostic) -> TemplateExpression {
        let start = offset
        let name = readWord()
        let afterName = offset
        skipSpaces()
        if peek() == "(" { return try parseCall(name: name, at: start) }
        offset = afterName
        var components = [name]
        while peek() == "." {
            advance()
            let componentStart = offset
            let component = readWord()
            guard !component.isEmpty else {
                throw error("expected a name after '.' in '\(components.joined(separator: "."))'", at: componentStart)
            }
            components.append(component)
        }
        let path = components.joined(separator: ".")
        if name != "env" {
            references.append(
                VariableReference(
                    name: name, path: path, location: location(at: start), length: path.unicodeScalars.count))
        } else if components.count != 2 {
            throw error(
                "'\(path)' is not an environment variable reference", at: start, length: path.unicodeScalars.count,
                hint: "write env.NAME")
        } else {
            environmentReferences.append(
                VariableReference(
                    name: components[1], path: path, location: location(at: start), length: path.unicodeScalars.count))
        }
        return .path(components)
    }

    private mutating func parseCall(name: String, at start: Int) throws(Diagnostic) -> TemplateExpression {
        guard let function = BuiltinFunction.named(name) else {
            throw error(
                "unknown function '\(name)'", at: start, length: name.unicodeScalars.count,
                hint: DidYouMean.hint(for: name, among: BuiltinFunction.names)
                    ?? "functions: \(BuiltinFunction.names.joined(separator: ", "))")
        }
        guard depth < ExpressionLimits.maximumDepth else {
            throw error(
                "expression nested more than \(ExpressionLimits.maximumDepth) deep", at: start,
                length: name.unicodeScalars.count, hint: "split the expression over several vars")
        }
        depth += 1
        defer { depth -= 1 }
        advance()  // (
        var arguments: [TemplateExpression] = []
        skipSpaces()
        if peek() == ")" {
            advance()
        } else {
            while true {
                arguments.append(try parseExpression())
                skipSpaces()
                if peek() == "," {
                    advance()
                    continue
                }
                if peek() == ")" {
                    advance()
                    break
                }
                let found = peek().map { "'\(Character($0))'" } ?? "the end of the text"
                throw error("unexpected \(found) in the arguments of \(name)(); expected ',' or ')'", at: offset)
            }
        }
        guard function.arity.contains(arguments.count) else {
            throw error(
                "\(name)() takes \(Self.describe(function.arity)), found \(arguments.count)", at: start,
                length: offset - start)
        }
        return .call(name: name, arguments: arguments)
    }

    private static func describe(_ arity: ClosedRange<Int>) -> String {
        if arity.lowerBound == arity.upperBound { return Plural.count(arity.lowerBound, "argument") }
        return "\(arity.lowerBound) to \(Plural.count(arity.upperBound, "argument"))"
    }

    private mutating func readWord() -> String {
        let start = offset
        while let scalar = peek(), isIdentifierPart(scalar) { advance() }
        return text(from: start, to: offset)
    }

    private func isDigit(_ scalar: Unicode.Scalar) -> Bool { ("0"..."9").contains(scalar) }

    private func isIdentifierStart(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || scalar == "_"
    }

    private func isIdentifierPart(_ scalar: Unicode.Scalar) -> Bool {
        isIdentifierStart(scalar) || isDigit(scalar)
    }
}

/// Bounds on one `{{ }}` expression: the parser is recursive, and a script may come from anyone.
package enum ExpressionLimits {
    /// Calls nested inside one another (`lower(upper(...))`).
    package static let maximumDepth = 64
    /// Unicode scalars between `{{` and `}}`.
    package static let maximumLength = 4_096
}
