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

    /// Loads several tree files into one definition. Journey names must be unique across files.
    public static func load(paths: [String]) throws(DiagnosticList) -> SimulatorTree {
        var merged: SimulatorTree?
        var problems: [Diagnostic] = []
        for path in paths {
            do {
                let definition = try load(path: path)
                if var current = merged {
                    for (name, journey) in definition.journeys {
                        if current.journeys[name] != nil {
                            problems.append(
                                .error("journey '\(name)' is declared in more than one file", at: journey.location))
                        }
                        current.journeys[name] = journey
                    }
                    current.users += definition.users
                    current.resources += definition.resources
                    if let mobileFirst = definition.mobileFirst {
                        if current.mobileFirst != nil {
                            problems.append(
                                .error("mobilefirst is declared in more than one file", at: mobileFirst.location))
                        }
                        current.mobileFirst = mobileFirst
                    }
                    if let rakuten = definition.rakuten {
                        if current.rakuten != nil {
                            problems.append(.error("rakuten is declared in more than one file", at: rakuten.location))
                        }
                        current.rakuten = rakuten
                    }
                    if let oauth = definition.oauth {
                        if current.oauth != nil {
                            problems.append(.error("oauth is declared in more than one file", at: oauth.location))
                        }
                        current.oauth = oauth
                    }
                    current.files += definition.files
                    merged = current
                } else {
                    merged = definition
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
        let (definition, diagnostics) = parse(text: text, file: file)
        guard let definition, !diagnostics.contains(where: { $0.severity == .error }) else {
            throw DiagnosticList(diagnostics)
        }
        return definition
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
        let definition = parser.parseFile(root)
        if let definition {
            TreeValidator(reader: reader, definition: definition).validate()
        }
        let sorted = reader.diagnostics.sorted { a, b in
            switch (a.location, b.location) {
            case (let x?, let y?): return x < y
            case (nil, _?): return true
            default: return false
            }
        }
        return (definition, sorted)
    }
}
