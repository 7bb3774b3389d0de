import Foundation
import PackagePlugin

/// Embeds every file of the package's `templates/project/` folder (what `journey init` writes:
/// the login script, its simulator tree, `.env.example`, `.gitignore`, the CI workflow) into the
/// target it is applied to, as `ProjectTemplates.<name>` (the file name up to its first dot), so
/// the binary makes a project without any file beside it. Same tool as EmbedSchemasPlugin.
@main
struct EmbedProjectTemplatesPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let templates = context.package.directoryURL.appending(path: "templates/project")
        let names = try FileManager.default.contentsOfDirectory(atPath: templates.path)
            .filter { !$0.hasPrefix(".") }.sorted()
        let inputs = names.map { templates.appending(path: $0) }
        let output = context.pluginWorkDirectoryURL.appending(path: "ProjectTemplates.swift")
        return [
            .buildCommand(
                displayName: "Embedding \(names.joined(separator: ", ")) into \(target.name)",
                executable: try context.tool(named: "EmbedSchemasTool").url,
                arguments: ["--enum", "ProjectTemplates", output.path] + inputs.map(\.path),
                inputFiles: inputs,
                outputFiles: [output])
        ]
    }
}
