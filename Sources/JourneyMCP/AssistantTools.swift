import JourneyCore
import JourneyKit
import Synchronization

/// Answers tool calls by name, each within the call's time limit, its output scrubbed
/// (``OutputScrubber``). Independent of the protocol: `JourneyAssistantServer` speaks MCP for it.
struct AssistantTools: Sendable {
    let options: AssistantServerOptions
    let root: RootFolder
    let scrubber: OutputScrubber

    init(_ options: AssistantServerOptions) throws(RootFolder.Refusal) {
        self.options = options
        root = try RootFolder(options.root)
        scrubber = OutputScrubber(
            root: root, environment: options.configuration.environment, envFile: options.envFile,
            limit: options.resultCharacters)
    }

    func call(_ name: String, arguments: [String: JSONValue]) async -> ToolOutput {
        let arguments = ToolArguments(values: arguments)
        let seconds = options.callSeconds
        let output = await Self.limited(seconds: seconds) {
            do {
                return try await answer(name, arguments)
            } catch {
                return .failure(String(describing: error))
            }
        }
        return scrubber.scrub(output ?? .failure("\(name) did not finish within \(Int(seconds)) s; stopped"))
    }

    private func answer(_ name: String, _ arguments: ToolArguments) async throws -> ToolOutput {
        switch name {
        case "lint": return try await LintTool(root: root, makeLauncher: options.makeLauncher).call(arguments)
        case "run":
            return try await RunTool(
                root: root, configuration: options.configuration, makeLauncher: options.makeLauncher
            )
            .call(arguments)
        case "list_scripts": return try await ListScriptsTool(root: root).call(arguments)
        case "describe_callback": return try await DescribeCallbackTool().call(arguments)
        case "import": return try await ImportTool(root: root).call(arguments)
        default:
            return .failure(
                "no tool named \(name); the tools: " + ToolCatalog.entries.map(\.name).joined(separator: ", "))
        }
    }

    /// The work's result, or nil once `seconds` have passed: the work is then cancelled and
    /// the call answered at once, even when the work is slow to notice its cancellation.
    static func limited(seconds: Double, _ work: @escaping @Sendable () async -> ToolOutput) async -> ToolOutput? {
        let pending = Mutex<CheckedContinuation<ToolOutput?, Never>?>(nil)
        let finish: @Sendable (ToolOutput?) -> Void = { output in
            pending.withLock { continuation in
                continuation?.resume(returning: output)
                continuation = nil
            }
        }
        return await withCheckedContinuation { continuation in
            pending.withLock { $0 = continuation }
            let task = Task { finish(await work()) }
            Task {
                try? await Task.sleep(for: .seconds(seconds))
                task.cancel()
                finish(nil)
            }
        }
    }
}
