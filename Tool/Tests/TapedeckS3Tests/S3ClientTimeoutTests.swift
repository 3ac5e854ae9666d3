import Foundation
import NIOCore
import NIOPosix
import TapedeckS3
import Testing

/// The client's timeouts and connection failures, against loopback listeners of our own.
@Suite struct S3ClientTimeoutTests {
    static func client(port: Int, responseTimeout: Duration = .seconds(5)) throws -> S3Client {
        try S3Client(
            configuration: S3Configuration(
                endpoint: "http://127.0.0.1:\(port)", region: "us-east-1", bucket: "tapedeck-tests",
                credentials: AWSCredentials(accessKeyID: "AKID", secretAccessKey: "secret"),
                responseTimeout: responseTimeout))
    }

    /// A listener that accepts and reads but never answers: the response timeout ends the call.
    @Test func aSilentServerFailsWithTheResponseTimeout() async throws {
        let listener = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .childChannelInitializer { channel in channel.eventLoop.makeSucceededVoidFuture() }
            .bind(host: "127.0.0.1", port: 0).get()
        let port = try #require(listener.localAddress?.port)
        let error = try await #require(throws: S3Error.self) {
            try await Self.client(port: port, responseTimeout: .milliseconds(300)).getObject(key: "a.tape")
        }
        #expect(error.reason == .responseTimeout(seconds: 0.3))
        #expect(error.description.contains("no whole response within 0.3 s"))
        try await listener.close()
    }

    /// Nothing listens: the connection is refused at once, and the error says to check the endpoint.
    @Test func aClosedPortFailsToConnect() async throws {
        let listener = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .bind(host: "127.0.0.1", port: 0).get()
        let port = try #require(listener.localAddress?.port)
        try await listener.close()
        let error = try await #require(throws: S3Error.self) {
            try await Self.client(port: port).putObject(key: "a.tape", bytes: [1])
        }
        guard case .connectionFailed = error.reason else {
            Issue.record("expected connectionFailed, got \(error.reason)")
            return
        }
        #expect(error.advice.contains("endpoint"))
    }

    /// A key S3 would refuse is refused before anything is sent.
    @Test func emptyAndOverlongKeysAreRefused() async throws {
        let client = try Self.client(port: 9)
        for key in ["", String(repeating: "k", count: 1025)] {
            let error = try await #require(throws: S3Error.self) { try await client.getObject(key: key) }
            #expect(error.reason == .invalidKey)
        }
    }

    /// A 404 that is not S3's NoSuchKey (a web server's page, say) is an error, not a missing key,
    /// and its text becomes the message.
    @Test func aPlain404IsAnErrorWithItsText() async throws {
        let listener = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(PlainNotFound())
                }
            }
            .bind(host: "127.0.0.1", port: 0).get()
        let port = try #require(listener.localAddress?.port)
        let error = try await #require(throws: S3Error.self) { try await Self.client(port: port).getObject(key: "a.tape") }
        #expect(error.statusCode == 404 && error.code == nil)
        #expect(error.message == "<html><body>Not Found</body></html>")
        try await listener.close()
    }
}

/// Answers the first bytes it reads with a plain HTML 404 and closes.
private final class PlainNotFound: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let body = "<html><body>Not Found</body></html>"
        let response =
            "HTTP/1.1 404 Not Found\r\nContent-Type: text/html\r\nContent-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n\(body)"
        // On the channel's own loop, so the context may be used when the write completes.
        context.writeAndFlush(wrapOutboundOut(ByteBuffer(string: response))).assumeIsolated().whenComplete { _ in
            context.close(promise: nil)
        }
    }
}
