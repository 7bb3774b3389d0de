import Foundation
import JourneyCore
import JourneySimulator
import JourneyTestSupport
import Synchronization
import Testing

@testable import JourneyRecording
@testable import JourneyReport
@testable import JourneyRun
@testable import JourneySuite

/// Runs scripts in process, records and replays them, and keeps every output a user can see
/// (console, verbose console, JSON, JUnit, HAR, simulator log) with every secret the runs held,
/// so the redaction tests can search them.
enum SecretOutputs {
    /// A suite's results and every text it produced.
    struct Run {
        var results: [JourneyResult]
        /// Every secret value the runs' redactors held at the end.
        var secrets: [String]
        var console: String
        var verbose: String
        var json: String
        var junit: String
        var html: String
        var har: String
        var simulatorLog: String

        /// Each output by name, for messages that say where a secret was found.
        var outputs: [(name: String, text: String)] {
            [
                ("console", console), ("verbose console", verbose), ("JSON report", json), ("JUnit report", junit),
                ("HTML report", html), ("HAR", har), ("simulator log", simulatorLog),
            ]
        }
    }

    /// Registers `extraSecrets` in each run's redactor before anything is sent (as if the
    /// script held them) and keeps the redactors, so a test can read every secret a run held.
    final class SecretInjection: RunScopedTransport {
        let base: any Transport
        let extraSecrets: [String]
        private let redactors = Mutex<[Redactor]>([])

        init(base: any Transport, extraSecrets: [String]) {
            self.base = base
            self.extraSecrets = extraSecrets
        }

        var secrets: [String] { redactors.withLock { $0.flatMap(\.registeredValues) } }

        func begin(_ run: TransportRunInfo) -> TransportRunScope {
            for secret in extraSecrets { run.redactor.register(secret, name: "secret") }
            redactors.withLock { $0.append(run.redactor) }
            if let scoped = base as? any RunScopedTransport { return scoped.begin(run) }
            return TransportRunScope(transport: base)
        }

        func send(_ request: TransportRequest) async throws(TransportError) -> TransportResponse {
            try await base.send(request)
        }
    }

    /// Starts a fresh simulator per tree file (nothing carried over from another suite: used
    /// TOTP codes, registered devices), in process: runs reach them through `transport`, and
    /// any other server live. Keeps their request logs.
    actor Simulators: SimulatorLauncher {
        private var running: [String: RunningSimulator] = [:]
        private let log = Log()
        nonisolated let transport = InProcessSimulators(others: HTTPTransport(verifyTLS: true))

        final class Log: Sendable {
            let lines = Mutex<[String]>([])
        }

        nonisolated var lines: String { log.lines.withLock { $0.joined(separator: "\n") } }

        func endpoints(forTreeFile path: String) async throws -> SimulatorEndpoints {
            if let simulator = running[path] {
                return SimulatorEndpoints(
                    am: simulator.baseURL, mobileFirst: simulator.mobileFirstURL, rakuten: simulator.rakutenURL)
            }
            var options = SimulatorOptions(host: "simulator-\(running.count + 1).invalid", logRequests: true)
            options.log = { [log] line in log.lines.withLock { $0.append(line) } }
            let simulator = Simulator.inProcess(try SimulatorLoader.load(path: path), options: options)
            transport.add(simulator)
            running[path] = simulator
            return SimulatorEndpoints(
                am: simulator.baseURL, mobileFirst: simulator.mobileFirstURL, rakuten: simulator.rakutenURL)
        }

        func stopAll() async {
            for simulator in running.values { await simulator.stop() }
            running = [:]
        }
    }

    static let root = Repository.root

    /// Every example script in journeys/ (trees excluded).
    static var examples: [String] {
        let folder = root.appendingPathComponent("journeys")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".yaml") }.sorted().map { folder.appendingPathComponent($0).path }
            .filter { path in
                let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
                return ScriptFinder.kind(ofFileText: text) != "simulator"
            }
    }

    /// Runs `paths` live (simulators started in process, or `serverURL`) with `extraSecrets`.
    static func record(_ paths: [String], extraSecrets: [String] = [], serverURL: String? = nil) async -> Run {
        let simulators = Simulators()
        let injection = SecretInjection(base: simulators.transport, extraSecrets: extraSecrets)
        var configuration = RunConfiguration(serverURL: serverURL, environment: [:], transport: injection, seed: 1)
        configuration.fastPolling = true
        let results = await SuiteRunner.run(
            SuiteOptions(paths: paths, jobs: 4, configuration: configuration, launcher: simulators))
        await simulators.stopAll()
        return outputs(results, secrets: injection.secrets, simulatorLog: simulators.lines)
    }

    /// Replays `paths` from the HAR text `har`, with `extraSecrets`.
    static func replay(_ paths: [String], har: String, extraSecrets: [String] = []) async throws -> Run {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("journey-secrets-\(UUID()).har")
        try Data(har.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let source = ReplaySource(path: file.path)
        let injections = Mutex<[SecretInjection]>([])
        var options = SuiteOptions(paths: paths, jobs: 4, configuration: RunConfiguration(environment: [:]))
        options.configure = { journey, base throws(RunError) in
            var configuration = try source.configuration(for: journey, base: base)
            let injection = SecretInjection(
                base: configuration.transport ?? HTTPTransport(verifyTLS: true), extraSecrets: extraSecrets)
            injections.withLock { $0.append(injection) }
            configuration.transport = injection
            return configuration
        }
        let results = await SuiteRunner.run(options)
        return outputs(results, secrets: injections.withLock { $0.flatMap(\.secrets) }, simulatorLog: "")
    }

    static func outputs(_ results: [JourneyResult], secrets: [String], simulatorLog: String) -> Run {
        let summary = RunSummary(results: results)
        let sources = SourceProvider { try? String(contentsOfFile: $0, encoding: .utf8) }
        func console(verbose: Bool) -> String {
            let reporter = ConsoleReporter(useColor: false, verbose: verbose, sources: sources)
            return results.map(reporter.scriptFinished).joined(separator: "\n") + reporter.finish(summary)
        }
        return Run(
            results: results, secrets: Array(Set(secrets)), console: console(verbose: false),
            verbose: console(verbose: true), json: JSONReport.render(summary),
            junit: JUnitReport.render(summary, sources: sources), html: HTMLReport.render(summary),
            har: HARWriter.text(HARWriter.document(results)),
            simulatorLog: simulatorLog)
    }
}
