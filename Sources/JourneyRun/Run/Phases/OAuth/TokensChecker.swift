import JourneyCore
import JourneyFormat

/// `expect.tokens`: the granted scope, ID token claims, lifetime, which tokens came, userinfo.
enum TokensChecker {
    static func check(_ tokens: OAuthTokens, against expected: TokensExpectation, evaluator: ExpressionEvaluator)
        throws(RunError) -> [ExpectationFailure]
    {
        var failures: [String] = []
        switch expected.scope {
        case .includes(let scopes)?:
            let missing = scopes.filter { !tokens.scope.contains($0) }
            if !missing.isEmpty {
                failures.append(
                    "expected scope \(missing.joined(separator: " ")) granted, got '\(tokens.scope.joined(separator: " "))'"
                )
            }
        case .matches(let pattern)?:
            let scope = tokens.scope.joined(separator: " ")
            if !pattern.matches(scope) { failures.append("expected scope \(pattern), got '\(scope)'") }
        case nil:
            break
        }
        failures += try members(tokens.claims, expected.claims, what: "ID token claim", evaluator: evaluator)
        if let min = expected.expiresInMin, (tokens.expiresIn ?? Int.min) < min {
            failures.append("expected expires_in ≥ \(min), got \(tokens.expiresIn.map(String.init) ?? "none")")
        }
        if let max = expected.expiresInMax, (tokens.expiresIn ?? Int.max) > max {
            failures.append("expected expires_in ≤ \(max), got \(tokens.expiresIn.map(String.init) ?? "none")")
        }
        if let wanted = expected.refreshToken, wanted != (tokens.refreshToken != nil) {
            failures.append(wanted ? "expected a refresh token, got none" : "expected no refresh token, got one")
        }
        if let wanted = expected.idToken, wanted != (tokens.idToken != nil) {
            failures.append(wanted ? "expected an ID token, got none" : "expected no ID token, got one")
        }
        if let userinfo = expected.userinfo {
            if let answer = tokens.userinfo?.objectValue {
                failures += try members(answer, userinfo, what: "userinfo member", evaluator: evaluator)
            } else {
                failures.append("expected userinfo members, and userinfo gave none")
            }
        }
        if let introspection = expected.introspection {
            if let answer = tokens.introspection?.objectValue {
                failures += try members(answer, introspection, what: "introspection member", evaluator: evaluator)
            } else {
                failures.append("expected introspection members, and the token was not introspected")
            }
        }
        return failures.map { ExpectationFailure("expect.tokens: \($0)", location: expected.location) }
    }

    /// A replayed value with a secret redacted in it (`«secret»@example.com`) matches any text
    /// in the secret's place: a secret is never compared.
    private static func redactedMatch(_ actual: JSONValue?, _ expected: String) -> Bool {
        guard let text = actual?.stringValue else { return false }
        return Placeholder.matches(expected, withPlaceholders: text)
    }

    private static func members(
        _ actual: [String: JSONValue], _ expected: [(name: String, expected: TokensExpectation.Claim)], what: String,
        evaluator: ExpressionEvaluator
    ) throws(RunError) -> [String] {
        var failures: [String] = []
        for (name, claim) in expected {
            let value = actual[name]
            let shown = value.map { $0.compactJSON } ?? "nothing"
            switch claim {
            case .matches(let pattern):
                if value == nil || !pattern.matches(value?.displayText ?? "") {
                    failures.append("expected \(what) \(name) \(pattern), got \(shown)")
                }
            case .template(let template):
                let text = try evaluator.evaluate(template).text
                if value?.displayText != text, !redactedMatch(value, text) {
                    failures.append("expected \(what) \(name) '\(text)', got \(shown)")
                }
            case .equals(let json):
                if value.map({ !ExpectationChecker.contains($0, json) && !redactedMatch($0, json.displayText) }) ?? true
                {
                    failures.append("expected \(what) \(name) \(json.compactJSON), got \(shown)")
                }
            }
        }
        return failures
    }
}
