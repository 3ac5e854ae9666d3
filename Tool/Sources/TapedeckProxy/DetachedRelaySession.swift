import NIOCore
import NIOHTTP1
import NIOPosix

/// One proxied session on two channels the caller sets up, with its tape open: the relay path of
/// every frame (`FrameRelayHandler`, `RelayStateMachine`, `OffLoopTapeWriter.append`) without sockets
/// or upgrades. `tapedeck-proxy-profile` drives it on `EmbeddedChannel`s to count the proxy's
/// instructions per message under callgrind, which cannot run the `tapedeck` binary.
package struct DetachedRelaySession {
    /// The relay handlers, to be added last to the app's and the server's pipelines, behind NIO's
    /// frame decoder and the side's encoder as the upgrades leave them (NIO's towards the app,
    /// `ClientFrameEncoder`, which masks, towards the server).
    package let appHandler: any ChannelHandler
    package let serverHandler: any ChannelHandler

    /// A session recording into `folder` (its writer on `pool`); `recorderQueueBytes` bounds the
    /// tape's queue as `RecordingProxyConfiguration` does (an eighth of it wakes the writer).
    package init(folder: String, eventLoop: EventLoop, pool: NIOThreadPool, recorderQueueBytes: Int) {
        let upstream = UpstreamURL(secure: false, host: "127.0.0.1", port: 1, path: nil)
        let configuration = RecordingProxyConfiguration(
            mode: .reverse(upstream: upstream), outputDirectory: folder, controlPort: nil,
            recorderQueueBytes: recorderQueueBytes)
        let context = ProxyContext(
            configuration: configuration, upstreamTLS: nil, pool: pool, onTapeClosed: { _ in }, onProblem: { _ in })
        let connection = ProxyConnection(id: 1, eventLoop: eventLoop, context: context, upstream: upstream, client: nil)
        connection.openTape(request: HTTPRequestHead(version: .http1_1, method: .GET, uri: "/"), response: nil)
        appHandler = FrameRelayHandler(side: .client, connection: connection)
        serverHandler = FrameRelayHandler(side: .server, connection: connection)
    }
}
