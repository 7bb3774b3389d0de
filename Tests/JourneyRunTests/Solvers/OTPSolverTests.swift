import Foundation
import JourneyCore
import JourneyTestSupport
import Synchronization
import Testing

@testable import JourneyFormat
@testable import JourneyRun

/// A tiny AM with an OATH device: step 1 shows the registration URI (TOTP) and a NameCallback
/// "Enter verification code"; the code must be the current step's (±1), and AM's replay rule
/// holds: a step at or below the last accepted one is refused. Runs reach it through `transport`.
final class OATHStub: Sendable {
    let clock: ManualClock
    let parameters: OTPParameters
    private let lastStep = Mutex<UInt64?>(nil)
    private let accepted = Mutex<[String]>([])

    init(clock: ManualClock, uri: String) throws {
        self.clock = clock
        self.parameters = try OTPParameters.parse(uri)
    }

    var acceptedCodes: [String] { accepted.withLock { $0 } }

    /// The scripted transport that answers as this AM.
    var transport: ScriptedTransport { ScriptedTransport { request, _ in self.answer(request) } }

    func answer(_ request: TransportRequest) -> TransportResponse {
        let body = (try? JSONValue.parse(request.body ?? Data())) ?? .null
        guard body["authId"] != nil else {
            let uri = parameters.uri
            return Self.json(
                #"{"authId":"a1","callbacks":[{"type":"HiddenValueCallback","output":[{"name":"value","value":"\#(uri)"},{"name":"id","value":"mfaDeviceRegistration"}],"input":[{"name":"IDToken1","value":"mfaDeviceRegistration"}]},{"type":"NameCallback","output":[{"name":"prompt","value":"Enter verification code"}],"input":[{"name":"IDToken2","value":""}]}]}"#
            )
        }
        let code = body["callbacks"]?.arrayValue?[1]["input"]?.arrayValue?.first?["value"]?.stringValue ?? ""
        let now = parameters.step(at: clock.now())
        let match = (now - 1...now + 1).first { parameters.code(at: clock.now(), counter: $0) == code }
        let fresh = lastStep.withLock { last -> Bool in
            guard let match, match > (last ?? 0) || last == nil else { return false }
            last = match
            return true
        }
        if fresh {
            accepted.withLock { $0.append(code) }
            return Self.json(#"{"tokenId":"T","successUrl":"/am/console","realm":"/"}"#)
        }
        return Self.json(#"{"code":401,"reason":"Unauthorized","message":"Login failure"}"#, status: 401)
    }

    static func json(_ text: String, status: Int = 200) -> TransportResponse {
        ScriptedTransport.json(text, status: status)
    }
}

@Suite struct OTPSolverTests {
    static let secret = "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ"
    static let uri = "otpauth://totp/ForgeRock:demo?secret=\(secret)&issuer=ForgeRock&period=30&digits=6"

    static func script(_ answer: String, capture: Bool = true) throws -> CompiledJourney {
        let text = """
            version: 1
            name: OATH
            server: { url: "https://am.example.com/am" }
            journey: Login
            \(capture ? "capture: { otpUri: { from: registrationUri } }" : "")
            handlers:
              NameCallback: "\(answer)"
            """
        return try JourneyCompiler.compile(try ScriptLoader.load(text: text, file: "otp.yaml"))
    }

    static func configuration(_ stub: OATHStub) -> RunConfiguration {
        RunConfiguration(environment: [:], transport: stub.transport, clock: stub.clock, seed: 1)
    }

    @Test func aCodeFromTheCapturedRegistrationURIIsAcceptedAndRedacted() async throws {
        let clock = ManualClock(Date(timeIntervalSince1970: 59))
        let stub = try OATHStub(clock: clock, uri: Self.uri)
        let result = await JourneyDriver.run(
            try Self.script("{{ totp(otpUri) }}"), configuration: Self.configuration(stub))
        #expect(result.status == .passed, "\(result.failures) \(String(describing: result.error))")
        #expect(stub.acceptedCodes == ["287082"])
        let trace = result.steps.map { "\($0.exchange.requestBody ?? "") \($0.exchange.responseBody ?? "")" }.joined()
        #expect(!trace.contains("287082"))
        #expect(trace.contains("«totp»"))
        #expect(!trace.contains(Self.secret), "the device's seed reached the trace")
        #expect(trace.contains("«otpSecret»"))
        #expect(result.steps[0].callbacks[1].inputs.first?.value == "«totp»")
    }

    @Test func theSecondRunOfASuiteWaitsForTheNextTimeStep() async throws {
        let clock = ManualClock(Date(timeIntervalSince1970: 1_767_225_610))
        let stub = try OATHStub(clock: clock, uri: Self.uri)
        let journey = try Self.script("{{ totp('\(Self.secret)') }}", capture: false)
        let configuration = Self.configuration(stub)  // one ledger, shared by both runs
        let first = await JourneyDriver.run(journey, configuration: configuration)
        let second = await JourneyDriver.run(journey, configuration: configuration)
        #expect(first.status == .passed)
        #expect(second.status == .passed, "\(second.failures)")
        // 1_767_225_610 is 10 s into its step: the second code waited 20 s for the next one.
        #expect(clock.now().timeIntervalSince1970 == 1_767_225_630)
        #expect(stub.acceptedCodes.count == 2 && stub.acceptedCodes[0] != stub.acceptedCodes[1])
        // Without a shared ledger, AM's replay rule refuses the same step.
        let third = await JourneyDriver.run(journey, configuration: Self.configuration(stub))
        #expect(third.status == .failed)
    }

    @Test func hotpCountersExplicitAndNext() async throws {
        let stub = try OATHStub(clock: ManualClock(), uri: Self.uri)
        let environment = RunContext(
            seed: 1, clock: stub.clock, environment: [:], redactor: Redactor(),
            outboxReader: { _ throws(RunError) in nil })
        environment.setVariable("hotpUri", ResolvedValue(.string("otpauth://hotp/x:y?secret=\(Self.secret)&counter=2")))
        func evaluate(_ text: String) async throws -> String {
            let template = try TemplateParser.parse(text, at: here)
            return try await environment.resolve(ValueSpec(.template(template), at: here), timeoutMilliseconds: nil)
                .text
        }
        #expect(try await evaluate("{{ hotp(hotpUri) }}") == "359152")
        #expect(try await evaluate("{{ hotp(hotpUri) }}") == "969429")
        // An explicit counter is used as given; the URI's next one continues after the highest used.
        #expect(try await evaluate("{{ hotp(\"\(Self.secret)\", 9) }}") == "520489")
        #expect(try await evaluate("{{ hotp(hotpUri) }}") == "403154")
        #expect(try await evaluate("{{ totp(hotpUri) }}") == "481090")  // an hotp URI stays HOTP
        #expect(environment.redactor.redact("code 969429") == "code «hotp»")
        await #expect(throws: RunError.self) { try await evaluate("{{ totp(\"not-base32!\") }}") }
        await #expect(throws: RunError.self) { try await evaluate("{{ hotp(\"\(Self.secret)\", -1) }}") }
    }

    @Test func arithmeticAnswersACaptchaPrompt() async throws {
        let environment = RunContext(
            seed: 1, clock: ManualClock(), environment: [:], redactor: Redactor(),
            outboxReader: { _ throws(RunError) in nil })
        let template = try TemplateParser.parse("{{ arithmetic(\"What is 3 + 5?\") }}", at: here)
        #expect(
            try await environment.resolve(ValueSpec(.template(template), at: here), timeoutMilliseconds: nil).json
                == .string("8"))
    }

    @Test func lintChecksTheFunctionsArity() throws {
        #expect(throws: DiagnosticList.self) { try Self.script("{{ totp() }}") }
        #expect(throws: DiagnosticList.self) { try Self.script("{{ hotp(otpUri, 1, 2) }}") }
        #expect(throws: DiagnosticList.self) { try Self.script("{{ totpp(otpUri) }}") }
    }
}
