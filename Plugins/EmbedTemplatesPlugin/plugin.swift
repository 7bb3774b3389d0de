import Foundation
import PackagePlugin

/// Embeds every file at the top of the package's `templates/` folder (the HTML report's mustache
/// template, style and script; `templates/project/` is EmbedProjectTemplatesPlugin's) into the target it is applied to, as `EmbeddedTemplates.<name>` (the file
/// name up to its first dot), so the library renders the report without any resource file
/// beside it. Generated into the plugin's work directory at build time; nothing generated is
/// committed. Same tool as EmbedSchemasPlugin.
@main
struct EmbedTemplatesPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let templates = context.package.directoryURL.appending(path: "templates")
        let names = try FileManager.default.contentsOfDirectory(atPath: templates.path)
            .filter { name in
                var isDirectory: ObjCBool = false
                let exists = FileManager.default.fileExists(
                    atPath: templates.appending(path: name).path, isDirectory: &isDirectory)
                return !name.hasPrefix(".") && exists && !isDirectory.boolValue
            }.sorted()
        let inputs = names.map { templates.appending(path: $0) }
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedTemplates.swift")
        return [
            .buildCommand(
                displayName: "Embedding \(names.joined(separator: ", ")) into \(target.name)",
                executable: try context.tool(named: "EmbedSchemasTool").url,
                arguments: ["--enum", "EmbeddedTemplates", output.path] + inputs.map(\.path),
                inputFiles: inputs,
                outputFiles: [output])
        ]
    }
}
