import NIOCore
import NIOPosix
import TapedeckWebSocket

extension ClientBootstrap {
    /// Connects to `upstream`'s resolved addresses, one after another until one answers (forward
    /// mode, `DestinationPolicy`), or to its host name when it has none (reverse mode).
    func connect(to upstream: UpstreamURL) -> EventLoopFuture<Channel> {
        upstream.addresses.isEmpty
            ? connect(host: upstream.host, port: upstream.port) : connect(toFirstOf: upstream.addresses[...])
    }

    /// The first of `addresses` that accepts; the last one's error when none does. Not empty.
    /// Called on the bootstrap's event loop, where its connects complete.
    func connect(toFirstOf addresses: ArraySlice<SocketAddress>) -> EventLoopFuture<Channel> {
        let attempt = connect(to: addresses.first!)
        let rest = addresses.dropFirst()
        return attempt.assumeIsolated().flatMapError { error in
            rest.isEmpty ? attempt.eventLoop.makeFailedFuture(error) : self.connect(toFirstOf: rest)
        }.nonisolated()
    }
}
