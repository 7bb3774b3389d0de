import Foundation
import JourneyKit
import OTel
import ServiceLifecycle
import Tracing

/// Exports finished journeys as OpenTelemetry traces over OTLP/HTTP: a journey is a trace whose
/// root span covers the run, and each round trip is a child span with the HTTP semantic
/// conventions' attributes, the stage, the callback types and the outcome. Spans are made from
/// the redacted result after each journey, so they hold nothing the reports do not.
package final class JourneyTracing: Sendable {
    private let tracer: any Tracer
    private let group: ServiceGroup
    private let running: Task<Void, Never>

    /// Starts the exporter towards `endpoint` (an OTLP/HTTP base such as
    /// `http://127.0.0.1:4318`; `/v1/traces` is added). Nil endpoint: `OTEL_EXPORTER_OTLP_ENDPOINT`.
    package init(endpoint: String?) throws {
        var configuration = OTel.Configuration.default
        configuration.serviceName = "journey"
        configuration.metrics.enabled = false
        configuration.logs.enabled = false
        configuration.traces.otlpExporter.protocol = .httpProtobuf
        configuration.traces.otlpExporter.compression = .none
        configuration.traces.otlpExporter.timeout = .seconds(10)
        configuration.diagnosticLogLevel = .error
        // An endpoint set in code is the traces URL itself (as OTEL_EXPORTER_OTLP_TRACES_ENDPOINT is).
        if let endpoint {
            configuration.traces.otlpExporter.endpoint =
                endpoint.hasSuffix("/v1/traces")
                ? endpoint : (endpoint.hasSuffix("/") ? endpoint : endpoint + "/") + "v1/traces"
        }
        let backend = try OTel.makeTracingBackend(configuration: configuration)
        tracer = backend.factory
        let group = ServiceGroup(
            configuration: .init(
                services: [.init(service: backend.service)], gracefulShutdownSignals: [],
                logger: .init(label: "journey.otel")))
        self.group = group
        running = Task { try? await group.run() }
    }

    /// Records `result` as one trace.
    package func record(_ result: JourneyResult) {
        let start = Self.instant(result.startedAt)
        let root = tracer.startSpan("journey \(result.name)", context: .topLevel, ofKind: .internal, at: start)
        root.attributes["journey.script"] = result.file
        root.attributes["journey.status"] = result.status.rawValue
        if let outcome = result.outcome { root.attributes["journey.outcome"] = outcome.name }
        if let server = result.server { root.attributes["server.address"] = server }
        if result.status != .passed {
            root.setStatus(
                SpanStatus(code: .error, message: result.error?.message ?? result.allFailures.first?.message))
        }
        for step in result.steps { span(step.exchange, step: step, parent: root) }
        for exchange in result.sideExchanges { span(exchange, step: nil, parent: root) }
        root.end(at: Self.instant(result.startedAt.addingTimeInterval(result.duration)))
    }

    /// One round trip as a client span under `parent`, with its step's stage and callbacks.
    private func span(_ exchange: Exchange, step: StepTrace?, parent: any Span) {
        let span = tracer.startSpan(
            exchange.method, context: parent.context, ofKind: .client, at: Self.instant(exchange.startedAt))
        span.attributes["http.request.method"] = exchange.method
        span.attributes["url.full"] = exchange.url
        if let status = exchange.status {
            span.attributes["http.response.status_code"] = status
            if status >= 500 { span.setStatus(SpanStatus(code: .error)) }
        }
        if let step {
            span.attributes["journey.step"] = step.number
            if let stage = step.stage { span.attributes["journey.stage"] = stage }
            if let phase = step.phase { span.attributes["journey.phase"] = phase }
            let types = step.callbacks.map(\.type)
            if !types.isEmpty { span.attributes["journey.callbacks"] = types.joined(separator: ",") }
        }
        span.end(at: Self.instant(exchange.startedAt.addingTimeInterval(exchange.duration)))
    }

    /// Sends what is buffered and stops the exporter (at most `timeout` seconds).
    package func finish() async {
        await group.triggerGracefulShutdown()
        await running.value
    }

    static func instant(_ date: Date) -> DefaultTracerClock.Instant {
        DefaultTracerClock.Instant(nanosecondsSinceEpoch: UInt64(max(0, date.timeIntervalSince1970) * 1_000_000_000))
    }
}
