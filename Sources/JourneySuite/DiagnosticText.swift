import JourneyCore

/// Diagnostics as a command shows them: each with its source line and a caret, blank-line
/// separated, the source taken from the file each diagnostic names (a `uses:` script's error
/// quotes that script), each file read once.
package enum DiagnosticText {
    /// `known` gives texts already read, by path (the script a command loaded).
    package static func render(_ diagnostics: [Diagnostic], known: [String: String] = [:]) -> String {
        var sources = known
        return diagnostics.map { diagnostic in
            guard let file = diagnostic.location?.file else { return diagnostic.rendered(source: nil) }
            if sources[file] == nil, let text = try? SourceFile.read(file) { sources[file] = text }
            return diagnostic.rendered(source: sources[file])
        }.joined(separator: "\n\n")
    }
}
