import NIOCore

/// The NIO side of a session's two connections, by `RelaySide`: what `ProxyConnection` holds for
/// each while it carries out the relay machine's actions.
struct RelayChannels {
    struct Side {
        var channel: Channel?
        /// Its relay handler, once the side is upgraded.
        var handler: FrameRelayHandler?
        /// The write of the last close frame sent to it: the channel closes only after it is out.
        var closeWrite: EventLoopFuture<Void>?
        var graceTimer: Scheduled<Void>?
    }

    private var client = Side()
    private var server = Side()

    subscript(side: RelaySide) -> Side {
        // Borrowed and changed in place: read for every frame, it must not copy the side out.
        _read {
            if side == .client { yield client } else { yield server }
        }
        _modify {
            if side == .client { yield &client } else { yield &server }
        }
    }
}
