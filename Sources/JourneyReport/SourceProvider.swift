/// Gives reporters the text of a script file, so diagnostics can show the offending line
/// with a caret under it. The reporter never reads files itself.
public struct SourceProvider: Sendable {
    private let lookup: @Sendable (String) -> String?

    /// Looks texts up with `lookup`, given a file path as it appears in the results.
    package init(_ lookup: @escaping @Sendable (String) -> String?) {
        self.lookup = lookup
    }

    /// Looks texts up in a dictionary keyed by file path.
    package init(_ texts: [String: String]) {
        self.lookup = { texts[$0] }
    }

    /// No sources: diagnostics are shown on one line each.
    public static let none = SourceProvider { _ in nil }

    /// The text of `file`, if known.
    package func text(of file: String) -> String? { lookup(file) }
}
