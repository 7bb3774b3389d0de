import Foundation
import JourneyCore

/// Reads simulator tree files (`kind: simulator`, `version: 1`).
public enum SimulatorLoader {
    /// Loads one tree file (YAML). Throws every problem at once, each with file:line:col.
    public static func load(path: String) throws(DiagnosticList) -> SimulatorTree {
        let text: String
        do {
            text = try SourceFile.read(path)
        } catch {
            throw DiagnosticList([error])
        }
        return try load(text: text, file: path)
    }

    /// Loads several tree files into one tree. Journey names must be unique across files.
    public static func load(paths: [String]) throws(DiagnosticList) -> SimulatorTree {
        var merged: SimulatorTree?
        var problems: [Diagnostic] = []
        for path in paths {
            do {
                let tree = try load(path: path)
                if var current = merged {
                    for (name, journey) in tree.journeys {
                        if current.journeys[name] != nil {
                            problems.append(
                                .error("journey '\(name)' is declared in more than one file", at: journey.location))
                        }
                        current.journeys[name] = journey
                    }
                    current.users += tree.users
                    current.resources += tree.resources
                    if let mobileFirst = tree.mobileFirst {
                        if current.mobileFirst != nil {
                            problems.append(
                                .error("mobilefirst is declared in more than one file", at: mobileFirst.location))
                        }
                        current.mobileFirst = mobileFirst
                    }
                    if let rakuten = tree.rakuten {
                        if current.rakuten != nil {
                            problems.append(.error("rakuten is declared in more than one file", at: rakuten.location))
                        }
                        current.rakuten = rakuten
                    }
                    if let oauth = tree.oauth {
                        if current.oauth != nil {
                            problems.append(.error("oauth is declared in more than one file", at: oauth.location))
                        }
                        current.oauth = oauth
                    }
                    current.files += tree.files
                    merged = current
                } else {
                    merged = tree
                }
            } catch {
                problems += error.diagnostics
            }
        }
        if problems.contains(where: { $0.severity == .error }) { throw DiagnosticList(problems) }
        return merged ?? SimulatorTree()
    }

    /// Loads tree text. Throws every problem at once (warnings are not thrown on their own).
    public static func load(text: String, file: String) throws(DiagnosticList) -> SimulatorTree {
        let (tree, diagnostics) = parse(text: text, file: file)
        guard let tree, !diagnostics.contains(where: { $0.severity == .error }) else {
            throw DiagnosticList(diagnostics)
        }
        return tree
    }

    /// Lint only: every diagnostic (errors and warnings), never throws.
    public static func lint(text: String, file: String) -> [Diagnostic] {
        parse(text: text, file: file).1
    }

    /// True when the YAML text declares `kind: simulator` at its top level (a tree, not a script).
    public static func isSimulatorFile(text: String) -> Bool {
        YAMLKind.topLevelKind(of: text) == "simulator"
    }

    static func parse(text: String, file: String) -> (SimulatorTree?, [Diagnostic]) {
        let reader = YAMLReader(file: file, text: text)
        guard let root = reader.root() else { return (nil, reader.diagnostics) }
        let parser = TreeParser(reader: reader)
        let tree = parser.parseFile(root)
        if let tree {
            TreeValidator(reader: reader, tree: tree).validate()
        }
        let sorted = reader.diagnostics.sorted { a, b in
            switch (a.location, b.location) {
            case (let x?, let y?): return x < y
            case (nil, _?): return true
            default: return false
            }
        }
        return (tree, sorted)
    }
}
