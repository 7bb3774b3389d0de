import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1

/// The live transport: HTTP/1.1 through AsyncHTTPClient. Redirects are not followed (a 3xx
/// is an answer the driver must see), and every request has a deadline.
package struct HTTPTransport: Transport {
    /// The largest response body read; a larger one is a protocol error, not a memory blow-up.
    package static let maxResponseBytes = 8 * 1024 * 1024
    /// How many times its compressed size a response body may inflate to (a gzip bomb stops there).
    package static let decompressionRatio = 50

    private let client: HTTPClient

    /// A transport that verifies TLS certificates unless `verifyTLS` is false.
    package init(verifyTLS: Bool = true) {
        client = verifyTLS ? SharedClients.verifying : SharedClients.insecure
    }

    package func send(_ request: TransportRequest) async throws(TransportError) -> TransportResponse {
        // Clamped so the conversion to nanoseconds cannot overflow, whatever the script says.
        let seconds = min(max(0.001, request.timeoutSeconds), 1_000_000)
        let deadline = NIODeadline.now() + .nanoseconds(Int64(seconds * 1_000_000_000))
        do {
            var headers = HTTPHeaders()
            headers.reserveCapacity(request.headers.count)
            for header in request.headers {
                headers.add(name: header.name, value: header.value)
            }
            let outgoing = try HTTPClient.Request(
                url: request.url, method: HTTPMethod(rawValue: request.method), headers: headers,
                body: request.body.map { .bytes($0) })
            // The future-based call collects the body on the connection's event loop and resumes
            // this task once; its deadline covers the body too, with one timer per request.
            let task = client.execute(
                request: outgoing, delegate: ResponseAccumulator(request: outgoing, maxBodySize: Self.maxResponseBytes),
                deadline: deadline)
            let response = try await withTaskCancellationHandler {
                try await task.futureResult.get()
            } onCancel: {
                task.cancel()
            }
            var body = Data()
            if let buffer = response.body {
                body = Data(buffer.readableBytesView)
            }
            return TransportResponse(
                status: Int(response.status.code),
                headers: response.headers.map { HeaderField($0.name, $0.value) },
                body: body)
        } catch {
            throw Self.classify(error, timeout: request.timeoutSeconds, url: request.url)
        }
    }

    static func classify(_ error: any Error, timeout: Double, url: String) -> TransportError {
        if let error = error as? HTTPClientError {
            switch error {
            case .deadlineExceeded, .readTimeout, .writeTimeout:
                return .timeout(timeout)
            case .connectTimeout:
                return .unreachable("connection to \(hostPort(url)) timed out")
            case .remoteConnectionClosed:
                return .connectionClosed("the server closed the connection")
            case .invalidURL, .emptyHost, .emptyScheme:
                return .failed("invalid URL '\(url)'")
            default:
                return .failed(String(describing: error))
            }
        }
        // NIOHTTPDecompression.DecompressionError (swift-nio-extras, not a dependency of its own
        // here) prints as a bare "limit"; its type's name tells it.
        if String(reflecting: type(of: error)).hasSuffix("DecompressionError") {
            return .failed(
                "the compressed response body inflates past the limit (\(decompressionRatio)× its size): \(error)")
        }
        if error is ResponseAccumulator.ResponseTooBigError || error is NIOTooManyBytesError {
            return .failed("response body larger than \(maxResponseBytes) bytes")
        }
        let text = String(describing: error)
        if text.contains("connectionRefused") || text.contains("Connection refused") || text.contains("ECONNREFUSED") {
            return .unreachable("connection refused by \(hostPort(url))")
        }
        if text.contains("NXDOMAIN") || text.contains("resolve") || text.contains("DNS") {
            return .unreachable("cannot resolve host of \(url)")
        }
        if text.contains("EOF") || text.contains("closed") || text.contains("reset") {
            return .connectionClosed(text)
        }
        return .failed(text)
    }

    private static func hostPort(_ url: String) -> String {
        guard let components = URLComponents(string: url), let host = components.host else { return url }
        return components.port.map { "\(host):\($0)" } ?? host
    }
}

/// Process-wide clients: one verifying certificates, one (only ever used when a script says
/// `verifyTLS: false`) that does not. They live for the process, so they are never shut down.
private enum SharedClients {
    static let verifying = make(verify: true)
    static let insecure = make(verify: false)

    static func make(verify: Bool) -> HTTPClient {
        var configuration =
            verify
            ? HTTPClient.Configuration() : HTTPClient.Configuration(certificateVerification: .none)
        configuration.redirectConfiguration = .disallow
        configuration.decompression = .enabled(limit: .ratio(HTTPTransport.decompressionRatio))
        // journey makes its own span per round trip (JourneyTelemetry); the client's would
        // duplicate it, and costs a span and its attributes per request even with no tracer set.
        configuration.tracing.tracer = nil
        configuration.timeout = .init(connect: .seconds(10))
        configuration.connectionPool = .init(idleTimeout: .seconds(60), concurrentHTTP1ConnectionsPerHostSoftLimit: 128)
        // A refused connection is an answer: report it at once instead of retrying until the deadline.
        configuration.connectionPool.retryConnectionEstablishment = false
        return HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
    }
}
