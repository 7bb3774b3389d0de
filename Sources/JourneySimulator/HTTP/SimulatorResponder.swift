import Foundation
import HTTPTypes
import Hummingbird
import JourneyCore
import NIOCore

/// The request context: Hummingbird's core storage plus the connection, which `close` and `hang` faults need.
struct SimulatorContext: RequestContext {
    var coreContext: CoreRequestContextStorage
    let connection: any SimulatorConnection

    init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        connection = ChannelConnection(channel: source.channel)
    }

    /// A request handed over in process (`RunningSimulator.respond`), on a connection without a socket.
    init(source: some RequestContextSource, connection: any SimulatorConnection) {
        coreContext = .init(source: source)
        self.connection = connection
    }
}

/// Thrown to drop a connection without an answer (after it has been closed).
struct ConnectionDropped: Error {}

/// Reads the request, applies faults, hands it to the core, and writes the reply with CORS headers.
struct SimulatorResponder: HTTPResponder {
    typealias Context = SimulatorContext
    let core: SimulatorCore

    func respond(to request: Request, context: SimulatorContext) async throws -> Response {
        let started = ContinuousClock.now
        var response = try await reply(to: request, context: context)
        if core.settings.serverTiming { response.headers[.serverTiming] = Self.serverTiming(since: started) }
        return response
    }

    /// `app;dur=0.123`: the milliseconds from the request's head to its reply, so a load run can
    /// tell the server's time from the runner's (`journey load`'s "added by the runner").
    static func serverTiming(since started: ContinuousClock.Instant) -> String {
        String(format: "app;dur=%.3f", max(0, (ContinuousClock.now - started).inSeconds * 1000))
    }

    private func reply(to request: Request, context: SimulatorContext) async throws -> Response {
        let target = request.uri.string
        let path = request.uri.path
        if request.method == .options {
            return finish(CORS.preflight(request.headers, cookieName: core.settings.cookieName), request, path)
        }
        let maxBytes = core.options.maxBodyBytes
        if let length = request.headers[.contentLength].flatMap({ Int($0) }), length > maxBytes {
            return finish(Self.tooLarge(maxBytes), request, path)
        }
        let body: ByteBuffer
        switch await RequestBodyReader.read(request, upTo: maxBytes, within: core.options.bodyTimeout) {
        case .body(let bytes): body = bytes
        case .tooLarge: return finish(Self.tooLarge(maxBytes), request, path)
        case .timedOut:
            return finish(
                .error(408, "The request body did not arrive within \(core.options.bodyTimeout) s"), request, path)
        case .failed(let error): throw error
        }
        let incoming = IncomingRequest(
            method: request.method, target: target, headers: request.headers, body: Array(buffer: body),
            fallbackHost: request.head.authority ?? "localhost")
        var fault: FaultSpec?
        if !SimulatorRouter.path(path, isUnder: TestControlController.prefix) {
            if let header = request.headers[.simulatorFault] {
                fault = FaultSpec(headerValue: header)
                if fault == nil {
                    return finish(.error(400, "Unknown X-Simulator-Fault '\(header)'"), request, path)
                }
            } else if !core.faults.isEmpty {
                fault = core.faults.take(journey: core.peekJourney(incoming), path: path)
            }
        }
        if case .hangOnValue? = fault {
            // Only a request that submits the value hangs; any other is answered as usual.
            let body = try? JSONReader.parse(incoming.body)
            fault = fault?.hangsOn(body) == true ? .hang : nil
        } else if fault == nil, let nodeFault = core.pageFault(incoming),
            nodeFault.hangsOn(try? JSONReader.parse(incoming.body))
        {
            fault = .hang
        }
        if let fault, fault.isConnectionFault {
            try await drop(fault, request, path, context)
        }
        if let fault, let reply = FaultResponses.reply(for: fault, original: nil), fault != .truncated {
            return finish(reply, request, path)
        }
        if case .delay(let ms)? = fault { await core.hangs.delay(milliseconds: ms, on: context.connection) }
        var reply = core.router.reply(to: incoming)
        if fault == .truncated, let cut = FaultResponses.reply(for: .truncated, original: reply) {
            reply = withContext(cut, of: reply)
        } else if let nodeFault = reply.fault {
            if nodeFault.isConnectionFault {
                log(request, path, reply.logContext, "fault \(nodeFault.kind)")
                try await drop(nodeFault, request, path, context, logged: true)
            }
            if case .delay(let ms) = nodeFault { await core.hangs.delay(milliseconds: ms, on: context.connection) }
            if let faulty = FaultResponses.reply(for: nodeFault, original: reply) {
                reply = withContext(faulty, of: reply)
            }
        }
        return finish(reply, request, path)
    }

    private func withContext(_ faulty: HTTPReply, of original: HTTPReply) -> HTTPReply {
        var reply = faulty
        reply.logContext = original.logContext
        return reply
    }

    /// `close` and `hang`: never answer. Always throws once the connection is gone.
    private func drop(
        _ fault: FaultSpec, _ request: Request, _ path: String, _ context: SimulatorContext, logged: Bool = false
    ) async throws -> Never {
        if !logged { log(request, path, "", "fault \(fault.kind)") }
        if fault == .hang { await core.hangs.hang(on: context.connection) }
        await context.connection.close()
        throw ConnectionDropped()
    }

    private static func tooLarge(_ max: Int) -> HTTPReply {
        .error(413, "Request body larger than \(max) bytes")
    }

    private func finish(_ reply: HTTPReply, _ request: Request, _ path: String) -> Response {
        log(request, path, reply.logContext, reply.logOutcome)
        var headers = reply.headers
        CORS.decorate(&headers, origin: request.headers[.origin])
        return Response(status: reply.status, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: reply.body)))
    }

    private func log(_ request: Request, _ path: String, _ context: String, _ outcome: String) {
        guard core.options.logRequests else { return }
        let middle = context.isEmpty ? "" : " \(context)"
        // The path is percent-decoded and the outcome may quote a header: a CR/LF must not start a forged line.
        core.options.log(VisibleText.escaped("\(request.method.rawValue) \(path)\(middle) -> \(outcome)"))
    }
}

extension FaultSpec {
    var isConnectionFault: Bool { self == .hang || self == .close }
}
