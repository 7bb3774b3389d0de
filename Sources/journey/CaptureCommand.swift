import ArgumentParser
import Foundation
import JourneyCore
import JourneyKit
import JourneySimulator

struct CaptureCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "capture",
        abstract: "Record a live app's journeys through a reverse proxy, and write them as a redacted HAR and scripts.",
        discussion: """
            1. Capture: start the proxy, point the app (SDK sample, mobile app,
               curl) at the URL it prints instead of the server's, use the app:
                 journey capture --upstream https://tenant.example.com/am --out bug
                 # listening on http://127.0.0.1:8080/am -> https://tenant...
               Requests go to the server as they are; answers come back as they
               are, but for Location, Set-Cookie's Domain and OpenID endpoint
               URLs, which point at the proxy. Each round trip is shown.
            2. Stop with Ctrl-C (or --journeys N): it writes bug/capture.har,
               redacted (no password, OTP, token or cookie), and one script per
               journey, bug/<journey>.yaml, secrets read from the environment.
            3. Replay it anywhere, no network, no secrets (for the ticket):
                 journey run bug/Login.yaml --replay bug/capture.har
            4. Run it against the server:
                 JOURNEY_PASSWORD=... journey run bug/Login.yaml
            5. Later, check the journey still has that shape:
                 journey diff bug/Login.yaml --recording bug/capture.har
            HTTPS towards the app: --tls-cert cert.pem --tls-key key.pem. A \
            resource on another origin: --upstream bank=https://api.example.com, \
            reached at /bank/... on the proxy. docs/capture.md has the details.
            """)

    @Option(
        name: .customLong("upstream"),
        help: "The server to capture (https://tenant.example.com/am); again as NAME=URL for another origin under /NAME."
    )
    var upstreams: [String] = []

    @Option(help: "Port to listen on (0-65535; 0 picks a free one).")
    var port: Int = 8080

    @Option(help: "Address to listen on; anything but loopback exposes the proxy to the network.")
    var listen: String = "127.0.0.1"

    @Option(name: .customLong("out"), help: "Folder for capture.har and the scripts.")
    var output: String = "capture"

    @Option(help: "Stop after this many journeys have ended (1-10000).")
    var journeys: Int?

    @Option(help: "Seconds the upstream has to answer a request, else 504 (1-3600).")
    var timeout: Int = 30

    @Option(help: "PEM certificate (chain) to serve HTTPS with.")
    var tlsCert: String?

    @Option(help: "PEM private key of --tls-cert.")
    var tlsKey: String?

    @Flag(help: "Do not show each round trip.")
    var quiet = false

    func validate() throws {
        guard !upstreams.isEmpty else { throw ValidationError("--upstream URL is required") }
        guard (0...65_535).contains(port) else { throw ValidationError("--port must be between 0 and 65535") }
        guard (1...3_600).contains(timeout) else { throw ValidationError("--timeout must be between 1 and 3600") }
        if let journeys, !(1...10_000).contains(journeys) {
            throw ValidationError("--journeys must be between 1 and 10000")
        }
        guard (tlsCert == nil) == (tlsKey == nil) else {
            throw ValidationError("--tls-cert and --tls-key go together")
        }
    }

    func run() async throws {
        var routes: [CaptureRoute] = []
        for (index, text) in upstreams.enumerated() {
            switch CaptureRoute.parse(text, named: index > 0) {
            case .success(let route):
                guard !routes.contains(where: { $0.name == route.name }) else {
                    throw CommandExit.error("--upstream \(text): the name '\(route.name)' is given twice", code: 64)
                }
                routes.append(route)
            case .failure(let problem): throw CommandExit.error(problem.message, code: 64)
            }
        }
        if !["127.0.0.1", "::1", "localhost"].contains(listen) {
            StandardError.write(
                "warning: listening on \(listen): anyone who reaches this address can use the proxy, and what it captures holds their secrets until it is redacted"
            )
        }
        do throws(CaptureError) {
            try CaptureOutput.prepare(output)
        } catch {
            throw CommandExit.error(error.message)
        }
        // From here a signal stops the capture, which then writes what it has: never the
        // default action, which would end the process with nothing written.
        let stop = CaptureStop()
        defer { stop.cancel() }
        let log = CaptureLog()
        let quiet = quiet
        // The secrets seen so far, for the live view alone (the files are redacted over the whole capture).
        let liveSecrets = Redactor()
        let proxy = CaptureProxy(
            routes: routes, log: log, timeoutSeconds: Double(timeout),
            onExchange: { exchange, log in
                guard !quiet else { return }
                CaptureConsole.write(CaptureLiveView.line(exchange, journeys: log.journeys, secrets: liveSecrets))
            })
        var options = SimulatorOptions(host: listen, port: port, logRequests: false)
        if let tlsCert, let tlsKey { options.tls = HostTLS(certificatePath: tlsCert, keyPath: tlsKey) }
        let host: RunningHost
        do {
            host = try await HTTPHost.start(options: options) { request in
                let reply = await proxy.handle(
                    CaptureProxy.Request(
                        method: request.method, target: request.target,
                        headers: request.headers.map { HeaderField($0.name, $0.value) }, body: Data(request.body)))
                return HostResponse(
                    status: reply.status, headers: reply.headers.map { ($0.name, $0.value) }, body: [UInt8](reply.body))
            }
        } catch {
            throw CommandExit.error("cannot listen on \(listen):\(port): \(error)")
        }
        let scheme = tlsCert == nil ? "http" : "https"
        let hostPart = listen.contains(":") ? "[\(listen)]" : listen
        let origin = "\(scheme)://\(hostPart):\(host.port)"
        proxy.listening(at: origin)
        CaptureConsole.write("journey capture listening on \(origin)\(routes[0].path) -> \(routes[0].baseURL)")
        for route in routes.dropFirst() {
            CaptureConsole.write("  \(origin)\(route.mount) -> \(route.baseURL)")
        }
        await stop.wait(for: log, journeys: journeys)
        if !(await stop.stop(proxy, host)) {
            StandardError.write("journey capture: stopping now, writing what was captured")
        }
        log.finish()
        if log.dropped > 0 {
            StandardError.write(
                "warning: \(log.dropped) exchanges past the first \(CaptureLog.maxExchanges) were forwarded, not kept"
            )
        }
        if log.bodiesNotKept > 0 {
            StandardError.write(
                "warning: \(log.bodiesNotKept) bodies past the first \(CaptureLog.maxKeptBytes >> 20) MiB were forwarded, not kept (the HAR says so where they were)"
            )
        }
        let written: CaptureOutput.Written
        do throws(CaptureError) {
            written = try CaptureOutput.write(log, upstream: routes[0], to: output)
        } catch {
            throw CommandExit.error(error.message)
        }
        if written.fitting != CaptureFileSize.Fitting() {
            StandardError.write(
                "warning: to stay within the \(HARReader.maximumFileBytes >> 20) MiB a recording may have, \(written.fitting.bodiesCut) more bodies were not kept and \(written.fitting.entriesLeftOut) exchanges were left out"
            )
        }
        CaptureConsole.write(CaptureSummary.text(written, exchanges: log.exchanges.count))
    }
}
