import Foundation
import PackagePlugin

/// Embeds every `schemas/*.json` of the package into the target it is applied to, as
/// `EmbeddedSchemas.<name>` (the file name up to its first dot), so the built binary prints the
/// schemas without any resource file beside it. The Swift source is generated into the plugin's
/// work directory at build time; nothing generated is committed.
@main
struct EmbedSchemasPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let schemas = context.package.directoryURL.appending(path: "schemas")
        let names = try FileManager.default.contentsOfDirectory(atPath: schemas.path)
            .filter { $0.hasSuffix(".json") }.sorted()
        let inputs = names.map { schemas.appending(path: $0) }
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedSchemas.swift")
        return [
            .buildCommand(
                displayName: "Embedding \(names.joined(separator: ", ")) into \(target.name)",
                executable: try context.tool(named: "EmbedSchemasTool").url,
                arguments: [output.path] + inputs.map(\.path),
                inputFiles: inputs,
                outputFiles: [output])
        ]
    }
}
