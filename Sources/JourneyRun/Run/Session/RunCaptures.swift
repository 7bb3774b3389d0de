import Foundation
import JourneyCore
import JourneyFormat

/// `captures:` — values taken from responses and steps into the run's variables, each once
/// (the names taken so far are in the session's state). Made by the loops that read steps
/// (`JourneyLoop`, the MobileFirst driver) with the run's session.
struct RunCaptures {
    let session: RunSession

    /// Response-level captures: body members and HTTP headers.
    func fromResponse(json: JSONValue, headers: [HeaderField], step: Int) throws(RunError) {
        guard !session.script.captures.isEmpty else { return }
        let captured = session.withState { $0.captured }
        for capture in session.script.captures where !captured.contains(capture.name) && (capture.step ?? step) == step
        {
            switch capture.source {
            case .response(let path):
                if let value = Self.member(path, of: json) { try store(capture, value, step: step) }
            case .httpHeader(let name):
                if let value = headers.value(name) { try store(capture, .string(value), step: step) }
            default:
                continue
            }
        }
    }

    /// Step-level captures: callback outputs, stage/header/description, MFA registration URIs, recovery codes.
    func fromStep(_ amStep: AMStep, number: Int) throws(RunError) {
        guard !session.script.captures.isEmpty else { return }
        let captured = session.withState { $0.captured }
        for capture in session.script.captures
        where !captured.contains(capture.name) && (capture.step ?? number) == number {
            switch capture.source {
            case .output(let matcher, let name):
                let layout = StepLayout(step: amStep, number: number)
                if let index = amStep.callbacks.indices.first(where: { matcher.matches(callbackAt: $0, in: layout) }),
                    let value = amStep.callbacks[index].output(name)
                {
                    try store(capture, value, step: number)
                }
            case .stepField(let field):
                let value: String? =
                    switch field {
                    case "stage": amStep.stage
                    case "header": amStep.header
                    default: amStep.description
                    }
                if let value { try store(capture, .string(value), step: number) }
            case .registrationUri:
                // The device's seed is a secret from the moment it is read; the URI's other parts are not.
                if let uri = MFAScraper.registrationURI(in: amStep) {
                    OTPAuthSecrets.register(inURI: uri, with: session.redactor)
                    try store(capture, .string(uri), step: number)
                }
            case .recoveryCodes:
                let codes = MFAScraper.recoveryCodes(in: amStep)
                if !codes.isEmpty {
                    try store(capture, .array(codes.map(JSONValue.string)), step: number, secret: "recoveryCode")
                }
            case .response, .httpHeader:
                continue
            }
        }
    }

    /// Stores a captured value; a `secret: true` capture, or one that is always a secret
    /// (`secret` names it), is registered before anything can show it.
    private func store(_ capture: CaptureSpec, _ value: JSONValue, step: Int, secret: String? = nil) throws(RunError) {
        var value = value
        if let regex = capture.regex {
            guard let extracted = regex.extract(from: value.displayText) else {
                throw RunError(
                    .script, "capture '\(capture.name)' (\(capture.location)): \(regex) does not match", step: step)
            }
            value = .string(extracted)
        }
        _ = session.withState { $0.captured.insert(capture.name) }
        session.context.setVariable(
            capture.name, ResolvedValue(value, secretName: capture.secret ? capture.name : secret))
    }

    static func member(_ path: String, of json: JSONValue) -> JSONValue? {
        var current: JSONValue? = json
        for part in path.split(separator: ".") {
            if let index = Int(part), let items = current?.arrayValue, items.indices.contains(index) {
                current = items[index]
            } else {
                current = current?[String(part)]
            }
        }
        return current
    }
}
