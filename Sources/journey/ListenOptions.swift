import ArgumentParser

/// Where a server command listens, and whether it logs a line per request.
struct ListenOptions: ParsableArguments {
    @Option(help: "Port to listen on (0 picks a free one).")
    var port: Int = 8080

    @Option(help: "Address to bind.")
    var bind: String = "127.0.0.1"

    @Flag(help: "Do not log a line per request.")
    var quiet = false
}
