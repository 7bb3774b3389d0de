import Foundation
import JourneyCore

/// Turns a recorded PingAM journey into a script: server, realm, journey, a handler for every
/// answered callback with the values seen (secret ones as variables read from the
/// environment), the expected steps and the outcome. The script replays against the recording.
public enum ScriptImporter {
    /// The script as YAML text.
    ///
    /// - Parameters:
    ///   - journeyName: which journey to import when the recording holds several (the first by default).
    public static func script(from recording: Recording, journeyName: String? = nil) throws(RecordingError) -> String {
        let file = (recording.source as NSString).lastPathComponent
        guard !recording.journeys.isEmpty else {
            throw RecordingError(
                "\(file) holds no authenticate traffic (no POST …/json/…/authenticate request): there is no journey to import"
            )
        }
        guard let journey = recording.journey(named: journeyName) else {
            let names = recording.journeys.map { $0.name ?? "(no name)" }.joined(separator: ", ")
            throw RecordingError("\(file) holds no journey '\(journeyName ?? "")'; it holds: \(names)")
        }
        if journey.startsMidJourney {
            throw RecordingError(
                "\(file) begins mid-journey: its first authenticate request (entry \(journey.exchanges[0].index + 1)) already carries an authId, so the start of the journey was not recorded"
            )
        }
        switch journey.end {
        case .waiting:
            let last = journey.exchanges[journey.exchanges.count - 1]
            throw RecordingError(
                "\(file) ends mid-journey: the last response (step \(journey.exchanges.count), entry \(last.index + 1)) asks for \(StepShape(last)) and no answer was recorded"
            )
        case .unusable:
            let last = journey.exchanges[journey.exchanges.count - 1]
            throw RecordingError(
                "\(file): the last authenticate response (entry \(last.index + 1), HTTP \(last.status)) is not an AM body, so the journey's outcome is unknown"
            )
        default:
            break
        }
        var builder = Builder(journey: journey)
        builder.collect()
        return builder.render(source: file)
    }

    /// A handler to write: its matcher and answer lines.
    struct Handler {
        var type: String
        var step: Int
        var occurrence: Int
        var prompt: String?
        /// `key: value` YAML fragments (values already rendered).
        var options: [(String, String)]
    }

    struct SecretVar {
        var name: String
        var env: String
        /// The recorded value (a placeholder, or a raw secret from a foreign recording).
        var recorded: String
    }

    struct Builder {
        let journey: RecordedJourney
        var handlers: [Handler] = []
        var secrets: [SecretVar] = []
        var expectedSteps: [[String]] = []
        var resumes = false

        init(journey: RecordedJourney) {
            self.journey = journey
        }

        /// The zero-page login headers of the start request, rendered (the password as a secret variable).
        var zeroPageCredentials: (username: String, password: String)?

        mutating func collect() {
            let exchanges = journey.exchanges
            collectZeroPage()
            for (index, exchange) in exchanges.enumerated() {
                guard case .step(let step)? = exchange.amResponse else { continue }
                expectedSteps.append(step.callbacks.map(\.type))
                guard index + 1 < exchanges.count else { continue }
                let next = exchanges[index + 1]
                if step.callbacks.contains(where: { $0.hasType(.suspendedTextOutput) }) {
                    if next.queryValue("suspendedId") != nil {
                        resumes = true
                        let variable = secretVariable(
                            base: "suspendedId", recorded: next.queryValue("suspendedId") ?? "")
                        handlers.append(
                            Handler(
                                type: CallbackType.suspendedTextOutput.wireName, step: index + 1, occurrence: 1,
                                prompt: nil,
                                options: [("resume", "\"{{ \(variable) }}\"")]))
                    }
                    continue
                }
                guard let answered = next.sentStep else { continue }
                var seen: [String: Int] = [:]
                let polling = step.callbacks.contains(where: { $0.hasType(.pollingWait) })
                for (position, callback) in step.callbacks.enumerated() {
                    seen[callback.type, default: 0] += 1
                    guard position < answered.callbacks.count, answered.callbacks[position].type == callback.type else {
                        continue
                    }
                    if polling && callback.hasType(.confirmation) { continue }
                    let options = answer(callback, answered.callbacks[position])
                    guard !options.isEmpty else { continue }
                    handlers.append(
                        Handler(
                            type: callback.type, step: index + 1, occurrence: seen[callback.type] ?? 1,
                            prompt: callback.prompt, options: options))
                }
            }
        }

        /// `X-OpenAM-Username` / `X-OpenAM-Password` on the start request: a zero-page login.
        mutating func collectZeroPage() {
            let headers = journey.exchanges[0].requestHeaders
            let username = headers.value(ZeroPageSpec.defaultUsernameHeader)
            let password = headers.value(ZeroPageSpec.defaultPasswordHeader)
            guard username != nil || password != nil else { return }
            let user = username ?? ""
            let renderedUser =
                placeholderName(user).map { "\"{{ \(secretVariable(base: $0, recorded: user)) }}\"" }
                ?? Self.yaml(.string(user))
            let secret = password ?? ""
            zeroPageCredentials = (renderedUser, "\"{{ \(secretVariable(base: "password", recorded: secret)) }}\"")
        }

        /// The answer options for one callback, from the inputs the client sent.
        mutating func answer(_ callback: AMCallback, _ sent: AMCallback) -> [(String, String)] {
            let inputs = sent.input ?? []
            guard !inputs.isEmpty else { return [] }
            func input(_ suffix: String) -> JSONValue? {
                inputs.first(where: { AMCallback.suffix(of: $0.name) == suffix })?.value
            }
            func rendered(_ suffix: String) -> String? {
                guard let value = input(suffix) else { return nil }
                let text = value.displayText
                if let secret = CallbackCatalogue.secretName(forInputSuffix: suffix, in: callback)
                    ?? placeholderName(text)
                {
                    return "\"{{ \(secretVariable(base: secret, recorded: text)) }}\""
                }
                return Self.yaml(value)
            }
            // Read back the way the callback's answerer writes it.
            let answerer = CallbackType(wireName: callback.type)?.answerer ?? CustomCallbackAnswerer.self
            switch answerer.recordedShape {
            case .none:
                return []
            case .hiddenValue:
                guard let value = input(""), value != callback.output("value") else { return [] }
                return rendered("").map { [("value", $0)] } ?? []
            case .choice:
                guard let index = input("")?.intValue else { return [] }
                let labels =
                    (callback.output(ChoiceAnswerer.labelsOutput(of: callback.type))?.arrayValue ?? [])
                    .compactMap(\.stringValue)
                if callback.hasType(.confirmation), index == callback.output("defaultOption")?.intValue,
                    labels.isEmpty
                {
                    return []
                }
                return [("choose", index < labels.count ? Self.yaml(.string(labels[index])) : String(index))]
            case .kbaCreate:
                var options: [(String, String)] = []
                if let question = rendered("question") { options.append(("question", question)) }
                if let answer = rendered("answer") { options.append(("answer", answer)) }
                return options
            case .acceptance:
                guard let accepted = input("")?.boolValue else { return [] }
                return [("accept", accepted ? "true" : "false")]
            case .reCaptchaEnterprise:
                if let clientError = input("clientError")?.stringValue, !clientError.isEmpty {
                    return [("clientError", Self.yaml(.string(clientError)))]
                }
                return rendered("token").map { [("token", $0)] } ?? []
            case .inputValues:
                break
            }
            let allowed = CallbackCatalogue.allowedOptions(for: callback.type) ?? CallbackCatalogue.customTypeOptions
            if allowed.contains("value"), let value = rendered("") {
                var options = [("value", value)]
                if allowed.contains("validateOnly"), input("validateOnly")?.boolValue == true {
                    options.append(("validateOnly", "true"))
                }
                return options
            }
            if CallbackCatalogue.allowedOptions(for: callback.type) == nil {
                // A custom type: answer its inputs by name.
                let pairs = inputs.map { pair -> String in
                    let text = pair.value.displayText
                    let value =
                        placeholderName(text).map { "\"{{ \(secretVariable(base: $0, recorded: text)) }}\"" }
                        ?? Self.yaml(pair.value)
                    return "\(pair.name): \(value)"
                }
                return [("inputs", "{ " + pairs.joined(separator: ", ") + " }")]
            }
            return []
        }

        func placeholderName(_ text: String) -> String? {
            InputValues.isPlaceholder(text) ? String(text.dropFirst().dropLast()) : nil
        }

        /// The variable holding a secret: one per distinct recorded value, named after the secret.
        mutating func secretVariable(base: String, recorded: String) -> String {
            if let existing = secrets.first(where: { $0.recorded == recorded }) { return existing.name }
            let camel = Self.camelCase(base)
            var name = camel
            var counter = 1
            while secrets.contains(where: { $0.name == name }) {
                counter += 1
                name = "\(camel)\(counter)"
            }
            let env = "JOURNEY_" + Self.snakeCase(base).uppercased() + (counter > 1 ? "_\(counter)" : "")
            secrets.append(SecretVar(name: name, env: env, recorded: recorded))
            return name
        }

        func render(source: String) -> String {
            let first = journey.exchanges[0]
            var lines = [
                "# yaml-language-server: $schema=../schemas/journey.schema.json",
                "# Imported by `journey import` from \(source).",
                "version: 1",
                "name: \(Self.yaml(.string("\(journey.name ?? "Journey") (imported from \(source))")))",
                "tags: [imported]",
                "server: { url: \(Self.yaml(.string(journey.origin + journey.deploymentPath))), realm: \(Self.yaml(.string(journey.realm))) }",
            ]
            if journey.startsWithResume {
                lines.append("start:")
                lines.append("  resume: { env: JOURNEY_SUSPENDED_ID, secret: true }")
            } else if let zeroPage = zeroPageCredentials {
                lines.append("start:")
                if let name = journey.name, journey.authIndexType ?? "service" == "service" {
                    lines.append("  service: \(Self.yaml(.string(name)))")
                }
                lines.append("  zeroPage: { username: \(zeroPage.username), password: \(zeroPage.password) }")
            } else if let type = journey.authIndexType, type != "service",
                let value = first.queryValue("authIndexValue")
            {
                lines.append(
                    "start: { authIndexType: \(Self.yaml(.string(type))), authIndexValue: \(Self.yaml(.string(value))) }"
                )
            } else if let name = journey.name {
                lines.append("journey: \(Self.yaml(.string(name)))")
            }
            if !secrets.isEmpty {
                lines.append("vars:")
                for secret in secrets {
                    lines.append("  \(secret.name): { env: \(secret.env), secret: true }")
                }
            }
            if !handlers.isEmpty {
                lines.append("handlers:")
                for handler in handlers {
                    lines.append("  - match: \(matcher(handler))")
                    for (key, value) in handler.options { lines.append("    \(key): \(value)") }
                }
            }
            lines.append("expect:")
            if !expectedSteps.isEmpty {
                lines.append("  steps:")
                for step in expectedSteps { lines.append("    - [\(step.joined(separator: ", "))]") }
            }
            lines.append("  outcome: \(outcome())")
            return lines.joined(separator: "\n") + "\n"
        }

        /// The narrowest matcher needed: the type alone when it is answered once, else its step
        /// (and occurrence when the step has several of that type).
        func matcher(_ handler: Handler) -> String {
            let sameType = handlers.filter { $0.type == handler.type }
            if sameType.count == 1 { return handler.type }
            var parts = ["type: \(handler.type)", "step: \(handler.step)"]
            if sameType.filter({ $0.step == handler.step }).count > 1 {
                parts.append("occurrence: \(handler.occurrence)")
            }
            return "{ " + parts.joined(separator: ", ") + " }"
        }

        func outcome() -> String {
            let last = journey.exchanges.last?.amResponse
            switch journey.end {
            case .success:
                guard case .success(let success)? = last else { return "success" }
                return "{ success: { session: \(success.tokenId != nil) } }"
            case .failure:
                guard case .failure(let error)? = last else { return "failure" }
                if error.isSessionTimeout { return "timeout" }
                return "{ failure: { code: \(error.code), message: \(Self.yaml(.string(error.message))) } }"
            case .redirect: return "redirect"
            case .suspended, .waiting: return "suspended"
            case .unusable: return "success"
            }
        }

        /// A YAML flow scalar for a JSON value: strings double-quoted (JSON escaping is valid YAML).
        static func yaml(_ value: JSONValue) -> String {
            switch value {
            case .string(let text): return JSONValue.string(text).compactJSON
            case .null: return "\"\""
            default: return value.compactJSON
            }
        }

        static func camelCase(_ name: String) -> String {
            let parts = name.split(whereSeparator: { $0 == "-" || $0 == "_" || $0 == " " })
            guard let first = parts.first else { return "secret" }
            return first.lowercased() + parts.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
        }

        static func snakeCase(_ name: String) -> String {
            var result = ""
            for character in name {
                if character == "-" || character == " " {
                    result += "_"
                } else if character.isUppercase, !result.isEmpty, result.last != "_" {
                    result += "_" + String(character)
                } else {
                    result.append(character)
                }
            }
            return result
        }
    }
}
