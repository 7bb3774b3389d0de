import Foundation
import JourneyCore
import JourneyRun
import Synchronization

/// `journey capture`'s reverse proxy: forwards each request to its upstream, keeps the round
/// trip in a `CaptureLog` (in memory only), and answers the app with the upstream's answer,
/// rewritten only where it must point at the proxy (`CaptureRewrite`). An upstream that does
/// not answer gets the app a 502 (504 on a timeout) with a body that says why.
package final class CaptureProxy: Sendable {
    /// A request as the proxy received it.
    package struct Request: Sendable {
        package var method: String
        /// Path and query.
        package var target: String
        package var headers: [HeaderField]
        package var body: Data

        package init(method: String, target: String, headers: [HeaderField], body: Data) {
            self.method = method
            self.target = target
            self.headers = headers
            self.body = body
        }
    }

    /// What the app gets.
    package struct Reply: Sendable {
        package var status: Int
        package var headers: [HeaderField]
        package var body: Data
    }

    /// Headers that belong to one connection, never forwarded (RFC 9110 §7.6.1), with the ones
    /// the forwarding sets itself (`host`, `content-length`) and `accept-encoding`, so the
    /// upstream answers bodies the proxy can read and rewrite.
    static let connectionHeaders = [
        "connection", "keep-alive", "proxy-connection", "proxy-authenticate", "proxy-authorization", "te", "trailer",
        "transfer-encoding", "upgrade", "host", "content-length", "accept-encoding",
    ]

    /// Response headers that describe the upstream's bytes on the wire, not the body the app gets.
    static let wireHeaders = ["content-encoding", "content-length", "transfer-encoding"]

    package let routes: [CaptureRoute]
    package let log: CaptureLog
    /// How the app reaches the proxy (`http://127.0.0.1:8080`), known once it listens.
    private let proxyOrigin: Mutex<String>
    let transport: any Transport
    let timeoutSeconds: Double
    let onExchange: @Sendable (CapturedExchange, CaptureLog) -> Void
    private let stopping = CaptureStopping()

    /// `routes[0]` is the main upstream; `proxyOrigin` is how the app reaches the proxy
    /// (`http://127.0.0.1:8080`, set again by `listening(at:)` once the port is bound).
    /// `onExchange` sees each round trip once it is kept (the live view).
    package init(
        routes: [CaptureRoute], proxyOrigin: String = "", log: CaptureLog, transport: any Transport = HTTPTransport(),
        timeoutSeconds: Double = 30,
        onExchange: @escaping @Sendable (CapturedExchange, CaptureLog) -> Void = { _, _ in }
    ) {
        self.routes = routes
        self.log = log
        self.proxyOrigin = Mutex(proxyOrigin)
        self.transport = transport
        self.timeoutSeconds = timeoutSeconds
        self.onExchange = onExchange
    }

    /// The proxy listens at `origin` (`http://127.0.0.1:43121`): rewritten URLs point there.
    package func listening(at origin: String) {
        proxyOrigin.withLock { $0 = origin }
    }

    /// Stops the proxy: every exchange still waiting for its upstream is answered 502 at once
    /// (its request to the upstream cancelled), and any request that comes later is answered
    /// 502 without being forwarded. Both are kept, as any round trip the upstream did not answer.
    package func stop() {
        stopping.stop()
    }

    package func handle(_ request: Request) async -> Reply {
        var exchange = forwarded(request)
        let clock = ContinuousClock.now
        let outcome = await send(
            TransportRequest(
                method: exchange.method, url: exchange.url, headers: exchange.requestHeaders,
                body: request.body.isEmpty && ["GET", "HEAD", "DELETE", "OPTIONS"].contains(request.method)
                    ? nil : request.body, timeoutSeconds: timeoutSeconds))
        let elapsed = ContinuousClock.now - clock
        exchange.duration = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        return answer(outcome, to: &exchange)
    }

    /// The upstream's answer, or `.stopped` as soon as the proxy stops: the request is then
    /// cancelled and never waited for (a transport that ignored the cancellation would hold the stop).
    private func send(_ request: TransportRequest) async -> Result<TransportResponse, TransportError> {
        let (outcomes, outcome) = AsyncStream<Result<TransportResponse, TransportError>>.makeStream(
            bufferingPolicy: .bufferingOldest(1))
        let transport = transport
        let sending = Task {
            do throws(TransportError) {
                outcome.yield(.success(try await transport.send(request)))
            } catch {
                outcome.yield(.failure(error))
            }
        }
        guard let registration = stopping.onStop({ outcome.yield(.failure(Self.stopped)) }) else {
            sending.cancel()
            return .failure(Self.stopped)
        }
        var first: Result<TransportResponse, TransportError>?
        for await answered in outcomes {
            first = answered
            break
        }
        stopping.forget(registration)
        // Nothing came: this request's own task was cancelled (the server is going away).
        let result = first ?? .failure(Self.stopped)
        if case .failure(Self.stopped) = result { sending.cancel() }
        return result
    }

    /// What an exchange cut short by the stop gets from its upstream.
    static let stopped = TransportError.connectionClosed("journey capture stopped before the upstream answered")

    /// The exchange as it goes to its upstream: the route's URL, the headers that may be forwarded.
    package func forwarded(_ request: Request) -> CapturedExchange {
        let route = routes.dropFirst().first { $0.takes(request.target) } ?? routes[0]
        return CapturedExchange(
            startedAt: Date(), duration: 0, method: request.method, url: route.upstreamURL(for: request.target),
            requestHeaders: Self.forwardable(request.headers), requestBody: request.body, status: 0,
            responseHeaders: [], responseBody: Data(), proxyError: false)
    }

    /// Keeps the round trip and makes the app's answer: the upstream's, rewritten, or a 502/504.
    package func answer(_ outcome: Result<TransportResponse, TransportError>, to exchange: inout CapturedExchange)
        -> Reply
    {
        let reply: Reply
        switch outcome {
        case .success(let response):
            let rewrite = CaptureRewrite(routes: routes, proxyOrigin: proxyOrigin.withLock { $0 })
            let responseHeaders = Self.forwardable(response.headers).removing(Self.wireHeaders)
            exchange.status = response.status
            exchange.responseHeaders = responseHeaders
            exchange.responseBody = response.body
            reply = Reply(
                status: response.status, headers: rewrite.headers(responseHeaders),
                body: rewrite.body(response.body) ?? response.body)
        case .failure(let error):
            let status = error.isTimeout ? 504 : 502
            let body = Self.errorBody(status: status, url: exchange.url, error: error)
            exchange.status = status
            exchange.proxyError = true
            exchange.responseHeaders = [HeaderField("Content-Type", "application/json")]
            exchange.responseBody = body
            reply = Reply(status: status, headers: exchange.responseHeaders, body: body)
        }
        let kept = log.add(exchange)
        onExchange(kept.exchange, log)
        return reply
    }

    /// The headers without the connection's own, nor those the `Connection` header names.
    static func forwardable(_ headers: [HeaderField]) -> [HeaderField] {
        let named = headers.values("connection").flatMap { $0.split(separator: ",") }.map {
            $0.trimmingCharacters(in: .whitespaces).lowercased()
        }
        return headers.removing(connectionHeaders + named)
    }

    /// An AM-shaped error body (`code`, `reason`, `message`) that says what the upstream did.
    static func errorBody(status: Int, url: String, error: TransportError) -> Data {
        let origin = AMEndpoints.origin(of: url)
        let json = JSONValue.object([
            "code": .int(status), "reason": .string(status == 504 ? "Gateway Timeout" : "Bad Gateway"),
            "message": .string("journey capture: the upstream \(origin) gave no answer: \(error.description)"),
        ])
        return Data(json.compactJSON.utf8)
    }
}

extension TransportError {
    var isTimeout: Bool {
        if case .timeout = self { return true }
        return false
    }
}
