import ArgumentParser
import Foundation
import JourneyCore
import JourneyKit
import JourneySimulator

struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve a HAR recording as a stateful mock AM, for an app or SDK (loopback by default).",
        discussion: """
            Each start request begins a session on the recorded journey of that name; each \
            continue (by authId) gets the next recorded response. Point the app at \
            http://127.0.0.1:<port><deployment path>, e.g. http://127.0.0.1:8080/am.
            """)

    @Argument(help: "The HAR file.")
    var recording: String

    @OptionGroup var listen: ListenOptions

    func run() async throws {
        let loaded: Recording
        do {
            loaded = try Recording.load(path: recording)
        } catch {
            throw CommandExit.error(error.message)
        }
        guard !loaded.journeys.isEmpty else {
            throw CommandExit.error("\(recording) holds no authenticate traffic: nothing to serve")
        }
        let quiet = listen.quiet
        let log: @Sendable (String) -> Void = { line in
            if !quiet { StandardError.write(line) }
        }
        let server = RecordedServer(recording: loaded, log: log)
        let options = listen.serverOptions
        let path = loaded.journeys[0].deploymentPath
        let bind = listen.bind
        try await HTTPHost.run(
            options: options,
            handler: { request in
                let reply = server.handle(
                    method: request.method, target: request.target,
                    headers: request.headers.map { HeaderField($0.name, $0.value) }, body: Data(request.body))
                return HostResponse(
                    status: reply.status, headers: reply.headers.map { ($0.name, $0.value) }, body: [UInt8](reply.body))
            },
            onListening: { port in
                StandardError.write(
                    "journey serve listening on http://\(bind):\(port)\(path) (journeys: \(VisibleText.escaped(server.journeyNames.joined(separator: ", "))))"
                )
            })
    }
}
