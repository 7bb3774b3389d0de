import Foundation
import JourneyCore
import JourneyRun

/// The JSON shapes of the trace types, as documented in docs/reports.md.
enum JSONTrace {
    /// The script's JSON; without `steps`, its `steps` is empty (a streaming writer adds them one by one).
    static func script(_ result: JourneyResult, steps: Bool = true) -> JSONValue {
        let placement = FailurePlacement(result)
        return .object([
            "name": .string(result.name),
            "file": .string(result.file),
            "tags": .array(result.tags.map(JSONValue.string)),
            "server": optional(result.server),
            "status": .string(result.status.rawValue),
            "exitCode": .int(Int(result.exitCode)),
            "documentedFailure": result.status == .failed ? location(result.documentedFailure) : .null,
            "startedAt": .string(ReportTime.iso8601(result.startedAt, fractionalSeconds: true)),
            "duration": seconds(result.duration),
            "transportTime": seconds(result.transportTime),
            "outcome": result.outcome.map(outcome) ?? .null,
            "failures": .array(placement.all.map(failure)),
            "error": result.error.map(error) ?? .null,
            "diagnostics": .array(result.diagnostics.map(diagnostic)),
            "steps": .array(steps ? result.steps.map { step($0, failures: placement.byStep[$0.number] ?? []) } : []),
            "attempts": .array(result.attempts.enumerated().map { attempt($1, number: $0 + 1) }),
        ])
    }

    static func attempt(_ attempt: Attempt, number: Int) -> JSONValue {
        .object([
            "number": .int(number),
            "status": .string(attempt.status.rawValue),
            "startedAt": .string(ReportTime.iso8601(attempt.startedAt, fractionalSeconds: true)),
            "duration": seconds(attempt.duration),
            "failures": .array(attempt.failures.map(failure)),
            "error": attempt.error.map(error) ?? .null,
            // A string: a 64-bit seed is past the integers JSON readers keep exactly.
            "seed": attempt.seed.map { .string(String($0)) } ?? .null,
        ])
    }

    static func step(_ step: StepTrace, failures: [ExpectationFailure]) -> JSONValue {
        let exchange = step.exchange
        return .object([
            "number": .int(step.number),
            "kind": .string(step.kind.rawValue),
            "stage": optional(step.stage),
            "header": optional(step.header),
            "waitedSeconds": step.waitedSeconds.map(seconds) ?? .null,
            "startedAt": .string(ReportTime.iso8601(exchange.startedAt, fractionalSeconds: true)),
            "duration": seconds(exchange.duration),
            "request": .object([
                "method": .string(exchange.method),
                "url": .string(exchange.url),
                "headers": headers(exchange.requestHeaders),
                "body": optional(exchange.requestBody),
            ]),
            "response": .object([
                "status": exchange.status.map(JSONValue.int) ?? .null,
                "headers": headers(exchange.responseHeaders),
                "body": optional(exchange.responseBody),
            ]),
            "callbacks": .array(step.callbacks.map(callback)),
            "failures": .array(failures.map(failure)),
            "phase": optional(step.phase),
            "party": .string(step.party.rawValue),
            "notes": .array(step.notes.map { .object(["key": .string($0.key), "value": .string($0.value)]) }),
        ])
    }

    /// `label` (a chosen option's) and `unanswered` are there only when they say something.
    static func callback(_ callback: CallbackTrace) -> JSONValue {
        var object: [String: JSONValue] = [
            "type": .string(callback.type),
            "prompt": optional(callback.prompt),
            "answeredBy": optional(callback.answeredBy),
            "inputs": .array(
                callback.inputs.map { input in
                    var members: [String: JSONValue] = [
                        "name": .string(input.name), "value": .string(input.value), "redacted": .bool(input.redacted),
                    ]
                    if let label = input.label { members["label"] = .string(label) }
                    return .object(members)
                }),
            "notes": .array(callback.notes.map { .object(["key": .string($0.key), "value": .string($0.value)]) }),
        ]
        if callback.unanswered { object["unanswered"] = .bool(true) }
        return .object(object)
    }

    static func outcome(_ outcome: Outcome) -> JSONValue {
        var object: [String: JSONValue] = ["type": .string(outcome.name), "summary": .string(outcome.summary)]
        switch outcome {
        case .success(let tokenPresent, let realm, let successUrl):
            object["tokenPresent"] = .bool(tokenPresent)
            object["realm"] = optional(realm)
            object["successUrl"] = optional(successUrl)
        case .failure(let code, let reason, let message, let detail):
            object["code"] = .int(code)
            object["reason"] = .string(reason)
            object["message"] = .string(message)
            object["detail"] = detail.map(JSONValue.object) ?? .null
        case .suspended(let message):
            object["message"] = optional(message)
        case .redirect(let url, let method):
            object["url"] = .string(url)
            object["method"] = optional(method)
        case .timeout(let message):
            object["message"] = .string(message)
        case .authorized(let status, let advice, let body):
            object["status"] = .int(status)
            object["advice"] = optional(advice)
            object["body"] = optional(body)
        case .denied(let status, let advice, let reason, let body):
            object["status"] = status.map(JSONValue.int) ?? .null
            object["advice"] = optional(advice)
            object["reason"] = .string(reason)
            object["body"] = optional(body)
        case .token(let scope, let expiresIn, let status, let body):
            object["scope"] = .string(scope)
            object["expiresIn"] = expiresIn.map(JSONValue.int) ?? .null
            object["resourceStatus"] = status.map(JSONValue.int) ?? .null
            object["resourceBody"] = optional(body)
        case .blocked(let check, let message, let detail):
            object["check"] = .string(check)
            object["message"] = .string(message)
            object["detail"] = detail.map(JSONValue.object) ?? .null
        }
        return .object(object)
    }

    static func failure(_ failure: ExpectationFailure) -> JSONValue {
        .object([
            "message": .string(failure.message),
            "step": failure.step.map(JSONValue.int) ?? .null,
            "location": location(failure.location),
        ])
    }

    static func error(_ error: RunError) -> JSONValue {
        .object([
            "kind": .string(error.kind.rawValue),
            "message": .string(error.message),
            "step": error.step.map(JSONValue.int) ?? .null,
            "transport": error.transportFailure.map { .string($0.rawValue) } ?? .null,
        ])
    }

    static func diagnostic(_ diagnostic: Diagnostic) -> JSONValue {
        .object([
            "severity": .string(diagnostic.severity.rawValue),
            "message": .string(diagnostic.message),
            "location": location(diagnostic.location),
            "length": .int(diagnostic.length),
            "hint": optional(diagnostic.hint),
        ])
    }

    static func location(_ location: SourceLocation?) -> JSONValue {
        guard let location else { return .null }
        return .object(["file": .string(location.file), "line": .int(location.line), "column": .int(location.column)])
    }

    static func headers(_ fields: [HeaderField]) -> JSONValue {
        .array(fields.map { .object(["name": .string($0.name), "value": .string($0.value)]) })
    }

    static func optional(_ text: String?) -> JSONValue {
        text.map(JSONValue.string) ?? .null
    }

    /// Seconds rounded to the microsecond; `null` for a value that is not finite (JSON has no NaN).
    static func seconds(_ value: Double) -> JSONValue {
        guard value.isFinite else { return .null }
        return .double((value * 1_000_000).rounded() / 1_000_000)
    }
}
