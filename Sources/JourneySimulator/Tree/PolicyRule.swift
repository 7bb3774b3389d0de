import JourneyCore

/// One IDM-style policy of a ValidatedCreate* or attribute callback.
enum PolicyRule: Sendable, Hashable {
    case required
    case unique
    case minLength(Int)
    case maxLength(Int)
    case atLeastCapitals(Int)
    case atLeastNumbers(Int)
    case cannotContainCharacters([String])
    case cannotContainOthers([String])
    case validEmail
    case matchRegexp(String)

    /// Requirement names accepted in a tree file.
    static let names = [
        "REQUIRED", "UNIQUE", "MIN_LENGTH", "MAX_LENGTH", "AT_LEAST_X_CAPITAL_LETTERS", "AT_LEAST_X_NUMBERS",
        "CANNOT_CONTAIN_CHARACTERS", "CANNOT_CONTAIN_OTHERS", "VALID_EMAIL_ADDRESS_FORMAT", "MATCH_REGEXP",
    ]

    var requirement: String {
        switch self {
        case .required: "REQUIRED"
        case .unique: "UNIQUE"
        case .minLength: "MIN_LENGTH"
        case .maxLength: "MAX_LENGTH"
        case .atLeastCapitals: "AT_LEAST_X_CAPITAL_LETTERS"
        case .atLeastNumbers: "AT_LEAST_X_NUMBERS"
        case .cannotContainCharacters: "CANNOT_CONTAIN_CHARACTERS"
        case .cannotContainOthers: "CANNOT_CONTAIN_OTHERS"
        case .validEmail: "VALID_EMAIL_ADDRESS_FORMAT"
        case .matchRegexp: "MATCH_REGEXP"
        }
    }

    var policyId: String {
        switch self {
        case .required: "required"
        case .unique: "unique"
        case .minLength: "minimum-length"
        case .maxLength: "maximum-length"
        case .atLeastCapitals: "at-least-X-capitals"
        case .atLeastNumbers: "at-least-X-numbers"
        case .cannotContainCharacters: "cannot-contain-characters"
        case .cannotContainOthers: "cannot-contain-others"
        case .validEmail: "valid-email-address-format"
        case .matchRegexp: "regexpMatches"
        }
    }

    /// The policy's `params`, as AM lists them (and repeats them in failedPolicies).
    var params: [(String, JSONValue)] {
        switch self {
        case .required, .unique, .validEmail: []
        case .minLength(let n): [("minLength", .int(n))]
        case .maxLength(let n): [("maxLength", .int(n))]
        case .atLeastCapitals(let n): [("numCaps", .int(n))]
        case .atLeastNumbers(let n): [("numNums", .int(n))]
        case .cannotContainCharacters(let chars): [("forbiddenChars", .array(chars.map(JSONValue.string)))]
        case .cannotContainOthers(let fields): [("disallowedFields", .array(fields.map(JSONValue.string)))]
        case .matchRegexp(let pattern): [("regexp", .string(pattern))]
        }
    }
}
