import Foundation
import JourneyCore
import JourneyKit
import JourneySimulator

/// Starts one in-process simulator per tree file on an ephemeral loopback port, and
/// reuses it for every script that names the same file.
actor EmbeddedSimulators: SimulatorLauncher {
    private var running: [String: RunningSimulator] = [:]
    /// The problems of each tree file checked, so the scripts of a suite that share a tree parse it once.
    private var checked: [String: [Diagnostic]] = [:]
    private let logRequests: Bool

    init(logRequests: Bool = false) {
        self.logRequests = logRequests
    }

    func endpoints(forTreeFile path: String) async throws -> SimulatorEndpoints {
        let key = URL(fileURLWithPath: path).standardizedFileURL.path
        if let simulator = running[key] { return Self.endpoints(of: simulator) }
        let tree: SimulatorTree
        do {
            tree = try SimulatorLoader.load(path: path)
        } catch {
            let text = try? SourceFile.read(path)
            throw SimulatorProblem(
                description: error.diagnostics.map { $0.rendered(source: text) }.joined(separator: "\n"))
        }
        var options = SimulatorOptions()
        options.logRequests = logRequests
        let simulator = try await Simulator.start(tree, options: options)
        running[key] = simulator
        return Self.endpoints(of: simulator)
    }

    private static func endpoints(of simulator: RunningSimulator) -> SimulatorEndpoints {
        SimulatorEndpoints(am: simulator.baseURL, mobileFirst: simulator.mobileFirstURL, rakuten: simulator.rakutenURL)
    }

    func diagnostics(forTreeFile path: String) -> [Diagnostic] {
        let key = URL(fileURLWithPath: path).standardizedFileURL.path
        if let known = checked[key] { return known }
        let diagnostics: [Diagnostic]
        do {
            diagnostics = SimulatorLoader.lint(text: try SourceFile.read(path), file: path)
        } catch {
            diagnostics = [error]
        }
        checked[key] = diagnostics
        return diagnostics
    }

    func stopAll() async {
        for simulator in running.values { await simulator.stop() }
        running = [:]
    }
}

struct SimulatorProblem: Error, CustomStringConvertible {
    let description: String
}
