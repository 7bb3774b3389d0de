import Foundation
import JourneyKit
import JourneySimulator
import JourneyTestSupport
import Testing

/// Uses only the public API (no @testable): a test suite can load, compile and run scripts
/// against a simulator it starts itself, and read typed results.
@Suite struct LibraryUsageTests {
    static func path(_ relative: String) -> String { Repository.path(relative) }

    /// A run's settings against a test's simulator: its request timeout a guard against a hang
    /// (``TestTime``), not the script's 30 s, which a loaded machine can spend before a live
    /// simulator's reply is written (its handlers wait for the threads every test shares).
    static func configuration(_ simulator: RunningSimulator, seed: UInt64? = nil) -> RunConfiguration {
        RunConfiguration(serverURL: simulator.baseURL, seed: seed, timeoutSeconds: TestTime.request)
    }

    /// A simulator on an ephemeral loopback port, its time limits guards against a hang (``TestTime``).
    static var simulatorOptions: SimulatorOptions {
        var options = SimulatorOptions()
        options.port = 0
        options.logRequests = false
        options.headerTimeout = Int64(TestTime.request)
        options.bodyTimeout = Int64(TestTime.request)
        options.idleTimeout = Int64(TestTime.request)
        return options
    }

    /// Serves the example tree for one test.
    static func withSimulator(_ body: (RunningSimulator) async throws -> Void) async throws {
        let definition = try SimulatorLoader.load(path: path("journeys/trees/am.yaml"))
        let simulator = try await Simulator.start(definition, options: simulatorOptions)
        do {
            try await body(simulator)
        } catch {
            await simulator.stop()
            throw error
        }
        await simulator.stop()
    }

    @Test func loadCompileAndRunAScript() async throws {
        try await Self.withSimulator { simulator in
            let script = try ScriptLoader.load(path: Self.path("journeys/login.yaml"))
            let journey = try JourneyCompiler.compile(script)
            let result = await JourneyDriver.run(
                journey, configuration: Self.configuration(simulator, seed: 7))
            #expect(result.status == .passed)
            #expect(result.steps.count == 2)
            #expect(result.steps[0].callbacks.map(\.type) == ["NameCallback", "PasswordCallback"])
            guard case .success(let tokenPresent, let realm, _) = result.outcome else {
                Issue.record("expected success, got \(String(describing: result.outcome))")
                return
            }
            #expect(tokenPresent)
            #expect(realm == "/alpha")
        }
    }

    @Test func aCompiledJourneyRunsConcurrently() async throws {
        try await Self.withSimulator { simulator in
            let journey = try JourneyCompiler.compile(
                try ScriptLoader.load(path: Self.path("journeys/registration.yaml")))
            let configuration = Self.configuration(simulator)
            let statuses = await withTaskGroup(of: RunStatus.self) { group in
                for _ in 0..<8 {
                    group.addTask { await JourneyDriver.run(journey, configuration: configuration).status }
                }
                return await group.reduce(into: []) { $0.append($1) }
            }
            #expect(statuses == Array(repeating: .passed, count: 8))
        }
    }

    @Test func typedFailureOutcome() async throws {
        try await Self.withSimulator { simulator in
            let script = try ScriptLoader.load(
                text: """
                    version: 1
                    name: Wrong password
                    journey: Login
                    handlers:
                      NameCallback: demo
                      PasswordCallback: { value: nope, secret: true }
                    expect: { outcome: failure }
                    """, file: "inline.yaml")
            let result = await JourneyDriver.run(
                try JourneyCompiler.compile(script), configuration: Self.configuration(simulator))
            #expect(result.status == .passed)
            guard case .failure(let code, _, let message, _) = result.outcome else {
                Issue.record("expected a failure outcome")
                return
            }
            #expect(code == 401)
            #expect(message == "Login failure")
            let rendered = ConsoleReporter().render(result)
            #expect(!rendered.contains("nope"))
        }
    }

    @Test func invalidScriptsThrowDiagnosticsWithLocations() throws {
        #expect(throws: DiagnosticList.self) {
            try ScriptLoader.load(text: "version: 1\nname: x\njourny: Login\n", file: "bad.yaml")
        }
        do {
            _ = try ScriptLoader.load(text: "version: 1\nname: x\njourny: Login\n", file: "bad.yaml")
        } catch {
            #expect(error.diagnostics.contains { $0.location?.line == 3 && $0.message.contains("journy") })
        }
    }

    /// The launcher protocol lets a suite run whole folders against an embedded simulator.
    @Test func suiteRunnerWithACustomLauncher() async throws {
        try await Self.withSimulator { simulator in
            /// The test's simulator for am.yaml; any other tree (challenges.yaml) started on first use.
            actor Fixed: SimulatorLauncher {
                let simulator: RunningSimulator
                var others: [String: RunningSimulator] = [:]
                init(_ simulator: RunningSimulator) { self.simulator = simulator }
                func endpoints(forTreeFile path: String) async throws -> SimulatorEndpoints {
                    if path.hasSuffix("/am.yaml") { return Self.endpoints(of: simulator) }
                    if let running = others[path] { return Self.endpoints(of: running) }
                    let started = try await Simulator.start(
                        try SimulatorLoader.load(path: path), options: LibraryUsageTests.simulatorOptions)
                    others[path] = started
                    return Self.endpoints(of: started)
                }
                static func endpoints(of simulator: RunningSimulator) -> SimulatorEndpoints {
                    SimulatorEndpoints(
                        am: simulator.baseURL, mobileFirst: simulator.mobileFirstURL, rakuten: simulator.rakutenURL)
                }
                func stopAll() async {
                    for running in others.values { await running.stop() }
                }
            }
            let launcher = Fixed(simulator)
            let results = await SuiteRunner.run(
                SuiteOptions(
                    paths: [Self.path("journeys")], jobs: 4,
                    configuration: RunConfiguration(timeoutSeconds: TestTime.request), launcher: launcher))
            await launcher.stopAll()
            #expect(results.count >= 8)
            #expect(
                results.allSatisfy { $0.status == .passed }, "\(results.filter { $0.status != .passed }.map(\.name))")
            #expect(RunSummary(results: results).exitCode == 0)
        }
    }
}
