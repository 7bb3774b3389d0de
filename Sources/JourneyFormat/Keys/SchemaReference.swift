import Foundation

/// The `# yaml-language-server: $schema=PATH` line of a script journey writes (`journey import -o`,
/// `journey capture`): PATH is the nearest `journey.schema.json` from the folder the script goes
/// to, found in that folder or one above it (beside the scripts, where `journey init` puts it, or
/// in a `schemas/` folder, as in journey's repository), relative to the script, so an editor
/// resolves it. No schema found: no line, rather than one that points at nothing.
package enum SchemaReference {
    package static let fileName = "journey.schema.json"
    static let prefix = "# yaml-language-server: $schema="
    /// Folders looked at above the script's before giving up.
    static let maximumDepth = 64

    /// The relative path from `directory` to the nearest schema, or nil.
    package static func path(fromScriptsIn directory: String) -> String? {
        var folder = URL(fileURLWithPath: directory.isEmpty ? "." : directory).standardizedFileURL
        var up = ""
        for _ in 0..<maximumDepth {
            for candidate in [fileName, "schemas/" + fileName]
            where FileManager.default.fileExists(atPath: folder.appendingPathComponent(candidate).path) {
                return up + candidate
            }
            let parent = folder.deletingLastPathComponent().standardizedFileURL
            if parent.path == folder.path { return nil }
            folder = parent
            up += "../"
        }
        return nil
    }

    /// `script` with the schema line first when a schema is found from `directory`.
    package static func adding(to script: String, writtenIn directory: String) -> String {
        guard let path = path(fromScriptsIn: directory) else { return script }
        return prefix + path + "\n" + script
    }
}
