import JourneyCore
import JourneyKit

/// `list_scripts { path }`: the scripts and guides' scripts under a path, with what an
/// assistant picks one by: name, journey, tags, protocol and server (or simulator tree).
struct ListScriptsTool: Sendable {
    let root: RootFolder

    func call(_ arguments: ToolArguments) async throws -> ToolOutput {
        let files = try ScriptFiles(root: root).find(try arguments.requiredString("path"))
        var scripts: [JSONValue] = []
        var lines: [String] = []
        for file in files.found {
            let prepared: [PreparedScript?]
            if Guide.isMarkdown(file) {
                let guide = Guide.read(file)
                prepared = guide.blocks.map { ScriptPreparation.prepare(block: $0, in: guide) }
            } else {
                guard let text = try? SourceFile.read(file),
                    ScriptFinder.kind(ofFileText: text) != ScriptFinder.treeKind
                else { continue }
                prepared = [ScriptPreparation.prepare(text: text, file: file)]
            }
            for case let script? in prepared {
                let entry = Self.entry(script, file: file)
                scripts.append(entry)
                lines.append(Self.line(entry))
            }
        }
        let text = (lines.isEmpty ? "no scripts" : lines.joined(separator: "\n")) + files.skippedNote
        return ToolOutput(
            structured: ["scripts": .array(scripts), "skipped": .array(files.skipped.map { .string($0) })],
            text: text)
    }

    static func entry(_ prepared: PreparedScript, file: String) -> JSONValue {
        let errors = prepared.diagnostics.filter { $0.severity == .error }.count
        guard let script = prepared.script else {
            return ["file": .string(file), "name": .null, "valid": false, "errors": .int(errors)]
        }
        let start = script.pingAM?.start
        return [
            "file": .string(prepared.file),
            "name": .string(script.name),
            "description": script.description.map { .string($0) } ?? .null,
            "protocol": .string(script.protocolKind.rawValue),
            "journey": start?.authIndexValue.map { .string($0.description) } ?? .null,
            "tags": .array(script.tags.map { .string($0) }),
            "server": script.server.url.map { .string($0.description) } ?? .null,
            "realm": script.server.realm.map { .string($0.description) } ?? .null,
            "simulate": script.server.simulate.map { .string($0.value) } ?? .null,
            "uses": script.uses.map { _ in true } ?? false,
            "valid": .bool(errors == 0),
            "errors": .int(errors),
        ]
    }

    static func line(_ entry: JSONValue) -> String {
        let name = entry["name"]?.stringValue ?? "(invalid)"
        var parts = ["\(entry["file"]?.stringValue ?? ""): \(name)"]
        if let journey = entry["journey"]?.stringValue { parts.append("journey \(journey)") }
        if case .array(let tags)? = entry["tags"], !tags.isEmpty {
            parts.append("tags " + tags.compactMap(\.stringValue).joined(separator: ","))
        }
        if let tree = entry["simulate"]?.stringValue {
            parts.append("simulate \(tree)")
        } else if let server = entry["server"]?.stringValue {
            parts.append("server \(server)")
        }
        if entry["valid"] == false { parts.append("INVALID") }
        return parts.joined(separator: "  ")
    }
}
