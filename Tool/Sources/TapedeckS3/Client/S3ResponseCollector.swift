import NIOCore
import NIOHTTP1
import NIOSSL

/// Collects one HTTP response (head, body parts, end) into `S3HTTPResponse` and completes the
/// exchange's promise; fails it when the body passes `maximumBodyBytes`, or when the connection
/// ends or errs first. A later completion of the promise is ignored by NIO, so whichever comes
/// first (this, the timeout, the close) decides.
final class S3ResponseCollector: ChannelInboundHandler {
    typealias InboundIn = HTTPClientResponsePart

    private let promise: EventLoopPromise<S3HTTPResponse>
    private let maximumBodyBytes: Int
    private var head: HTTPResponseHead?
    private var body: [UInt8] = []

    init(promise: EventLoopPromise<S3HTTPResponse>, maximumBodyBytes: Int) {
        self.promise = promise
        self.maximumBodyBytes = maximumBodyBytes
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let responseHead):
            head = responseHead
            if let length = responseHead.headers.first(name: "content-length").flatMap(Int.init),
                length >= 0, length <= maximumBodyBytes
            {
                body.reserveCapacity(length)
            }
        case .body(let buffer):
            guard body.count + buffer.readableBytes <= maximumBodyBytes else {
                promise.fail(S3TransportFailure.responseTooLarge(limit: maximumBodyBytes))
                context.close(promise: nil)
                return
            }
            body += buffer.readableBytesView
        case .end:
            guard let head else {
                promise.fail(S3TransportFailure.connectionLost("the response ended before its head"))
                context.close(promise: nil)
                return
            }
            promise.succeed(S3HTTPResponse(status: Int(head.status.code), headers: head.headers, body: body))
            context.close(promise: nil)
        }
    }

    func channelInactive(context: ChannelHandlerContext) {
        promise.fail(S3TransportFailure.connectionLost("the connection closed before the response ended"))
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        promise.fail(
            error is NIOSSLError || error is BoringSSLError
                ? S3TransportFailure.tlsFailed(String(describing: error))
                : S3TransportFailure.connectionLost(String(describing: error)))
        context.close(promise: nil)
    }
}
