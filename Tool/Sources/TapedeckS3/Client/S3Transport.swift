import NIOCore
import NIOHTTP1
import NIOPosix
import NIOSSL

/// One HTTP/1.1 exchange on its own connection (`Connection: close`): connect (TLS when `tls` is
/// set), send the head and body, collect the whole response. Correctness over speed: tapes are
/// uploaded one request per connection, so no connection state outlives a call.
struct S3Transport: Sendable {
    var group: any EventLoopGroup
    var tls: NIOSSLContext?
    var connectTimeout: TimeAmount
    var responseTimeout: TimeAmount
    var maximumResponseBytes: Int

    /// Sends `head` and `body` to `host:port` and returns the response; throws `S3TransportFailure`.
    func exchange(host: String, port: Int, head: HTTPRequestHead, body: [UInt8]) async throws -> S3HTTPResponse {
        let eventLoop = group.next()
        let response = eventLoop.makePromise(of: S3HTTPResponse.self)
        let maximumResponseBytes = maximumResponseBytes
        let tls = tls
        let bootstrap = ClientBootstrap(group: eventLoop)
            .connectTimeout(connectTimeout)
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    let pipeline = channel.pipeline.syncOperations
                    if let tls {
                        // SNI names a host, never an address literal (NIOSSL then checks the address).
                        let serverName = Self.isAddressLiteral(host) ? nil : host
                        try pipeline.addHandler(try NIOSSLClientHandler(context: tls, serverHostname: serverName))
                    }
                    try pipeline.addHTTPClientHandlers()
                    try pipeline.addHandler(S3ResponseCollector(promise: response, maximumBodyBytes: maximumResponseBytes))
                }
            }
        let channel: any Channel
        do {
            channel = try await bootstrap.connect(host: host, port: port).get()
        } catch {
            let failure: S3TransportFailure =
                if case ChannelError.connectTimeout = error {
                    .connectTimeout(seconds: Self.seconds(connectTimeout))
                } else {
                    .connectionFailed(String(describing: error))
                }
            response.fail(failure)
            throw failure
        }
        let responseTimeout = responseTimeout
        let timeout = eventLoop.scheduleTask(in: responseTimeout) {
            response.fail(S3TransportFailure.responseTimeout(seconds: Self.seconds(responseTimeout)))
            channel.close(promise: nil)
        }
        defer { timeout.cancel() }
        channel.write(HTTPClientRequestPart.head(head), promise: nil)
        if !body.isEmpty {
            channel.write(HTTPClientRequestPart.body(.byteBuffer(ByteBuffer(bytes: body))), promise: nil)
        }
        channel.writeAndFlush(HTTPClientRequestPart.end(nil), promise: nil)
        do {
            return try await response.futureResult.get()
        } catch {
            channel.close(promise: nil)
            throw error
        }
    }

    static func seconds(_ amount: TimeAmount) -> Double { Double(amount.nanoseconds) / 1e9 }

    /// True for an IPv6 address (it has colons) or a dotted IPv4 address (four numbers 0...255).
    static func isAddressLiteral(_ host: String) -> Bool {
        if host.contains(":") { return true }
        let parts = host.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4 && parts.allSatisfy { part in part.count <= 3 && UInt8(part) != nil }
    }
}
