import JourneyCore
import JourneyKit
import MCP

/// `journey mcp`: a Model Context Protocol server on stdio (the MCP Swift SDK's transport)
/// offering the tools of ``ToolCatalog`` and the resources of ``AssistantResources``.
/// Calls are answered concurrently, each in a task of its own.
package enum JourneyAssistantServer {
    /// Serves MCP on the file descriptors `input` and `output` until the client closes `input`.
    package static func serve(_ options: AssistantServerOptions, input: Int32, output: Int32) async throws {
        let tools = try AssistantTools(options)
        let server = Server(
            name: "journey", version: JourneyVersion.number, title: "journey: PingAM journey scripts",
            instructions: instructions,
            capabilities: .init(
                resources: .init(subscribe: false, listChanged: false), tools: .init(listChanged: false)))
        await register(tools, on: server)
        let transport = StdioTransport(input: .init(rawValue: input), output: .init(rawValue: output))
        try await server.start(transport: transport)
        await server.waitUntilCompleted()
        await server.stop()
    }

    static let instructions = """
        Tools for journey scripts (YAML, docs at journey://docs/format.md): list_scripts to find them, \
        describe_callback to learn how a callback is answered, lint after each edit, run to try a script \
        against its simulator tree, a server or a recording. Paths are relative to the server's root folder.
        """

    private static func register(_ tools: AssistantTools, on server: Server) async {
        await server.withMethodHandler(ListTools.self) { _ in
            ListTools.Result(
                tools: ToolCatalog.entries.map { entry in
                    Tool(
                        name: entry.name, description: entry.description, inputSchema: value(entry.inputSchema),
                        annotations: .init(readOnlyHint: entry.readOnly, openWorldHint: !entry.readOnly))
                })
        }
        await server.withMethodHandler(CallTool.self) { params in
            let arguments = (params.arguments ?? [:]).mapValues(json)
            let output = await tools.call(params.name, arguments: arguments)
            return CallTool.Result(
                content: [.text(text: output.text, annotations: nil, _meta: nil)],
                structuredContent: Optional<Value>.some(value(output.structured)), isError: output.isError)
        }
        await server.withMethodHandler(ListResources.self) { _ in
            ListResources.Result(
                resources: AssistantResources.entries.map {
                    Resource(
                        name: $0.path, uri: $0.uri, description: $0.description, mimeType: $0.mimeType,
                        size: $0.text.utf8.count)
                })
        }
        await server.withMethodHandler(ReadResource.self) { params in
            guard let entry = AssistantResources.entry(uri: params.uri) else {
                throw MCPError.invalidParams("no resource \(params.uri); list them with resources/list")
            }
            return ReadResource.Result(contents: [.text(entry.text, uri: entry.uri, mimeType: entry.mimeType)])
        }
    }

    static func value(_ json: JSONValue) -> Value {
        switch json {
        case .null: return .null
        case .bool(let flag): return .bool(flag)
        case .int(let number): return .int(number)
        case .double(let number): return .double(number)
        case .string(let text): return .string(text)
        case .array(let items): return .array(items.map(value))
        case .object(let members): return .object(members.mapValues(value))
        }
    }

    static func json(_ value: Value) -> JSONValue {
        switch value {
        case .null: return .null
        case .bool(let flag): return .bool(flag)
        case .int(let number): return .int(number)
        case .double(let number): return .double(number)
        case .string(let text): return .string(text)
        case .data(let mimeType, let data):
            return .string("data:\(mimeType ?? "application/octet-stream");base64,\(data.base64EncodedString())")
        case .array(let items): return .array(items.map(json))
        case .object(let members): return .object(members.mapValues(json))
        }
    }
}
