import JourneyCore

/// The functions a `{{ }}` expression may call. The set is fixed: no other code runs.
package struct BuiltinFunction: Sendable, Hashable {
    package let name: String
    /// How many arguments it takes.
    package let arity: ClosedRange<Int>
    /// A one-line description, for messages and docs.
    package let summary: String

    package init(name: String, arity: ClosedRange<Int>, summary: String) {
        self.name = name
        self.arity = arity
        self.summary = summary
    }

    /// Every built-in function, by name.
    package static let all: [BuiltinFunction] = [
        BuiltinFunction(name: "uuid", arity: 0...0, summary: "a random UUID from the run's seed"),
        BuiltinFunction(name: "email", arity: 0...1, summary: "a unique email address, optionally at a given domain"),
        BuiltinFunction(name: "timestamp", arity: 0...0, summary: "seconds since 1970 on the run's clock"),
        BuiltinFunction(name: "now", arity: 0...0, summary: "the run clock's time in ISO 8601"),
        BuiltinFunction(name: "digits", arity: 0...1, summary: "n random digits (default 6)"),
        BuiltinFunction(name: "base64", arity: 1...1, summary: "standard Base64 of a string's UTF-8 bytes"),
        BuiltinFunction(name: "base64url", arity: 1...1, summary: "unpadded Base64URL of a string's UTF-8 bytes"),
        BuiltinFunction(name: "lower", arity: 1...1, summary: "a string in lower case"),
        BuiltinFunction(name: "upper", arity: 1...1, summary: "a string in upper case"),
        BuiltinFunction(name: "urlencode", arity: 1...1, summary: "a string percent-encoded for a URL query"),
        BuiltinFunction(
            name: "totp", arity: 1...1,
            summary: "a TOTP code (RFC 6238) from a Base32 secret or an otpauth:// URI, on the run's clock (a secret)"),
        BuiltinFunction(
            name: "hotp", arity: 1...2,
            summary:
                "an HOTP code (RFC 4226) from a Base32 secret or an otpauth:// URI, at a counter or the next one (a secret)"
        ),
        BuiltinFunction(
            name: "arithmetic", arity: 1...1,
            summary: "the answer to the first 'X + Y' (or -, ×) in a text, as a string"),
    ]

    /// The function with this name, if it exists.
    package static func named(_ name: String) -> BuiltinFunction? {
        all.first { $0.name == name }
    }

    package static var names: [String] { all.map(\.name) }
}
