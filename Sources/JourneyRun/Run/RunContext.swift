import Foundation
import JourneyCore
import JourneyFormat
import Synchronization

/// The state of one run: variables (declared, overridden, captured), the seeded generator,
/// the clock, the redactor. It is the `AnswerEnvironment` callback answering uses.
final class RunContext: AnswerEnvironment, GeneratorSource {
    let redactor: Redactor
    let deviceState: DeviceState
    let clock: any JourneyClock
    let environment: [String: String]
    /// Reads the simulator's outbox: recipient → newest message JSON.
    let outboxReader: @Sendable (String) async throws(RunError) -> JSONValue?
    /// A replay: commands do not run, unset secret env vars resolve to their placeholder.
    let offline: Bool
    /// `--allow-commands`: `command:` sources may run their programs.
    let allowCommands: Bool
    /// TOTP steps and HOTP counters already used, shared by the runs of a suite.
    let otpLedger: OTPLedger
    private let state: Mutex<State>

    private struct State {
        var variables: [String: ResolvedValue] = [:]
        var generator: SeededGenerator
        var serverOrigin: String?
    }

    init(
        seed: UInt64, clock: any JourneyClock, environment: [String: String], redactor: Redactor,
        outboxReader: @escaping @Sendable (String) async throws(RunError) -> JSONValue?, offline: Bool = false,
        allowCommands: Bool = false, otpLedger: OTPLedger = OTPLedger(), passkeys: PasskeyStore = PasskeyStore()
    ) {
        self.deviceState = DeviceState(passkeys: passkeys)
        self.offline = offline
        self.allowCommands = allowCommands
        self.otpLedger = otpLedger
        self.clock = clock
        self.environment = environment
        self.redactor = redactor
        self.outboxReader = outboxReader
        self.state = Mutex(State(generator: SeededGenerator(seed: seed)))
    }

    var variables: [String: ResolvedValue] { state.withLock { $0.variables } }

    var serverOrigin: String? {
        get { state.withLock { $0.serverOrigin } }
        set { state.withLock { $0.serverOrigin = newValue } }
    }

    func setVariable(_ name: String, _ value: ResolvedValue) {
        if let secret = value.secretName {
            registerSecret(value.json, name: secret)
        }
        state.withLock { $0.variables[name] = value }
    }

    func registerSecret(_ json: JSONValue, name: String) {
        switch json {
        case .string(let text): redactor.register(text, name: name, recurring: true)
        case .int, .double, .bool: redactor.register(json.displayText, name: name, recurring: true)
        case .array(let items): for item in items { registerSecret(item, name: name) }
        case .object(let object): for item in object.values { registerSecret(item, name: name) }
        default: break
        }
    }

    var replaysRecording: Bool { offline }

    // MARK: AnswerEnvironment

    func now() -> Date { clock.now() }

    func randomBytes(_ count: Int) -> [UInt8] {
        state.withLock { state in
            (0..<count).map { _ in UInt8(truncatingIfNeeded: state.generator.next()) }
        }
    }

    func resolve(_ spec: ValueSpec, timeoutMilliseconds: Int?) async throws(RunError) -> ResolvedValue {
        var value = try await resolveUnmarked(spec, timeoutMilliseconds: timeoutMilliseconds)
        if spec.secret && value.secretName == nil {
            // Name an inline secret after where it comes from, so «RECAPTCHA_TEST_TOKEN» says which.
            if case .env(let name, _) = spec.source {
                value.secretName = name
            } else {
                value.secretName = "secret"
            }
        }
        if let name = value.secretName {
            registerSecret(value.json, name: name)
        }
        return value
    }

    private func resolveUnmarked(_ spec: ValueSpec, timeoutMilliseconds: Int?) async throws(RunError) -> ResolvedValue {
        switch spec.source {
        case .literal(let json):
            return ResolvedValue(json)
        case .template(let template):
            try await waitForFreshOTPSteps(template)
            return try evaluator.evaluate(template)
        case .env(let name, let fallback):
            if let value = environment[name] ?? fallback { return ResolvedValue(.string(value)) }
            if offline && spec.secret { return ResolvedValue(.string(Redactor.placeholder(name))) }
            throw RunError(.script, "\(spec.location): environment variable \(name) is not set and has no default")
        case .generate(let generator):
            if generator == .timestamp { return ResolvedValue(.int(Int(now().timeIntervalSince1970))) }
            return ResolvedValue(.string(generate(generator)))
        case .command where offline:
            // A replay runs no provider command: the value is a placeholder, which matches the recorded one.
            return ResolvedValue(.string(Redactor.placeholder(spec.secret ? "secret" : "command")))
        case .command(let arguments, _) where !allowCommands:
            throw RunError(.script, "\(spec.location): \(CommandPermission.refusal(program: arguments.first ?? ""))")
        case .command(let arguments, let ownTimeout):
            let limit = timeoutMilliseconds ?? ownTimeout ?? 15_000
            let output = try await ProviderCommand.run(arguments, timeoutMilliseconds: limit)
            return ResolvedValue(.string(output))
        case .outbox(let recipientTemplate, let field):
            let recipient = try evaluator.evaluate(recipientTemplate).text
            guard let message = try await outboxReader(recipient) else {
                throw RunError(.script, "\(spec.location): the outbox of \(recipient) is empty")
            }
            guard let value = message[field], !value.isNull else {
                throw RunError(.script, "\(spec.location): the newest message to \(recipient) has no '\(field)'")
            }
            return ResolvedValue(value)
        }
    }

    /// Evaluates `{{ }}` in every string of a script-given structure (payloads, profiles).
    func expandTemplates(in value: JSONValue) async throws(RunError) -> JSONValue {
        switch value {
        case .string(let text) where text.contains("{{"):
            let template: Template
            do {
                template = try TemplateParser.parse(text, at: SourceLocation(file: "(payload)", line: 1, column: 1))
            } catch {
                throw RunError(.script, "invalid expression in '\(text)': \(error.message)")
            }
            return try evaluator.evaluate(template).json
        case .array(let items):
            var expanded: [JSONValue] = []
            for item in items { expanded.append(try await expandTemplates(in: item)) }
            return .array(expanded)
        case .object(let object):
            var expanded: [String: JSONValue] = [:]
            for (key, item) in object { expanded[key] = try await expandTemplates(in: item) }
            return .object(expanded)
        default:
            return value
        }
    }

    var evaluator: ExpressionEvaluator {
        ExpressionEvaluator(scope: ExpressionScope(variables: variables, environment: environment), context: self)
    }

    // MARK: GeneratorSource

    func generate(_ generator: Generator) -> String {
        state.withLock { state in
            switch generator {
            case .uuid:
                return state.generator.uuid().uuidString.lowercased()
            case .email:
                return "user-\(state.generator.string(count: 10))@example.com"
            case .timestamp:
                return String(Int(clock.now().timeIntervalSince1970))
            case .digits:
                return state.generator.string(count: 6, alphabet: "0123456789")
            }
        }
    }

    func digits(_ count: Int) -> String {
        state.withLock { $0.generator.string(count: count, alphabet: "0123456789") }
    }
}
