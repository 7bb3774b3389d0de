import NIOCore

/// Closes a connection whose first request head (up to the blank line) has not arrived within
/// `timeout` of the connection opening: a client that sends its headers a byte at a time
/// (slowloris) is dropped. It watches the raw bytes, so it sits first in the pipeline, and leaves
/// once the head is in; later requests on the connection are bounded by the idle timeout.
final class HeaderReadTimeout: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer

    private let timeout: TimeAmount
    private var timer: Scheduled<Void>?
    /// The last bytes seen, so a CRLFCRLF split over two reads is found.
    private var tail: [UInt8] = []

    init(timeout: TimeAmount) {
        self.timeout = timeout
    }

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { arm(context) }
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        timer?.cancel()
        timer = nil
    }

    func channelActive(context: ChannelHandlerContext) {
        arm(context)
        context.fireChannelActive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let bytes = unwrapInboundIn(data)
        let seen = tail + bytes.readableBytesView
        context.fireChannelRead(data)
        if Self.containsBlankLine(seen) {
            timer?.cancel()
            timer = nil
            context.pipeline.syncOperations.removeHandler(context: context, promise: nil)
        } else {
            tail = Array(seen.suffix(3))
        }
    }

    private func arm(_ context: ChannelHandlerContext) {
        guard timer == nil else { return }
        let channel = context.channel
        timer = context.eventLoop.scheduleTask(in: timeout) { channel.close(promise: nil) }
    }

    static func containsBlankLine(_ bytes: [UInt8]) -> Bool {
        guard bytes.count >= 4 else { return false }
        for index in 0...(bytes.count - 4)
        where bytes[index] == 13 && bytes[index + 1] == 10 && bytes[index + 2] == 13 && bytes[index + 3] == 10 {
            return true
        }
        return false
    }
}

/// Put in Hummingbird's pipeline (after the HTTP decoder), it moves a `HeaderReadTimeout` to the
/// front, where the raw bytes are, and removes itself.
final class HeaderReadTimeoutInstaller: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = NIOAny

    private let timeout: TimeAmount

    init(timeout: TimeAmount) {
        self.timeout = timeout
    }

    func handlerAdded(context: ChannelHandlerContext) {
        let operations = context.pipeline.syncOperations
        try? operations.addHandler(HeaderReadTimeout(timeout: timeout), position: .first)
        operations.removeHandler(context: context, promise: nil)
    }
}
