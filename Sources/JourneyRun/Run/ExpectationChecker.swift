import Foundation
import JourneyCore
import JourneyFormat

/// Compares what happened with what the script expects.
enum ExpectationChecker {
    /// Checks one step (callback types in order, stage, header, outputs) against its expectation.
    /// In a replay, a text the recording masked passes a check it could have passed live
    /// (``TextPattern/matches(_:replay:)``).
    static func check(_ step: AMStep, number: Int, against expected: StepExpectation, replay: Bool = false)
        -> [ExpectationFailure]
    {
        var failures: [ExpectationFailure] = []
        let types = step.callbacks.map(\.type)
        if types != expected.callbacks {
            failures.append(
                ExpectationFailure(
                    "expected callbacks [\(expected.callbacks.joined(separator: ", "))], got [\(types.joined(separator: ", "))]",
                    step: number, location: expected.location))
        }
        if let stage = expected.stage, !stage.matches(step.stage ?? "", replay: replay) {
            failures.append(
                ExpectationFailure(
                    "expected stage \(stage), got '\(step.stage ?? "")'", step: number, location: expected.location))
        }
        if let header = expected.header, !header.matches(step.header ?? "", replay: replay) {
            failures.append(
                ExpectationFailure(
                    "expected header \(header), got '\(step.header ?? "")'", step: number, location: expected.location))
        }
        for check in expected.outputs {
            guard let callback = step.callbacks.first(where: { $0.type == check.callbackType }) else {
                failures.append(
                    ExpectationFailure(
                        "no \(check.callbackType) in this step to check '\(check.output)'", step: number,
                        location: check.location))
                continue
            }
            guard let actual = callback.output(check.output) else {
                failures.append(
                    ExpectationFailure(
                        "\(check.callbackType) has no output '\(check.output)'", step: number, location: check.location)
                )
                continue
            }
            switch check.expected {
            case .equals(let value):
                let masked =
                    replay
                    && actual.stringValue.map {
                        TextPattern(exact: value.displayText).matches($0, replay: true)
                    } == true
                if !looselyEqual(actual, value) && !masked {
                    failures.append(
                        ExpectationFailure(
                            "\(check.callbackType).\(check.output): expected \(value.compactJSON), got \(actual.compactJSON)",
                            step: number, location: check.location))
                }
            case .matches(let pattern):
                if !pattern.matches(actual.displayText, replay: replay) {
                    failures.append(
                        ExpectationFailure(
                            "\(check.callbackType).\(check.output): expected \(pattern), got \(actual.compactJSON)",
                            step: number, location: check.location))
                }
            }
        }
        return failures
    }

    /// Status, body and advice of the resource's final answer.
    static func checkResource(
        _ check: ResourceCheck, status: Int?, advice: String?, body: String?, location: SourceLocation?
    ) -> [ExpectationFailure] {
        var failures: [ExpectationFailure] = []
        func fail(_ message: String) { failures.append(ExpectationFailure(message, location: location)) }
        if let expected = check.status, expected != status {
            fail(
                "expected the resource to answer HTTP \(expected), got \(status.map { "HTTP \($0)" } ?? "no answer (the advice journey failed)")"
            )
        }
        if let pattern = check.advice, !pattern.matches(advice ?? "") {
            fail("expected advice \(pattern), got \(advice.map { "'\($0)'" } ?? "none")")
        }
        switch check.body {
        case .json(let expected)?:
            let actual = body.flatMap { try? JSONValue.parse($0) }
            if let actual, contains(actual, expected) { break }
            fail(
                "expected the resource's body to contain \(expected.compactJSON), got \(body.map { ResponseReader.excerpt(Data($0.utf8)) } ?? "no body")"
            )
        case .text(let pattern)?:
            if !pattern.matches(body ?? "") {
                fail(
                    "expected the resource's body to match \(pattern), got \(body.map { ResponseReader.excerpt(Data($0.utf8)) } ?? "no body")"
                )
            }
        case nil:
            break
        }
        return failures
    }

    /// Objects: every expected member is contained in the actual one; anything else: loosely equal.
    static func contains(_ actual: JSONValue, _ expected: JSONValue) -> Bool {
        if case .object(let wanted) = expected, case .object(let have) = actual {
            return wanted.allSatisfy { key, value in have[key].map { contains($0, value) } ?? false }
        }
        return looselyEqual(actual, expected)
    }

    /// Numbers compare by value; a string of digits equals the number (AM sends `"0"` and `0` alike).
    static func looselyEqual(_ a: JSONValue, _ b: JSONValue) -> Bool {
        switch (a, b) {
        case (.array(let x), .array(let y)):
            return x.count == y.count && zip(x, y).allSatisfy { looselyEqual($0, $1) }
        case (.object(let x), .object(let y)):
            return x.count == y.count && x.allSatisfy { key, value in y[key].map { looselyEqual(value, $0) } ?? false }
        case (.int, _), (.double, _), (_, .int), (_, .double):
            if let p = a.doubleValue, let q = b.doubleValue { return p == q }
            return a == b
        default:
            return a == b
        }
    }

    /// Checks the outcome against the expected one. `noSession`: the script asked for no session,
    /// so a success without a `tokenId` is what it wants (without it, such a success fails).
    static func check(
        _ outcome: Outcome, against expected: OutcomeExpectation, noSession: Bool, location: SourceLocation?
    ) -> [ExpectationFailure] {
        func fail(_ message: String) -> [ExpectationFailure] {
            [ExpectationFailure(message, location: location)]
        }
        switch (expected, outcome) {
        case (.success(let check), .success(let token, let realm, let url)):
            var failures: [ExpectationFailure] = []
            if let session = check.session, session != token {
                failures += fail(
                    session
                        ? "expected a session (tokenId), got success without one"
                        : "expected success without a session, got a tokenId")
            } else if check.session == nil, !noSession, !token {
                failures += fail(
                    "got success without a session (no tokenId), and the script did not ask for none: "
                        + "set start.noSession, or expect.outcome.success.session: false if that is what the server does"
                )
            }
            if let pattern = check.realm, !pattern.matches(realm ?? "") {
                failures += fail("expected realm \(pattern), got '\(realm ?? "")'")
            }
            if let pattern = check.successUrl, !pattern.matches(url ?? "") {
                failures += fail("expected successUrl \(pattern), got '\(url ?? "")'")
            }
            return failures
        case (.failure(let check), .failure(let code, let reason, let message, let detail)):
            var failures: [ExpectationFailure] = []
            if let expectedCode = check.code, expectedCode != code {
                failures += fail("expected failure code \(expectedCode), got \(code)")
            }
            if let pattern = check.reason, !pattern.matches(reason) {
                failures += fail("expected failure reason \(pattern), got '\(reason)'")
            }
            if let pattern = check.message, !pattern.matches(message) {
                failures += fail("expected failure message \(pattern), got '\(message)'")
            }
            for (name, pattern, oauthName) in [
                ("error", check.error, OAuthFailure.errorMember),
                ("errorDescription", check.errorDescription, OAuthFailure.descriptionMember),
            ] {
                guard let pattern else { continue }
                let actual = detail?[oauthName]?.stringValue
                if actual == nil || !pattern.matches(actual ?? "") {
                    failures += fail(
                        "expected failure \(name) \(pattern), got "
                            + (actual.map { "'\($0)'" } ?? "no OAuth error (the failure is the journey's own)"))
                }
            }
            for (name, pattern) in check.detail {
                let actual = detail?[name]?.displayText
                if actual == nil || !pattern.matches(actual ?? "") {
                    failures += fail(
                        "expected failure detail.\(name) \(pattern), got \(actual.map { "'\($0)'" } ?? "nothing")")
                }
            }
            return failures
        case (.suspended(let pattern), .suspended(let message)):
            if let pattern, !pattern.matches(message ?? "") {
                return fail("expected suspended message \(pattern), got '\(message ?? "")'")
            }
            return []
        case (.redirect(let pattern), .redirect(let url, _)):
            if let pattern, !pattern.matches(url) {
                return fail("expected redirect to \(pattern), got '\(url)'")
            }
            return []
        case (.timeout, .timeout):
            return []
        case (.authorized(let check), .authorized(let status, let advice, let body)):
            return checkResource(check, status: status, advice: advice, body: body, location: location)
        case (.denied(let check), .denied(let status, let advice, _, let body)):
            return checkResource(check, status: status, advice: advice, body: body, location: location)
        case (.token(let check), .token(let scope, _, let status, let body)):
            var failures: [ExpectationFailure] = []
            if let pattern = check.scope, !pattern.matches(scope) {
                failures += fail("expected the token's scope \(pattern), got '\(scope)'")
            }
            if let resource = check.resource {
                if status == nil {
                    failures += fail(
                        "expect.outcome.token.resource checks the request: resource, and the script called none")
                } else {
                    failures += checkResource(resource, status: status, advice: nil, body: body, location: location)
                }
            }
            return failures
        case (.blocked(let check), .blocked(let name, let message, _)):
            var failures: [ExpectationFailure] = []
            if let pattern = check.check, !pattern.matches(name) {
                failures += fail("expected the blocking security check \(pattern), got '\(name)'")
            }
            if let pattern = check.message, !pattern.matches(message) {
                failures += fail("expected the blocked message \(pattern), got '\(message)'")
            }
            return failures
        default:
            return fail("expected outcome \(expected.name), got \(outcome.summary)")
        }
    }
}
