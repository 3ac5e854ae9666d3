import TapedeckWebSocket

extension RelayStateMachine {
    /// One side of the session: its peer's rules and close handshake, and where its channel is.
    struct Side: Sendable {
        var peer: WebSocketPeerMachine
        var state: State = .connecting(.notStarted)

        /// Where a side's channel is, as far as the relay is concerned. Only what can happen is
        /// spelled: a side is stopped or timed only while its channel is up, an ended side carries
        /// nothing but whether the proxy still holds its handler.
        enum State: Equatable, Sendable {
            /// Its upgrade is under way: no relay handler yet, so nothing comes from it. The other
            /// side may have closed already: a close frame then waits for it, timed from the
            /// moment it was sent, and the time may run out before the upgrade is done.
            case connecting(GraceTimer)
            /// Its relay handler exists: its frames are checked and relayed until it is stopped.
            case attached(Relay)
            /// The session finished while its channel was up: the proxy let go of its handler (or
            /// refused the one that came after), relays nothing more from it and closes nothing.
            case released
            /// Its channel ended. `attached`: the proxy still holds its relay handler, so its end
            /// was news and closing it is still the proxy's business; the finished session lets go.
            case ended(attached: Bool)
        }

        /// The grace timer of a side still upgrading (it runs once per side at most).
        enum GraceTimer: Equatable, Sendable {
            case notStarted
            case running
            /// It ran out: once upgraded, nothing more is relayed from the side.
            case expired
        }

        /// An attached side: both combinations of each are reached.
        struct Relay: Equatable, Sendable {
            /// The proxy relays nothing more from it (it closed, broke a rule, was dropped, or its
            /// grace period ran out).
            var isStopped = false
            /// Its grace timer was started (it runs once per side at most).
            var hasGraceTimer = false
        }

        /// The proxy holds its relay handler: it may be written to and closed.
        var isAttached: Bool {
            switch state {
            case .attached, .ended(attached: true): true
            case .connecting, .released, .ended(attached: false): false
            }
        }

        var hasEnded: Bool {
            if case .ended = state { true } else { false }
        }

        /// Its grace timer was started while its channel was up (an ended side's was cancelled).
        var hasGraceTimer: Bool {
            switch state {
            case .connecting(let timer): timer != .notStarted
            case .attached(let relay): relay.hasGraceTimer
            case .released, .ended: false
            }
        }

        var phase: Phase {
            let isClosing = peer.closeSent || peer.closeReceived
            switch state {
            case .connecting(let timer): return isClosing || timer == .expired ? .closing : .connecting
            case .attached(let relay): return isClosing || relay.isStopped ? .closing : .open
            case .released: return .closing
            case .ended: return .closed
            }
        }

        /// The side upgraded: what happened to it meanwhile carries over.
        mutating func attach() {
            guard case .connecting(let timer) = state else { return }
            state = .attached(Relay(isStopped: timer == .expired, hasGraceTimer: timer != .notStarted))
        }

        /// Nothing more is relayed from it (only an attached side is ever stopped by its own doing).
        mutating func stop() {
            guard case .attached(var relay) = state else { return }
            relay.isStopped = true
            state = .attached(relay)
        }

        /// Starts its grace timer unless it already ran: whether to start one.
        mutating func startGraceTimer() -> Bool {
            switch state {
            case .connecting(.notStarted):
                state = .connecting(.running)
                return true
            case .attached(var relay) where !relay.hasGraceTimer:
                relay.hasGraceTimer = true
                state = .attached(relay)
                return true
            case .connecting, .attached, .released, .ended:
                return false
            }
        }

        /// Its grace period ran out.
        mutating func graceTimerExpired() {
            if case .connecting = state { state = .connecting(.expired) } else { stop() }
        }

        /// Its channel ended.
        mutating func end() {
            state = .ended(attached: isAttached)
        }

        /// The session finished: the proxy lets go of its handler. A side still upgrading stays so
        /// (its upgrade is refused when it arrives).
        mutating func release() {
            switch state {
            case .attached: state = .released
            case .ended(attached: true): state = .ended(attached: false)
            case .connecting, .released, .ended(attached: false): break
            }
        }
    }
}
