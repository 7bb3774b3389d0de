/// The value a declared key takes. Every case can be written as JSON Schema
/// (`JSONSchemaWriter`) and as a short type for a docs table (`typeText`).
package indirect enum ValueDeclaration: Sendable {
    /// Text, with optional length bounds and a regular expression (ECMA-262, as JSON Schema).
    case string(StringRule = .any)
    /// One of these strings.
    case strings([String])
    /// Exactly this value (`kind: simulator`, `version: 1`).
    case constant(JSONValue)
    /// A whole number in a closed range: every number of a format has one, so no value read
    /// from a file can overflow a conversion or an allocation.
    case integer(ClosedRange<Int>)
    /// Any number, or one in a closed range.
    case number(ClosedRange<Double>? = nil)
    case bool
    /// A string, a number or a boolean (an exact value to compare, a default).
    case scalar
    /// Text, or a number read as its text (`version: 1.0`, `timeZone: -540`).
    case textOrNumber
    /// Nothing: YAML's `~` or a key written without a value (`success:`), as one of alternatives.
    case null
    /// A duration: a number of seconds more than 0 and at most `maximum`, or a text such as
    /// `30s`, `500ms`, `2m` (`DurationText`), whose range the parser checks.
    case seconds(maximum: Double)
    /// A list of values.
    case list(ValueDeclaration, ListRule = .any)
    /// A mapping whose keys are declared.
    case mapping(MappingDeclaration)
    /// A mapping of names (matching `names`, when given) to values: users by name, journeys by name.
    case map(ValueDeclaration, names: String? = nil)
    /// Exactly one of these alternatives (JSON Schema `oneOf`): they must not overlap.
    case oneOf([ValueDeclaration])
    /// At least one of these alternatives (JSON Schema `anyOf`), for ones that may overlap.
    case anyOf([ValueDeclaration])
    /// Any JSON value (a body answered as is, attributes).
    case json
    /// Any JSON object.
    case object
    /// A value defined once under the schema's `$defs` by this name, declared or written by hand.
    case defined(String)

    /// One of the raw values of `type`: the enum the parser reads is the list the schema allows.
    package static func cases<Value: RawRepresentable & CaseIterable>(of type: Value.Type) -> ValueDeclaration
    where Value.RawValue == String {
        .strings(type.allCases.map(\.rawValue))
    }
}

/// What a string must look like.
package struct StringRule: Sendable {
    package var minLength: Int?
    package var maxLength: Int?
    package var pattern: String?

    package init(minLength: Int? = nil, maxLength: Int? = nil, pattern: String? = nil) {
        self.minLength = minLength
        self.maxLength = maxLength
        self.pattern = pattern
    }

    package static let any = StringRule()
    package static let nonEmpty = StringRule(minLength: 1)
}

/// What a list must hold.
package struct ListRule: Sendable {
    package var minItems: Int?
    package var unique: Bool

    package init(minItems: Int? = nil, unique: Bool = false) {
        self.minItems = minItems
        self.unique = unique
    }

    package static let any = ListRule()
}
