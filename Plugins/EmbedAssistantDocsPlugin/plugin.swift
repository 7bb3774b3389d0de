import Foundation
import PackagePlugin

/// Embeds what `journey mcp` serves as resources into the target it is applied to, as
/// `EmbeddedAssistantDocs.files` keyed by path (`docs/format.md`, `schemas/journey.schema.json`,
/// `journeys/login.yaml`, `journeys/trees/am.yaml`): a binary has no checkout beside it. Same
/// tool as EmbedSchemasPlugin; nothing generated is committed.
@main
struct EmbedAssistantDocsPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let root = context.package.directoryURL
        var inputs = [root.appending(path: "docs/format.md")]
        for (folder, suffix) in [("schemas", ".json"), ("journeys", ".yaml"), ("journeys/trees", ".yaml")] {
            let directory = root.appending(path: folder)
            let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
                .filter { $0.hasSuffix(suffix) && !$0.hasPrefix(".") }.sorted()
            inputs += names.map { directory.appending(path: $0) }
        }
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedAssistantDocs.swift")
        return [
            .buildCommand(
                displayName: "Embedding the format, schemas and example scripts into \(target.name)",
                executable: try context.tool(named: "EmbedSchemasTool").url,
                arguments: ["--enum", "EmbeddedAssistantDocs", "--table", root.path, output.path] + inputs.map(\.path),
                inputFiles: inputs,
                outputFiles: [output])
        ]
    }
}
