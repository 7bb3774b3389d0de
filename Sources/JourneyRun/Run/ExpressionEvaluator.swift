import Foundation
import JourneyCore
import JourneyFormat

/// What expressions can read: variables (declared, overridden, captured) and the environment.
struct ExpressionScope: Sendable {
    var variables: [String: ResolvedValue]
    var environment: [String: String]
}

/// Evaluates `{{ }}` expressions. Generators draw from the run's seed and clock through `context`.
struct ExpressionEvaluator {
    let scope: ExpressionScope
    let context: any GeneratorSource

    func evaluate(_ template: Template) throws(RunError) -> ResolvedValue {
        if let sole = template.soleExpression {
            return try evaluate(sole, at: template.location)
        }
        var text = ""
        var secretName: String?
        for part in template.parts {
            switch part {
            case .literal(let piece):
                text += piece
            case .expression(let expression, _):
                let value = try evaluate(expression, at: template.location)
                text += value.text
                secretName = secretName ?? value.secretName
            }
        }
        return ResolvedValue(.string(text), secretName: secretName)
    }

    func evaluate(_ expression: TemplateExpression, at location: SourceLocation) throws(RunError) -> ResolvedValue {
        switch expression {
        case .string(let text):
            return ResolvedValue(.string(text))
        case .number(let number):
            return ResolvedValue(number.rounded() == number && abs(number) < 1e15 ? .int(Int(number)) : .double(number))
        case .path(let parts):
            return try lookup(parts, at: location)
        case .call(let name, let arguments):
            var values: [ResolvedValue] = []
            for argument in arguments {
                values.append(try evaluate(argument, at: location))
            }
            return try call(name, values, at: location)
        }
    }

    private func lookup(_ parts: [String], at location: SourceLocation) throws(RunError) -> ResolvedValue {
        guard let head = parts.first else { throw RunError(.script, "\(location): empty expression") }
        if head == "env" {
            let name = parts.dropFirst().joined(separator: ".")
            guard let value = scope.environment[name] else {
                throw RunError(.script, "\(location): environment variable \(name) is not set")
            }
            return ResolvedValue(.string(value))
        }
        guard var value = scope.variables[head] else {
            throw RunError(.script, "\(location): variable '\(head)' has no value")
        }
        for member in parts.dropFirst() {
            if let index = Int(member), let items = value.json.arrayValue, items.indices.contains(index) {
                value.json = items[index]
            } else if let next = value.json[member] {
                value.json = next
            } else {
                throw RunError(.script, "\(location): '\(parts.joined(separator: "."))' has no member '\(member)'")
            }
        }
        return value
    }

    private func call(_ name: String, _ arguments: [ResolvedValue], at location: SourceLocation) throws(RunError)
        -> ResolvedValue
    {
        let secret = arguments.compactMap(\.secretName).first
        func text(_ index: Int) -> String { arguments.indices.contains(index) ? arguments[index].text : "" }
        switch name {
        case "uuid":
            return ResolvedValue(.string(context.generate(.uuid)))
        case "email":
            let domain = arguments.isEmpty ? "example.com" : text(0)
            return ResolvedValue(
                .string(context.generate(.email).replacingOccurrences(of: "example.com", with: domain)))
        case "timestamp":
            return ResolvedValue(.int(Int(context.now().timeIntervalSince1970)))
        case "now":
            return ResolvedValue(.string(ISO8601DateFormatter().string(from: context.now())))
        case "digits":
            let count = arguments.first?.json.intValue ?? 6
            return ResolvedValue(.string(context.digits(max(1, min(count, 64)))))
        case "base64":
            return ResolvedValue(.string(Data(text(0).utf8).base64EncodedString()), secretName: secret)
        case "base64url":
            return ResolvedValue(.string(Base64URL.encode(text(0))), secretName: secret)
        case "lower":
            return ResolvedValue(.string(text(0).lowercased()), secretName: secret)
        case "upper":
            return ResolvedValue(.string(text(0).uppercased()), secretName: secret)
        case "urlencode":
            return ResolvedValue(
                .string(PercentEncoding.queryComponent(text(0))), secretName: secret)
        case "totp", "hotp":
            return try context.oneTimePassword(name, arguments, at: location)
        case "arithmetic":
            if MaskedChallenge.isMasked(text(0), replay: context.replaysRecording) {
                return ResolvedValue(.string(MaskedChallenge.answer), secretName: secret)
            }
            guard let answer = ArithmeticCaptcha.solve(text(0)) else {
                throw RunError(.script, "\(location): arithmetic(): no 'X + Y' (or -, ×) in '\(text(0))'")
            }
            return ResolvedValue(.string(String(answer)), secretName: secret)
        default:
            throw RunError(.script, "\(location): unknown function '\(name)'")
        }
    }
}

/// The run's source of generated values and time.
protocol GeneratorSource: Sendable {
    /// A replay: a challenge its recording masked is answered as recorded (``MaskedChallenge``).
    var replaysRecording: Bool { get }
    func generate(_ generator: Generator) -> String
    func digits(_ count: Int) -> String
    func now() -> Date
    /// `totp(x)` / `hotp(x, n)`: a code, recorded in the run's OTP ledger.
    func oneTimePassword(_ function: String, _ arguments: [ResolvedValue], at location: SourceLocation) throws(RunError)
        -> ResolvedValue
}
