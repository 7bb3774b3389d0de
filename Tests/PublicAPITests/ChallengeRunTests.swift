import Foundation
import JourneyCore
import JourneyKit
import JourneySimulator
import Testing

/// The runner against the challenges tree, on one manual clock shared with the simulator.
@Suite struct ChallengeRunTests {
    static func withSimulator(_ body: (RunningSimulator, ManualClock) async throws -> Void) async throws {
        let definition = try SimulatorLoader.load(path: LibraryUsageTests.path("journeys/trees/challenges.yaml"))
        let clock = ManualClock(Date(timeIntervalSince1970: 1_767_225_610))
        var options = SimulatorOptions(clock: clock)
        options.logRequests = false
        let simulator = try await Simulator.start(definition, options: options)
        do {
            try await body(simulator, clock)
        } catch {
            await simulator.stop()
            throw error
        }
        await simulator.stop()
    }

    static func compile(_ text: String, file: String = "inline.yaml") throws -> CompiledJourney {
        try JourneyCompiler.compile(try ScriptLoader.load(text: text, file: file))
    }

    /// Registration (its code uses the current time step), then a login with the captured URI: AM would refuse the
    /// same step, so the runner waits for the next one; a second login waits again.
    static let loginAfterRegistration = """
        version: 1
        name: TOTP login right after registering
        uses: { script: totp-register-then-login.yaml, outputs: [otpUri] }
        start: { service: OathLogin, forceAuth: true }
        handlers:
          - match: { type: NameCallback, prompt: Enter verification code }
            value: "{{ totp(otpUri) }}"
          - match: NameCallback
            value: tina
          - match: PasswordCallback
            value: { value: T0tp-Passw0rd, secret: true }
        expect:
          steps:
            - [NameCallback, PasswordCallback]
            - [NameCallback]
        """

    @Test func aLoginRightAfterRegistrationWaitsForAFreshTimeStep() async throws {
        try await Self.withSimulator { simulator, clock in
            let journey = try Self.compile(
                Self.loginAfterRegistration, file: LibraryUsageTests.path("journeys/inline.yaml"))
            let configuration = RunConfiguration(serverURL: simulator.baseURL, environment: [:], clock: clock, seed: 3)
            let result = await JourneyDriver.run(journey, configuration: configuration)
            #expect(result.status == .passed, "\(result.failures) \(String(describing: result.error))")
            // Registration used the step of 1_767_225_610 (…600–629); the login waited for …630.
            #expect(clock.now().timeIntervalSince1970 == 1_767_225_630)
            let trace = result.steps.map { "\($0.exchange.requestBody ?? "") \($0.exchange.responseBody ?? "")" }
                .joined()
            #expect(trace.contains("secret=«otpSecret»"))
            #expect(trace.contains("«totp»"))
            // A second run of the same suite (same configuration, same ledger) waits for the step after.
            let again = await JourneyDriver.run(journey, configuration: configuration)
            #expect(again.status == .passed, "\(again.failures) \(String(describing: again.error))")
            #expect(clock.now().timeIntervalSince1970 >= 1_767_225_660)
        }
    }

    @Test(arguments: [
        "LoginWithProofOfWork", "LoginWithHashcash", "LoginWithHexPrefix", "LoginWithClearPass", "ProofOfWorkThenOath",
    ])
    func everyProofOfWorkScheme(journey: String) async throws {
        try await Self.withSimulator { simulator, clock in
            let text = """
                version: 1
                name: \(journey)
                journey: \(journey)
                handlers:
                  - match: ProofOfWorkCallback
                    solve: pow
                  - match: { type: NameCallback, prompt: Enter verification code }
                    value: "{{ totp('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP') }}"
                  - match: NameCallback
                    value: olivia
                  - match: PasswordCallback
                    value: 0livia-Passw0rd
                """
            let result = await JourneyDriver.run(
                try Self.compile(text),
                configuration: RunConfiguration(serverURL: simulator.baseURL, environment: [:], clock: clock))
            #expect(result.status == .passed, "\(result.failures) \(String(describing: result.error))")
            let note = result.steps[0].callbacks[0].notes.first { $0.key == "solve" }?.value ?? ""
            #expect(
                note.hasPrefix(
                    journey == "LoginWithClearPass"
                        ? "clearPass"
                        : journey == "LoginWithHashcash"
                            ? "hashcash" : journey == "LoginWithHexPrefix" ? "hexPrefix" : "altcha"))
        }
    }

    @Test func aSearchThatCannotFinishSaysWhy() async throws {
        try await Self.withSimulator { simulator, clock in
            let text = """
                version: 1
                name: Too little work allowed
                journey: LoginWithProofOfWork
                handlers:
                  ProofOfWorkCallback: { solve: { scheme: altcha, maxCount: 1 } }
                """
            let result = await JourneyDriver.run(
                try Self.compile(text),
                configuration: RunConfiguration(serverURL: simulator.baseURL, environment: [:], clock: clock, seed: 1))
            // The script's own limit: an expectation failure (exit 1), not a server error.
            #expect(result.status == .failed)
            #expect(result.error == nil)
            let message = result.allFailures.map(\.message).joined(separator: "\n")
            #expect(message.contains("ProofOfWorkCallback"))
            #expect(message.contains("altcha: no solution within the maximum count (1 tried)"))
        }
    }
}
