import JourneyCore

/// Plays Google's part for the reCAPTCHA Enterprise node: assesses a submitted token from the tree's table.
struct RecaptchaEvaluator {
    let spec: RecaptchaSpec

    struct Result {
        var passed: Bool
        /// `CLIENT_ERROR:<code>` or `VALIDATION_ERROR:CAPTCHA validation failed` when not passed.
        var failure: String?
        var payload: JSONValue?
        var assessment: JSONValue?
    }

    static let validationError = "VALIDATION_ERROR:CAPTCHA validation failed"

    /// `submitted` holds the callback's inputs by suffix: token, action, clientError, payload.
    func evaluate(_ submitted: [String: JSONValue]) -> Result {
        let clientError = submitted["clientError"]?.displayText ?? ""
        if !clientError.isEmpty {
            return Result(passed: false, failure: "CLIENT_ERROR:\(clientError)")
        }
        let token = submitted["token"]?.displayText ?? ""
        let action = submitted["action"]?.displayText ?? ""
        var payload: JSONValue?
        switch submitted["payload"] {
        case .string(let text) where !text.isEmpty:
            guard let parsed = try? JSONReader.parse(text), parsed.objectValue != nil else {
                return Result(passed: false, failure: Self.validationError)
            }
            payload = parsed
        case .object(let object):
            payload = .object(object)
        default:
            payload = nil
        }
        guard !token.isEmpty else { return Result(passed: false, failure: Self.validationError, payload: payload) }
        let known = spec.tokens[token]
        let tokenAction = known?.action ?? action
        let valid = known?.valid ?? false
        let score = known?.score ?? 0
        let reasons = known?.reasons ?? []
        var event: [String: JSONValue] = payload?.objectValue ?? [:]
        event["token"] = .string(token)
        event["siteKey"] = .string(spec.siteKey)
        event["expectedAction"] = .string(spec.expectedAction ?? action)
        event["userAgent"] = event["userAgent"] ?? ""
        event["userIpAddress"] = event["userIpAddress"] ?? ""
        var tokenProperties: [String: JSONValue] = ["valid": .bool(valid), "action": .string(tokenAction)]
        if !valid { tokenProperties["invalidReason"] = .string(known?.invalidReason ?? "MALFORMED") }
        let assessment: JSONValue = [
            "event": .object(event), "tokenProperties": .object(tokenProperties),
            "riskAnalysis": ["score": .double(score), "reasons": .array(reasons.map(JSONValue.string))],
        ]
        let actionMatches = spec.expectedAction.map { $0 == tokenAction } ?? true
        let rejected = reasons.contains { spec.rejectReasons.contains($0) }
        let passed = valid && actionMatches && score >= spec.minScore && !rejected
        return Result(
            passed: passed, failure: passed ? nil : Self.validationError, payload: payload, assessment: assessment)
    }
}
