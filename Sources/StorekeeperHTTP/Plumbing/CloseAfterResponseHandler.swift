import HTTPTypes
package import NIOCore
package import NIOHTTPTypes
import StorekeeperApplication

/// Closes the connection once a response carrying `Connection: close` is sent.
///
/// Hummingbird keeps an HTTP/1 connection open after every response and reads (and discards)
/// whatever request body the handler left unread, however large, before the next request. A
/// body Storekeeper refuses (413: too large for its route, or sent to a route that takes none)
/// is answered with `Connection: close`; this handler then ends the connection, so the rest of
/// that body is never read.
package final class CloseAfterResponseHandler: ChannelOutboundHandler, RemovableChannelHandler {
    package typealias OutboundIn = HTTPResponsePart
    package typealias OutboundOut = HTTPResponsePart

    private var closesAfterResponse = false

    package init() {}

    package func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        switch unwrapOutboundIn(data) {
        case .head(let head):
            closesAfterResponse = head.headerFields[.connection]?.lowercased() == "close"
            context.write(data, promise: promise)
        case .body:
            context.write(data, promise: promise)
        case .end:
            guard closesAfterResponse else {
                context.write(data, promise: promise)
                return
            }
            closesAfterResponse = false
            let loopBound = context.loopBound
            let written = context.writeAndFlush(data)
            written.cascade(to: promise)
            written.whenComplete { _ in loopBound.value.close(promise: nil) }
        }
    }
}
