/// What an assistant reads to learn the format: docs/format.md, the JSON Schemas and the
/// example scripts with their simulator trees, embedded at build time (EmbedAssistantDocsPlugin)
/// so a binary without a checkout serves them. Each is `journey://<path in the repository>`.
enum AssistantResources {
    static let scheme = "journey://"

    struct Entry: Sendable {
        let path: String
        let text: String

        var uri: String { AssistantResources.scheme + path }
        var mimeType: String {
            if path.hasSuffix(".json") { return "application/schema+json" }
            if path.hasSuffix(".md") { return "text/markdown" }
            return "application/yaml"
        }
        var description: String {
            if path == "docs/format.md" { return "The journey script format: every key, with examples." }
            if path.hasPrefix("schemas/") {
                return "JSON Schema of " + (path.contains("simulator") ? "simulator trees." : "journey scripts.")
            }
            if path.hasPrefix("journeys/trees/") { return "A simulator tree the examples run against." }
            return "An example journey script."
        }
    }

    static let entries: [Entry] = EmbeddedAssistantDocs.files.keys.sorted().map {
        Entry(path: $0, text: EmbeddedAssistantDocs.files[$0] ?? "")
    }

    static func entry(uri: String) -> Entry? {
        guard uri.hasPrefix(scheme) else { return nil }
        let path = String(uri.dropFirst(scheme.count))
        return EmbeddedAssistantDocs.files[path].map { Entry(path: path, text: $0) }
    }
}
