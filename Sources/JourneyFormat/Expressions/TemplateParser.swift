import JourneyCore

/// Parses strings with `{{ expr }}` parts into a ``Template``.
///
/// Expressions are variable paths (`username`, `env.AM_URL`), string literals in single or
/// double quotes, numbers, and calls to the built-in functions (``BuiltinFunction``).
/// Errors point at the exact column, given `location` is where the text's first character is.
package enum TemplateParser {
    /// Parses `text`, which starts at `location` in its file.
    package static func parse(_ text: String, at location: SourceLocation) throws(Diagnostic) -> Template {
        try parseWithReferences(text, at: location).template
    }

    /// True when the text holds an expression opener, so it is a template rather than plain text.
    package static func containsExpression(_ text: String) -> Bool {
        text.contains("{{")
    }

    /// Parses `text` and also returns where each variable is read, for the undefined-variable check.
    static func parseWithReferences(_ text: String, at location: SourceLocation) throws(Diagnostic) -> ParsedTemplate {
        var scanner = ExpressionScanner(text: text, origin: location)
        var parts: [Template.Part] = []
        var literal = ""
        while let scalar = scanner.peek() {
            if scanner.startsWith("{{") {
                if !literal.isEmpty {
                    parts.append(.literal(literal))
                    literal = ""
                }
                parts.append(try scanner.expressionPart())
            } else {
                literal.unicodeScalars.append(scalar)
                scanner.advance()
            }
        }
        if !literal.isEmpty || parts.isEmpty { parts.append(.literal(literal)) }
        return ParsedTemplate(
            template: Template(parts: parts, location: location), references: scanner.references,
            environment: scanner.environmentReferences)
    }
}

/// A parsed template and the variable reads in it.
struct ParsedTemplate {
    var template: Template
    var references: [VariableReference]
    /// The environment variables read (`env.NAME`), named by `NAME`.
    var environment: [VariableReference] = []
}

/// One place an expression reads a variable: `username` in `{{ lower(username) }}`.
struct VariableReference: Sendable {
    /// The first component of the path (the variable's name).
    var name: String
    /// The whole path as written, e.g. `otp.code`.
    var path: String
    var location: SourceLocation
    var length: Int
}
