import Foundation
import JourneyCore
import JourneyFormat
import JourneyRun
import Yams

/// Turns a recorded PingAM journey into a script: server, realm, journey, a handler for every
/// answered callback with the values seen (secret ones as variables read from the
/// environment), the expected steps and the outcome; a resource call answered with advice, its
/// `composite_advice` journey and the retry become the `request:` block. The script replays
/// against the recording.
/// A capture of OAuth client credentials or of Rakuten's token API (no authenticate traffic)
/// becomes an `oauth:` or a `protocol: rakuten` script.
public enum ScriptImporter {
    /// The script as YAML text.
    ///
    /// - Parameters:
    ///   - journeyName: which journey to import when the recording holds several (the first by default).
    public static func script(from recording: Recording, journeyName: String? = nil) throws(RecordingError) -> String {
        try script(from: recording, journeyName: journeyName, readsOutbox: false)
    }

    /// With `readsOutbox`, a secret the client read from the simulator's outbox before sending it
    /// is imported as that outbox read (`journey capture`: an app walking a journey on the
    /// simulator); journey's own recordings keep the script's own way of reading it.
    package static func script(from recording: Recording, journeyName: String?, readsOutbox: Bool)
        throws(RecordingError) -> String
    {
        let file = (recording.source as NSString).lastPathComponent
        let oauth = ImportedOAuth(recording.exchanges)
        if recording.journeys.isEmpty, let oauth, oauth.clientCredentials,
            let token = recording.exchanges.first(where: { $0.path.contains("/oauth2/") })
        {
            return try ImportedOAuth.tokensOnlyScript(oauth, from: token, source: file)
        }
        if recording.journeys.isEmpty, let rakuten = ImportedRakuten(recording.exchanges) {
            return try rakuten.script(source: file)
        }
        guard !recording.journeys.isEmpty else {
            throw RecordingError(
                "\(file) holds no authenticate traffic (no POST …/json/…/authenticate request): there is no journey to import"
            )
        }
        var builder = try builder(for: recording, journeyName: journeyName)
        builder.oauth = oauth
        builder.outbox = readsOutbox ? ImportedOutbox(recording.others) : nil
        builder.request = ImportedRequest(after: builder.journey, in: recording)
        builder.client = ImportedClient(recording: recording, journey: builder.journey)
        builder.collect()
        return try builder.render(source: file)
    }

    /// The builder of the journey `journeyName` names (the first by default), once the
    /// recording is found to hold it whole, from its start to an outcome a script can expect.
    static func builder(for recording: Recording, journeyName: String?) throws(RecordingError) -> Builder {
        let file = (recording.source as NSString).lastPathComponent
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
        case .failure where journey.exchanges[journey.exchanges.count - 1].status >= 500:
            // A run takes a 5xx for an error, whatever the body: no script could expect it.
            let last = journey.exchanges[journey.exchanges.count - 1]
            throw RecordingError(
                "\(file): the last authenticate response (entry \(last.index + 1)) is HTTP \(last.status), a server error, so the journey has no outcome a script can expect"
            )
        default:
            break
        }
        return Builder(journey: journey)
    }

    /// A handler to write: its matcher and answer options.
    struct Handler {
        var type: String
        var step: Int
        var occurrence: Int
        var prompt: String?
        /// The stage of an advice journey's step: its handler matches that stage, not a step number.
        var stage: String? = nil
        /// The stage of the step the callback came in, for a walk's matchers.
        var stepStage: String? = nil
        /// The answer options in the order they are written.
        var options: [(String, Node)]
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
        /// The client of the recording's authorize / token exchange, if any.
        var oauth: ImportedOAuth?
        var outbox: ImportedOutbox?
        /// The transactional authorization after the journey, if any: the `request:` block.
        var request: ImportedRequest?
        /// `request`, written (`collect` makes it: its secrets become variables).
        var requestBlock: Node?
        /// Types the runner answers by itself from an empty handler (a walk's DeviceProfileCallback):
        /// written as a handler even with no option to give.
        var bareTypes: Set<String> = []
        /// A walk's TOTP codes came from a secret (``WalkedScriptOptions/totpFromSecret``).
        var totpFromSecret = false
        /// A walk's TOTP codes came from its OATH registration step's URI, captured as `otpUri`.
        var totpFromRegistration = false
        /// A walk's script: a handler of a type answered more than once is told apart by its
        /// prompt, or else its step's stage, when no other handler of the type has the same; by its
        /// step number only when neither does.
        var matchesByText = false
        /// The SDK the journey was sent by, stated or guessed: `client: { sdk: … }`.
        var client: ImportedClient?

        init(journey: RecordedJourney) {
            self.journey = journey
        }

        /// The zero-page login headers of the start request, rendered (the password as a secret variable).
        var zeroPageCredentials: (username: Node, password: Node)?

        mutating func collect() {
            collectZeroPage()
            collectSteps(of: journey.exchanges)
            if let request {
                collectAdviceSteps(of: request.adviceJourney)
                requestBlock = block(of: request)
            }
        }

        /// The handlers and expected steps of one journey's exchanges; `number` gives a step's
        /// number in the run and `stage` the stage its handlers match, if they match one.
        mutating func collectSteps(
            of exchanges: [RecordedExchange], number: (Int) -> Int = { $0 + 1 },
            stage: (AMStep) -> String? = { _ in nil }
        ) {
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
                                type: CallbackType.suspendedTextOutput.wireName, step: number(index), occurrence: 1,
                                prompt: nil, stage: stage(step),
                                options: [("resume", .reference(to: variable))]))
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
                    if var webAuthn = webAuthnHandler(
                        callback, answered.callbacks[position], in: step, step: number(index))
                    {
                        webAuthn.stage = stage(step)
                        handlers.append(webAuthn)
                        continue
                    }
                    let options = answer(callback, answered.callbacks[position])
                    guard !options.isEmpty || bareTypes.contains(callback.type) else { continue }
                    handlers.append(
                        Handler(
                            type: callback.type, step: number(index), occurrence: seen[callback.type] ?? 1,
                            prompt: callback.prompt, stage: stage(step), stepStage: step.stage, options: options))
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
                placeholderName(user).map { Node.reference(to: secretVariable(base: $0, recorded: user)) }
                ?? ImportedText.template(user)
            let secret = password ?? ""
            zeroPageCredentials = (renderedUser, .reference(to: secretVariable(base: "password", recorded: secret)))
        }

        /// A WebAuthn step's `webAuthnOutcome` answer, imported as a handler of the step's WebAuthn
        /// form: the software authenticator answers it again (a recorded credential cannot sign a
        /// new challenge), and a recorded client error (`ERROR::…`, `unsupported`) stays one.
        func webAuthnHandler(_ callback: AMCallback, _ sent: AMCallback, in step: AMStep, step number: Int) -> Handler?
        {
            guard callback.hasType(.hiddenValue),
                (callback.output("id")?.stringValue ?? "").contains(HiddenId.webAuthnOutcome),
                let form = step.callbacks.lazy.compactMap(SpecialForm.init).first(where: \.isWebAuthn),
                let value = sent.input?.first?.value.stringValue, value != sent.output("id")?.stringValue
            else { return nil }
            let clientError = value.hasPrefix("ERROR::") || value == "unsupported"
            return Handler(
                type: form.typeName, step: number, occurrence: 1, prompt: nil,
                options: clientError ? [("clientError", ImportedText.template(value))] : [])
        }

        /// The answer options for one callback, from the inputs the client sent.
        mutating func answer(_ callback: AMCallback, _ sent: AMCallback) -> [(String, Node)] {
            let inputs = sent.input ?? []
            guard !inputs.isEmpty else { return [] }
            func input(_ suffix: String) -> JSONValue? {
                inputs.first(where: { AMCallback.suffix(of: $0.name) == suffix })?.value
            }
            func rendered(_ suffix: String) -> Node? {
                guard let value = input(suffix) else { return nil }
                let text = value.displayText
                if totpFromRegistration, placeholderName(text) == "totp" {
                    return Node("{{ totp(otpUri) }}", .implicit, .doubleQuoted)
                }
                if totpFromSecret, placeholderName(text) == "totp" {
                    let secret = secretVariable(base: "otp-secret", recorded: Redactor.placeholder("otpSecret"))
                    return Node("{{ totp(\(secret)) }}", .implicit, .doubleQuoted)
                }
                if let secret = CallbackCatalogue.secretName(forInputSuffix: suffix, in: callback)
                    ?? placeholderName(text)
                {
                    if let read = outbox?.source(for: text) { return read }
                    return .reference(to: secretVariable(base: secret, recorded: text))
                }
                return ImportedText.value(value)
            }
            // Read back the way the callback's answerer writes it.
            switch RecordedAnswerShapes.shape(forTypeNamed: callback.type) {
            case .none:
                return []
            case .hiddenValue:
                // Sent as received (the value, or the input AM pre-filled): the runner does that alone.
                let received = callback.input?.first(where: { AMCallback.suffix(of: $0.name).isEmpty })?.value
                guard let value = input(""), value != callback.output("value"), value != received else { return [] }
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
                // By label when the label picks that option (the answerer takes the first equal one).
                let byLabel = index < labels.count && labels.firstIndex(of: labels[index]) == index
                return [("choose", byLabel ? ImportedText.string(labels[index]) : .plain(String(index)))]
            case .kbaCreate:
                var options: [(String, Node)] = []
                if let question = rendered("question") { options.append(("question", question)) }
                if let answer = rendered("answer") { options.append(("answer", answer)) }
                return options
            case .acceptance:
                guard let accepted = input("")?.boolValue else { return [] }
                return [("accept", accepted ? "true" : "false")]
            case .reCaptchaEnterprise:
                if let clientError = input("clientError")?.stringValue, !clientError.isEmpty {
                    return [("clientError", ImportedText.template(clientError))]
                }
                return rendered("token").map { [("token", $0)] } ?? []
            case .inputValues:
                break
            }
            // ReCaptchaCallback's one input is its token.
            if callback.hasType(.reCaptcha) { return rendered("").map { [("token", $0)] } ?? [] }
            // A device step's client error (Abort, Unsupported...) instead of a signature.
            if let allowed = CallbackCatalogue.allowedOptions(for: callback.type), allowed.contains("clientError"),
                let clientError = input("clientError")?.stringValue, !clientError.isEmpty
            {
                return [("clientError", ImportedText.template(clientError))]
            }
            // A custom type is answered by input name, which declares it (a `value:` alone would not).
            if let allowed = CallbackCatalogue.allowedOptions(for: callback.type), allowed.contains("value"),
                let value = rendered("")
            {
                var options = [("value", value)]
                if allowed.contains("validateOnly"), input("validateOnly")?.boolValue == true {
                    options.append(("validateOnly", "true"))
                }
                return options
            }
            if CallbackCatalogue.allowedOptions(for: callback.type) == nil {
                // A custom type: answer its inputs by name.
                let pairs = inputs.map { pair -> (String, Node) in
                    let text = pair.value.displayText
                    let value =
                        placeholderName(text).map { Node.reference(to: secretVariable(base: $0, recorded: text)) }
                        ?? ImportedText.value(pair.value)
                    return (pair.name, value)
                }
                return [("inputs", .flow(pairs))]
            }
            return []
        }

        func placeholderName(_ text: String) -> String? {
            Placeholder.isWhole(text) ? String(text.dropFirst().dropLast()) : nil
        }

        /// The variable holding a secret: one per distinct recorded value, named after the secret.
        mutating func secretVariable(base: String, recorded: String) -> String {
            if let existing = secrets.first(where: { $0.recorded == recorded }) { return existing.name }
            let base = Self.identifierWords(base)
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

        /// The script as a YAML document, built as nodes and written by Yams: blocks for the
        /// script's sections, flow mappings for one-line values, as a person would write it.
        func render(source: String) throws(RecordingError) -> String {
            let notes = client.map { ["# client.sdk: \($0.sdk.rawValue), \($0.reason)."] } ?? []
            return try Self.render(document(source: source), source: source, notes: notes)
        }

        static func render(_ document: Node, source: String, notes: [String] = []) throws(RecordingError) -> String {
            // The `$schema` line depends on where the script is written: its writer adds it
            // (SchemaReference).
            let header = ["# Imported by `journey import` from \(ImportedText.comment(source))."] + notes
            do {
                let body = try Yams.serialize(
                    node: document.withScalarTagsResolved, indent: 2, width: -1, allowUnicode: true)
                return header.joined(separator: "\n") + "\n" + body
            } catch {
                throw RecordingError("cannot write the script imported from \(source) as YAML: \(error)")
            }
        }

        func document(source: String) -> Node { .block(rootPairs(source: source)) }

        /// The script's top-level keys, in the order they are written.
        func rootPairs(source: String) -> [(String, Node)] {
            let first = journey.exchanges[0]
            var root: [(String, Node)] = [
                ("version", .plain("1")),
                ("name", ImportedText.string("\(journey.name ?? "Journey") (imported from \(source))")),
                ("tags", .flow([.plain("imported")])),
                (
                    "server",
                    .flow([
                        ("url", ImportedText.template(journey.origin + journey.deploymentPath)),
                        ("realm", ImportedText.template(journey.realm)),
                    ])
                ),
            ]
            if let client { root.append(("client", .flow([("sdk", .plain(client.sdk.rawValue))]))) }
            if journey.startsWithResume {
                root.append(
                    (
                        "start",
                        .block([
                            ("resume", .flow([("env", .plain("JOURNEY_SUSPENDED_ID")), ("secret", .plain("true"))]))
                        ])
                    ))
            } else if let zeroPage = zeroPageCredentials {
                var start: [(String, Node)] = []
                if let name = journey.name, journey.authIndexType ?? "service" == "service" {
                    start.append(("service", ImportedText.template(name)))
                }
                start.append(("zeroPage", .flow([("username", zeroPage.username), ("password", zeroPage.password)])))
                root.append(("start", .block(start)))
            } else if let type = journey.authIndexType, type != "service",
                let value = first.queryValue("authIndexValue")
            {
                root.append(
                    (
                        "start",
                        .flow([
                            ("authIndexType", ImportedText.string(type)),
                            ("authIndexValue", ImportedText.template(value)),
                        ])
                    ))
            } else if let name = journey.name {
                root.append(("journey", ImportedText.template(name)))
            }
            if !secrets.isEmpty {
                let vars = secrets.map { secret -> (String, Node) in
                    (secret.name, .flow([("env", .text(secret.env)), ("secret", .plain("true"))]))
                }
                root.append(("vars", .block(vars)))
            }
            if !handlers.isEmpty {
                let items = handlers.map { handler -> Node in
                    .block([("match", matcher(handler))] + handler.options)
                }
                root.append(("handlers", .blockList(items)))
            }
            if let oauth { root.append(("oauth", oauth.node)) }
            if let requestBlock { root.append(("request", requestBlock)) }
            var expect: [(String, Node)] = []
            if !expectedSteps.isEmpty {
                let steps = expectedSteps.map { types -> Node in .flow(types.map { Node.text($0) }) }
                expect.append(("steps", .blockList(steps)))
            }
            expect.append(("outcome", outcome()))
            root.append(("expect", .block(expect)))
            return root
        }

        /// The narrowest matcher needed: the type alone when it is answered once, else its step
        /// (and occurrence when the step has several of that type).
        func matcher(_ handler: Handler) -> Node {
            let sameType = handlers.filter { $0.type == handler.type }
            if sameType.count == 1 { return .text(handler.type) }
            var parts: [(String, Node)] = [("type", .text(handler.type))]
            if matchesByText, handler.stage == nil {
                if let prompt = Self.distinct(sameType.map(\.prompt), at: handler.prompt) {
                    return .flow(parts + [("prompt", ImportedText.pattern(prompt))])
                }
                if let stage = Self.distinct(sameType.map(\.stepStage), at: handler.stepStage) {
                    return .flow(parts + [("stage", ImportedText.pattern(stage))])
                }
            }
            parts.append(
                handler.stage.map { ("stage", ImportedText.pattern($0)) } ?? ("step", .plain(String(handler.step))))
            if sameType.filter({ $0.step == handler.step }).count > 1 {
                parts.append(("occurrence", .plain(String(handler.occurrence))))
            }
            return .flow(parts)
        }

        /// `value` when it is given and no other of `values` (the same type's handlers) has it:
        /// it tells its handler apart.
        static func distinct(_ values: [String?], at value: String?) -> String? {
            guard let value, !value.isEmpty, values.filter({ $0 == value }).count == 1 else { return nil }
            return value
        }

        func outcome() -> Node {
            if let request { return requestOutcome(request) }
            let last = journey.exchanges.last?.amResponse
            switch journey.end {
            case .success:
                guard case .success(let success)? = last else { return "success" }
                return .flow([("success", .flow([("session", .plain(success.tokenId != nil ? "true" : "false"))]))])
            case .failure:
                guard case .failure(let error)? = last else { return "failure" }
                if error.isSessionTimeout { return "timeout" }
                return .flow([
                    (
                        "failure",
                        .flow([("code", .plain(String(error.code))), ("message", ImportedText.pattern(error.message))])
                    )
                ])
            case .redirect: return "redirect"
            case .suspended, .waiting: return "suspended"
            case .unusable: return "success"
            }
        }

        /// A name from traffic (a placeholder's, `«one-time code»`) as words a variable and an
        /// environment variable can be named after: ASCII letters and digits, each other
        /// character a separator; `secret` when nothing is left or it would start with a digit.
        static func identifierWords(_ name: String) -> String {
            let words = String(name.map { $0.isASCII && ($0.isLetter || $0.isNumber) ? $0 : "-" })
            guard let first = words.first(where: { $0 != "-" }) else { return "secret" }
            let base = first.isNumber ? "secret-" + words : words
            return base.split(separator: "-").joined(separator: "-") == "env" ? "env-secret" : base
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
