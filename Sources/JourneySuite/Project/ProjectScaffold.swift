import Foundation
import JourneyCore
import JourneyFormat

/// What `journey init` writes: a project that passes at once with no server. `journeys/` holds a
/// login script, the simulator tree it runs against and the JSON schemas its `$schema` lines
/// name; beside it `.env.example`, a `.gitignore` that keeps `.env` out and a GitHub Actions
/// workflow. With a ``Server``, the login script points at that server instead, its username
/// and password read from the environment. The files' text is `templates/project/`, embedded
/// at build time (EmbedProjectTemplatesPlugin).
package struct ProjectScaffold: Sendable {
    /// The server the login script starts its journey on, from `--server`, `--realm`, `--journey`.
    package struct Server: Sendable {
        package var url: String
        package var realm: String?
        package var journey: String

        package init(url: String, realm: String? = nil, journey: String = "Login") {
            self.url = url
            self.realm = realm
            self.journey = journey
        }
    }

    /// The JSON schemas of scripts and trees, as `journey schema` prints them.
    package struct Schemas: Sendable {
        package var journey: String
        package var simulator: String

        package init(journey: String, simulator: String) {
            self.journey = journey
            self.simulator = simulator
        }
    }

    /// One file of the project: its path inside the project and its text.
    package struct File: Sendable, Equatable {
        package var path: String
        package var text: String
    }

    package var server: Server?
    package var schemas: Schemas

    package init(server: Server? = nil, schemas: Schemas) {
        self.server = server
        self.schemas = schemas
    }

    /// The files, in the order they are listed.
    package var files: [File] {
        [
            File(path: "journeys/login.yaml", text: server.map(Self.loginScript(for:)) ?? ProjectTemplates.login),
            File(path: "journeys/trees/am.yaml", text: ProjectTemplates.tree),
            File(path: "journeys/" + SchemaReference.fileName, text: schemas.journey),
            File(path: "journeys/simulator.schema.json", text: schemas.simulator),
            File(path: ".env.example", text: ProjectTemplates.envExample),
            File(path: ".gitignore", text: ProjectTemplates.gitignore),
            File(path: ".github/workflows/journeys.yml", text: ProjectTemplates.workflow),
        ]
    }

    /// The files' paths as the user names them: under `directory` (bare when it is `.`).
    package static func displayPath(_ path: String, in directory: String) -> String {
        directory == "." || directory.isEmpty ? path : (directory as NSString).appendingPathComponent(path)
    }

    /// The files of the project that are already there (whatever they hold), as displayed.
    package func existing(in directory: String) -> [String] {
        files.map { Self.displayPath($0.path, in: directory) }.filter {
            FileManager.default.fileExists(atPath: $0)
        }
    }

    /// Writes every file under `directory` (made when missing) and returns their paths. A file
    /// that is already there stops it before anything is written (exit 2, naming each), unless
    /// `force`.
    package func write(into directory: String, force: Bool) throws(CommandFailure) -> [String] {
        let existing = existing(in: directory)
        if !existing.isEmpty && !force {
            throw CommandFailure(
                "journey init writes no file over another, and these are there: \(existing.joined(separator: ", ")); "
                    + "nothing was written (--force overwrites them)")
        }
        var written: [String] = []
        for file in files {
            let path = Self.displayPath(file.path, in: directory)
            try OutputFile.write(file.text, to: path)
            written.append(path)
        }
        return written
    }

    /// The login script of `--server`: the template's placeholders replaced by the values as
    /// YAML double-quoted scalars (JSON strings), so no value from the command line is read as
    /// YAML syntax. One placeholder a line, each line replaced once: a value that holds a
    /// placeholder's name stays as it is.
    static func loginScript(for server: Server) -> String {
        var mapping = "{ url: \(quoted(server.url))"
        if let realm = server.realm { mapping += ", realm: \(quoted(realm))" }
        mapping += " }"
        let values = [
            "__NAME__": quoted("Log in to \(server.journey)"), "__SERVER__": mapping,
            "__JOURNEY__": quoted(server.journey),
        ]
        let lines = ProjectTemplates.loginServer.split(separator: "\n", omittingEmptySubsequences: false).map {
            line in
            guard let (name, value) = values.first(where: { line.contains($0.key) }) else { return String(line) }
            return line.replacingOccurrences(of: name, with: value)
        }
        return lines.joined(separator: "\n")
    }

    static func quoted(_ value: String) -> String {
        var writer = JSONWriter(capacity: value.utf8.count + 2)
        writer.string(value)
        return writer.string
    }
}
