import ArgumentParser
import Foundation
import JourneyKit
import JourneyTelemetry

/// `--otel-endpoint`: export each journey as an OpenTelemetry trace (shared by `run` and `load`).
struct TelemetryOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "Export each journey as a trace over OTLP/HTTP to this collector (e.g. http://127.0.0.1:4318); without it, OTEL_EXPORTER_OTLP_ENDPOINT turns the export on."
        ))
    var otelEndpoint: String?

    /// The exporter, when asked for by the option or the environment.
    func tracing() throws -> JourneyTracing? {
        let environment = ProcessInfo.processInfo.environment["OTEL_EXPORTER_OTLP_ENDPOINT"]
        guard otelEndpoint != nil || !(environment ?? "").isEmpty else { return nil }
        if let otelEndpoint {
            guard let url = URL(string: otelEndpoint), ["http", "https"].contains(url.scheme ?? ""), url.host != nil
            else { throw CommandExit.error("--otel-endpoint takes an http(s) URL, got '\(otelEndpoint)'") }
        }
        do {
            return try JourneyTracing(endpoint: otelEndpoint)
        } catch {
            throw CommandExit.error("cannot start the OpenTelemetry exporter: \(error)")
        }
    }
}
