import JourneyCore

/// A string that may hold `{{ ... }}` expressions, e.g. `"{{ env.AM_URL }}/am"`.
package struct Template: Sendable, Hashable, CustomStringConvertible {
    package enum Part: Sendable, Hashable {
        case literal(String)
        case expression(TemplateExpression, source: String)
    }

    package var parts: [Part]
    package var location: SourceLocation

    package init(parts: [Part], location: SourceLocation) {
        self.parts = parts
        self.location = location
    }

    /// A template of plain text with no expressions.
    package static func literal(_ text: String, at location: SourceLocation) -> Template {
        Template(parts: [.literal(text)], location: location)
    }

    /// The text when the template holds no expression.
    package var literalText: String? {
        var text = ""
        for part in parts {
            guard case .literal(let piece) = part else { return nil }
            text += piece
        }
        return text
    }

    /// A template that is exactly one expression (`"{{ x }}"`), whose value keeps its JSON type.
    package var soleExpression: TemplateExpression? {
        if parts.count == 1, case .expression(let expression, _) = parts[0] { return expression }
        return nil
    }

    /// Every expression in the template.
    package var expressions: [TemplateExpression] {
        parts.compactMap {
            if case .expression(let expression, _) = $0 { return expression }
            return nil
        }
    }

    package var description: String {
        parts.map {
            switch $0 {
            case .literal(let text): return text
            case .expression(_, let source): return "{{ \(source) }}"
            }
        }.joined()
    }
}

/// The small, fixed expression language inside `{{ }}`: variable paths, string and number
/// literals, and calls to built-in functions. Nothing else runs.
package indirect enum TemplateExpression: Sendable, Hashable, CustomStringConvertible {
    /// `username`, `env.AM_URL`, `captured.otpUri`.
    case path([String])
    case string(String)
    case number(Double)
    case call(name: String, arguments: [TemplateExpression])

    package var description: String {
        switch self {
        case .path(let parts): return parts.joined(separator: ".")
        case .string(let text): return "\"\(text)\""
        case .number(let number):
            return number.rounded() == number ? String(Int(number)) : String(number)
        case .call(let name, let arguments):
            return "\(name)(\(arguments.map(\.description).joined(separator: ", ")))"
        }
    }

    /// The variable names this expression reads (first path component), excluding `env`.
    package var variableReferences: [String] {
        switch self {
        case .path(let parts): return parts.first.map { $0 == "env" ? [] : [$0] } ?? []
        case .string, .number: return []
        case .call(_, let arguments): return arguments.flatMap(\.variableReferences)
        }
    }
}
