import Foundation
import JourneyCore
import JourneyTestSupport
import Synchronization
import Testing

@testable import JourneyFormat
@testable import JourneyRun

/// The fixture's JSON with some inputs changed: `(callback position, input name, value)`.
func fixture(_ json: JSONValue, setting changes: [(Int, String, JSONValue)]) -> JSONValue {
    guard case .object(var body) = json, case .array(var callbacks)? = body["callbacks"] else { return json }
    for (position, name, value) in changes {
        guard case .object(var callback) = callbacks[position], case .array(var inputs)? = callback["input"] else {
            continue
        }
        for (offset, input) in inputs.enumerated() where input["name"]?.stringValue == name {
            guard case .object(var pair) = input else { continue }
            pair["value"] = value
            inputs[offset] = .object(pair)
        }
        callback["input"] = .array(inputs)
        callbacks[position] = .object(callback)
    }
    body["callbacks"] = .array(callbacks)
    return .object(body)
}

let testFile = "test.yaml"

/// A handler built in Swift, as the loader would build it from YAML at `test.yaml:<line>:3`.
func handler(_ type: String?, line: Int = 1, answer: (inout AnswerSpec) -> Void = { _ in }) -> HandlerSpec {
    handler(type, line: line, matching: { _ in }, answer: answer)
}

/// A handler with more matcher criteria than the type.
func handler(
    _ type: String?, line: Int = 1, matching configure: (inout Matcher) -> Void, answer: (inout AnswerSpec) -> Void
) -> HandlerSpec {
    let location = SourceLocation(file: testFile, line: line, column: 3)
    var matcher = Matcher(type: type.map { Located($0, at: location) })
    configure(&matcher)
    var spec = AnswerSpec(location: location)
    answer(&spec)
    return HandlerSpec(matcher: matcher, answer: spec, location: location)
}

let here = SourceLocation(file: testFile, line: 1, column: 1)

func literal(_ json: JSONValue, secret: Bool = false) -> ValueSpec {
    ValueSpec(.literal(json), secret: secret, at: here)
}
func text(_ string: String) -> ValueSpec { ValueSpec(.template(.literal(string, at: here)), at: here) }
func env(_ name: String, secret: Bool = false) -> ValueSpec {
    ValueSpec(.env(name: name, default: nil), secret: secret, at: here)
}
func command(_ arguments: String...) -> ValueSpec {
    ValueSpec(.command(arguments: arguments, timeoutMilliseconds: nil), at: here)
}
func located<T>(_ value: T) -> Located<T> { Located(value, at: here) }

/// An environment for answering tests: literals, expression-free templates and env vars
/// resolve; commands are simulated (`echo X`, `fail`, `sleep MS X`) and honour the timeout.
final class TestEnvironment: AnswerEnvironment {
    let redactor = Redactor()
    let deviceState = DeviceState()
    let variables: [String: String]
    let clockDate: Date
    private let generator = Mutex(SeededGenerator(seed: 42))
    private let timeouts = Mutex<[Int?]>([])

    init(variables: [String: String] = [:], now: Date = Date(timeIntervalSince1970: 1_767_225_600)) {
        self.variables = variables
        self.clockDate = now
    }

    /// The `timeoutMilliseconds` passed with every resolve, in order.
    var timeoutsSeen: [Int?] { timeouts.withLock { $0 } }

    func now() -> Date { clockDate }

    func randomBytes(_ count: Int) -> [UInt8] {
        generator.withLock { generator in (0..<count).map { _ in UInt8(truncatingIfNeeded: generator.next()) } }
    }

    func resolve(_ spec: ValueSpec, timeoutMilliseconds: Int?) async throws(RunError) -> ResolvedValue {
        timeouts.withLock { $0.append(timeoutMilliseconds) }
        let json: JSONValue
        switch spec.source {
        case .literal(let value):
            json = value
        case .template(let template):
            guard let text = template.literalText else {
                throw RunError(.script, "templates are not evaluated in tests")
            }
            json = .string(text)
        case .env(let name, let fallback):
            guard let value = variables[name] ?? fallback else {
                throw RunError(.script, "environment variable \(name) is not set")
            }
            json = .string(value)
        case .command(let arguments, _):
            json = .string(try Self.simulate(arguments, timeoutMilliseconds: timeoutMilliseconds ?? 15_000))
        case .generate, .outbox:
            throw RunError(.script, "not available in tests")
        }
        let secretName: String? = spec.secret ? "secret" : nil
        if let secretName { redactor.register(json.displayText, name: secretName) }
        return ResolvedValue(json, secretName: secretName)
    }

    private static func simulate(_ arguments: [String], timeoutMilliseconds: Int) throws(RunError) -> String {
        switch arguments.first {
        case "echo":
            return arguments.dropFirst().joined(separator: " ")
        case "sleep":
            let duration = Int(arguments.dropFirst().first ?? "") ?? 0
            if duration > timeoutMilliseconds {
                throw RunError(
                    .script, "command '\(arguments.joined(separator: " "))' timed out after \(timeoutMilliseconds) ms")
            }
            return arguments.dropFirst(2).joined(separator: " ")
        default:
            throw RunError(.script, "command '\(arguments.joined(separator: " "))' failed with exit status 1")
        }
    }
}

/// Answers a fixture step with the given handlers.
func answer(
    _ step: AMStep, number: Int = 1, _ handlers: [HandlerSpec], environment: TestEnvironment = TestEnvironment()
) async throws(RunError) -> StepAnswer {
    try await StepAnswerer.answer(step, stepNumber: number, handlers: handlers, environment: environment)
}

/// All the text a trace could show, for checking that no secret leaks into it.
func rendering(_ traces: [CallbackTrace]) -> String {
    traces.map { trace in
        var lines = ["\(trace.type) \(trace.prompt ?? "") \(trace.answeredBy ?? "")"]
        lines += trace.inputs.map { "\($0.name)=\($0.value)" }
        lines += trace.notes.map { "\($0.key): \($0.value)" }
        return lines.joined(separator: "\n")
    }.joined(separator: "\n")
}

extension StepAnswer {
    /// The trace input value for `name` in callback `position`.
    func traced(_ position: Int, _ name: String) -> InputTrace? {
        callbacks[position].inputs.first { $0.name == name }
    }

    func note(_ position: Int, _ key: String) -> String? {
        callbacks[position].notes.first { $0.key == key }?.value
    }
}

/// A `/regex/flags` or exact pattern, as the loader parses it.
func pattern(_ source: String) -> TextPattern { (try? TextPattern(parsing: source)) ?? TextPattern(exact: source) }

/// A fixture answered by some handlers, for a table of cases: the answer is the fixture with only
/// `setting` changed, and the trace shows the notes and inputs given.
struct FixtureCase: Sendable, CustomTestStringConvertible {
    var testDescription: String
    var path: String
    var handlers: [HandlerSpec]
    /// The inputs the answer changes: `(callback position, input name, value)`.
    var setting: [(Int, String, JSONValue)]
    /// Notes on the trace: `(callback position, key, value)`; a nil value means no such note.
    var notes: [(Int, String, String?)] = []
    /// Input values as the trace shows them: `(callback position, input name, shown value)`.
    var traced: [(Int, String, String)] = []
    /// Whole trace inputs: `(callback position, trace)`.
    var traces: [(Int, InputTrace)] = []
    /// Every callback was answered.
    var allHandled = false

    /// Answers the fixture and checks the answer and its trace.
    func check() async throws {
        let json = try Fixtures.json(path)
        let result = try await answer(try Fixtures.step(path), handlers)
        #expect(result.step.json == fixture(json, setting: setting))
        if allHandled {
            #expect(result.unhandled.isEmpty)
        }
        for (position, key, value) in notes {
            #expect(result.note(position, key) == value)
        }
        for (position, name, value) in traced {
            #expect(result.traced(position, name)?.value == value)
        }
        for (position, trace) in traces {
            #expect(result.traced(position, trace.name) == trace)
        }
    }
}
