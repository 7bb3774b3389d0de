import ArgumentParser
import Foundation
import JourneyKit

struct InitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Start a project: a login script that passes against the simulator, .env.example, CI.",
        discussion: """
            Writes under DIR (the current folder by default):
              journeys/login.yaml             a login script
              journeys/trees/am.yaml          the simulator tree it runs against
              journeys/*.schema.json          the schemas its $schema lines name
              .env.example                    the variables it reads (copy it to .env)
              .gitignore                      keeps .env out of Git
              .github/workflows/journeys.yml  a GitHub Actions workflow
            Then `journey run` passes with no server. With --server (and --realm, \
            --journey) the login script starts that journey on your server instead, the \
            username and password read from JOURNEY_USERNAME and JOURNEY_PASSWORD.

            No file is written over another: when one is there, nothing is written \
            (exit 2, naming each) unless --force.
            """)

    @Argument(help: "The project's folder (made when missing).")
    var directory: String = "."

    @Option(help: "The AM base URL the login script runs against (e.g. https://tenant.example.com/am).")
    var server: String?

    @Option(help: "The realm of --server (alpha, /alpha, customers/europe).")
    var realm: String?

    @Option(help: "The journey the login script starts on --server (default Login).")
    var journey: String?

    @Flag(help: "Overwrite the project's files that are already there.")
    var force = false

    func validate() throws {
        guard let server else {
            if realm != nil || journey != nil { throw ValidationError("--realm and --journey go with --server") }
            return
        }
        guard let url = URL(string: server), ["http", "https"].contains(url.scheme?.lowercased() ?? ""),
            url.host != nil
        else { throw ValidationError("--server takes an http or https URL, e.g. https://tenant.example.com/am") }
        if journey?.isEmpty == true { throw ValidationError("--journey takes a journey's name") }
    }

    func run() throws {
        let scaffold = ProjectScaffold(
            server: server.map { ProjectScaffold.Server(url: $0, realm: realm, journey: journey ?? "Login") },
            schemas: ProjectScaffold.Schemas(journey: EmbeddedSchemas.journey, simulator: EmbeddedSchemas.simulator))
        let written: [String]
        do throws(CommandFailure) {
            written = try scaffold.write(into: directory, force: force)
        } catch {
            throw CommandExit.error(error.message, code: error.exitCode)
        }
        for path in written { print("wrote \(path)") }
        let inside = directory == "." ? "" : "cd \(directory) && "
        print(
            server == nil
                ? "next: \(inside)journey run journeys/"
                : "next: \(inside)cp .env.example .env, fill it in, then: journey run journeys/ --env-file .env")
    }
}
