/// One key of a YAML format, declared once: its name, the value it takes, whether it must be
/// written, the default it has when left out (as people read it) and one line saying what it
/// does. The parsers' allowed keys and did-you-mean hints, the JSON Schema (`JSONSchemaWriter`)
/// and the docs' key tables (`KeyTableWriter`) all come from these declarations
/// (docs/decisions.md, "One declaration per format key").
package struct KeyDeclaration: Sendable {
    package var name: String
    package var value: ValueDeclaration
    package var isRequired: Bool
    /// The default as the docs show it (`300`, `iPlanetDirectoryPro`, `any realm`); nil when none.
    package var defaultText: String?
    /// One line, a sentence ending with a period, or empty.
    package var doc: String

    /// A key that must be present.
    package static func required(_ name: String, _ value: ValueDeclaration, _ doc: String = "") -> KeyDeclaration {
        KeyDeclaration(name: name, value: value, isRequired: true, defaultText: nil, doc: doc)
    }

    /// A key that may be left out; `default` is what holds then.
    package static func optional(
        _ name: String, _ value: ValueDeclaration, default defaultText: String? = nil, _ doc: String = ""
    ) -> KeyDeclaration {
        KeyDeclaration(name: name, value: value, isRequired: false, defaultText: defaultText, doc: doc)
    }

    /// The integer range of an `.integer` key; nil for any other value.
    package var integerRange: ClosedRange<Int>? {
        if case .integer(let range) = value { return range }
        return nil
    }

    /// The doc with the default in parentheses before its final period:
    /// "Seconds an authId stays valid (default 300)."
    package var docWithDefault: String {
        guard let defaultText else { return doc }
        guard !doc.isEmpty else { return "Default \(defaultText)." }
        let sentence = doc.hasSuffix(".") ? String(doc.dropLast()) : doc
        return "\(sentence) (default \(defaultText))."
    }
}
