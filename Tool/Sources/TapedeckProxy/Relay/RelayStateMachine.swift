import TapedeckTape
import TapedeckWebSocket

/// One proxied session as a value: where each side's channel is (`Side.State`: connecting,
/// attached, released, ended; grace timers and stopped sides only where they can be), their messages
/// (fragments, limits, UTF-8, through `WebSocketPeerMachine`), the closing handshake across both
/// sides with its grace timer, ping and pong passed through (the proxy never answers them),
/// protocol errors and resets. Each event returns the `RelayAction`s to carry out, in order;
/// `ProxyConnection` turns channel events into these calls and performs the actions. No NIO here,
/// so every transition is tested without a socket (`RelayStateMachineTests`).
struct RelayStateMachine: Sendable {
    /// A side's state in short, with its close handshake (`Side.phase`).
    enum Phase: Equatable, Sendable { case connecting, open, closing, closed }

    private(set) var client: Side
    private(set) var server: Side
    let closeGraceSeconds: Int64
    /// Why the tape cannot be written, once it cannot: the session is then closed, not relayed unrecorded.
    private(set) var recordingFailure: String?
    private(set) var isFinished = false

    init(maxMessageBytes: Int, closeGraceSeconds: Int64) {
        client = Side(peer: WebSocketPeerMachine(isClient: true, maxMessageBytes: maxMessageBytes))
        server = Side(peer: WebSocketPeerMachine(isClient: false, maxMessageBytes: maxMessageBytes))
        self.closeGraceSeconds = closeGraceSeconds
    }

    subscript(side: RelaySide) -> Side {
        get { side == .client ? client : server }
        // In place: a get-and-set would copy the side out and back for every frame, and its
        // message buffer, referenced twice meanwhile, would be copied on its next write.
        _modify {
            if side == .client { yield &client } else { yield &server }
        }
    }

    /// What a frame from one side leads to. The common case, a data, ping or pong frame that keeps
    /// the rules, is `relay`: forward it and, once its message is complete, record it; the owner
    /// carries that out without building a list for every frame. Anything else is a list of actions.
    enum FrameOutcome: Equatable, Sendable {
        case relay(from: RelaySide, record: RelayRecord?)
        case actions([RelayAction])

        /// The outcome as the actions to carry out, in order.
        var actions: [RelayAction] {
            switch self {
            case .relay(let side, let record): [.forward(from: side)] + (record.map { [.record($0)] } ?? [])
            case .actions(let actions): actions
            }
        }
    }

    // MARK: events

    /// A side's relay handler was added.
    mutating func attached(_ side: RelaySide) -> [RelayAction] {
        // The upstream upgraded after the app had gone: nobody to relay to.
        guard !isFinished else {
            if case .connecting = self[side].state { self[side].state = .released }
            return [.closeChannel(side)]
        }
        // Its grace period ran out during the upgrade (the timeout is on the tape already): it gets
        // what was held for it, the close frame among it, and then its channel is closed.
        let timedOut = self[side].state == .connecting(.expired)
        self[side].attach()
        if recordingFailure != nil { return closeUnrecorded(side) }
        guard side == .client else { return timedOut ? closeAfterWrites(side) : [] }
        var actions: [RelayAction] = [.record(RelayRecord(.c2s, .open, payload: [])), .deliverHeldFrames]
        if client.peer.closeSent { actions += armGraceTimer(.client) }
        actions.append(.resumeReading(.server))
        return timedOut ? actions + closeAfterWrites(.client) : actions
    }

    /// A frame arrived from `side` (its payload unmasked).
    mutating func received(_ header: FrameHeader, payload: [UInt8], from side: RelaySide) -> FrameOutcome {
        // Frames come from a relay handler, which exists only once the side is attached: a
        // released side's (upgraded after the session ended) are dropped with it.
        guard case .attached(let relay) = self[side].state else { return .actions([]) }
        guard !relay.isStopped else {
            // The answer to the proxy's close for a protocol error: the offender may go now.
            if header.opcode == .close && self[side].peer.closeSent && !self[side].peer.closeReceived {
                self[side].peer.closeArrived()
                return .actions(closeAfterWrites(side))
            }
            return .actions([])
        }
        let direction: TapeRecord.Direction = side == .client ? .c2s : .s2c
        switch self[side].peer.receive(header, payload: payload) {
        case .data(let completed):
            return .relay(from: side, record: completed.map { Self.record($0, direction) })
        case .ping(let payload):
            return .relay(from: side, record: RelayRecord(direction, .ping, payload: payload))
        case .pong(let payload):
            return .relay(from: side, record: RelayRecord(direction, .pong, payload: payload))
        case .close(let code, let reason):
            return .actions(
                [.record(RelayRecord(direction, .close, closeCode: code, payload: reason))] + closeReceived(from: side))
        case .invalidClose(let code, let reason, let violation):
            // Recorded as it arrived; answered with the error instead of being passed on.
            return .actions(
                [.record(RelayRecord(direction, .close, closeCode: code, payload: reason))] + protocolError(side, violation))
        case .violation(let violation, let unfinished):
            // Text that is not UTF-8 is recorded as it arrived (the message so far), not forwarded.
            let recorded = unfinished.map { [RelayAction.record(Self.record($0, direction))] } ?? []
            return .actions(recorded + protocolError(side, violation))
        }
    }

    /// A side's channel reported an error.
    mutating func failed(_ side: RelaySide, _ error: RelayChannelError) -> [RelayAction] {
        // Errors come from the relay handler, and an ended channel's are old news.
        guard case .attached(let relay) = self[side].state else { return [] }
        let description: String
        switch error {
        case .decode(let failure):
            return protocolError(side, self[side].peer.violation(for: failure))
        case .afterBadFrame(let text):
            // The decoder gave up on a bad frame and the proxy sent its close: the rest is drained.
            if relay.isStopped { return [] }
            description = text
        case .other(let text):
            description = text
        }
        var actions: [RelayAction] = []
        if !relay.isStopped {
            actions.append(.record(.end("\(side.name): \(description)", by: side.party)))
            self[side].stop()
        }
        return actions + closeChannel(side)
    }

    /// A side's channel ended (before its relay handler exists too).
    mutating func inactive(_ side: RelaySide) -> [RelayAction] {
        guard !self[side].hasEnded else { return [] }
        var actions: [RelayAction] = self[side].hasGraceTimer ? [.cancelGraceTimer(side)] : []
        if case .attached(let relay) = self[side].state, !relay.isStopped, !self[side].peer.closeReceived {
            actions.append(.record(.end("\(side.name) connection ended without a close frame", by: side.party)))
        }
        self[side].end()
        let other = side.other
        if !self[other].isAttached {
            // The app's upgrade is under way and a close frame waits for it: it gets to answer.
            if side == .server && self[other].peer.closeSent && !self[other].hasEnded { return actions }
            // The other side never finished its upgrade.
            return actions + [.closeChannel(other)] + finish()
        }
        guard !self[other].hasEnded else { return actions + finish() }
        if self[other].peer.closeReceived {
            // The other side already said goodbye: its connection may go.
            return actions + closeAfterWrites(other)
        }
        if self[other].peer.closeSent {
            // A close frame is on its way to the other side: give it time to answer.
            return actions + armGraceTimer(other)
        }
        // This side vanished without a close frame: mirror that on the other side. Its end is the
        // proxy's doing, already explained: not another error.
        actions.append(.record(.end("dropping the \(other.name) connection: the \(side.name) is gone", by: side.party)))
        self[other].stop()
        return actions + closeAfterWrites(other)
    }

    /// The grace period after a close frame to `side` ended.
    mutating func graceTimerFired(_ side: RelaySide) -> [RelayAction] {
        guard !self[side].hasEnded else { return [] }
        // The timeout is the reason; the dropped connection is its consequence, not a second error.
        self[side].graceTimerExpired()
        return [.record(.end("timeout: the \(side.name) did not finish closing within \(closeGraceSeconds) s", by: .harness))]
            + closeChannel(side)
    }

    /// The upstream handshake failed: the tape says why, and the status it answered with when it
    /// answered, and the session ends.
    mutating func upgradeRefused(_ reason: String, status: UInt16? = nil) -> [RelayAction] {
        [.record(.end("upgrade failed: \(reason)", by: .server, refusalStatus: status)), .closeChannel(.server)] + finish()
    }

    /// The proxy shuts down: 1001 to both sides, which may answer within the grace period.
    mutating func shutDown() -> [RelayAction] {
        guard !isFinished else { return [] }
        guard client.isAttached || server.isAttached else { return [.closeChannel(.client), .closeChannel(.server)] }
        let reason = "recording proxy shutting down"
        return [.record(.note(.close, reason, closeCode: 1001))]
            + sendClose(to: .client, code: 1001, reason: reason) + sendClose(to: .server, code: 1001, reason: reason)
    }

    /// Shutdown's last resort after the grace period: drop both channels.
    mutating func forceClose() -> [RelayAction] {
        let actions: [RelayAction] = [.closeChannel(.client), .closeChannel(.server)]
        return client.isAttached || server.isAttached ? actions : actions + finish()
    }

    /// The tape cannot be written (a full disk, a removed folder): a session the team believes
    /// recorded must not go on unrecorded. The app gets 1011 with the reason, the server 1001.
    mutating func recordingFailed(_ reason: String) -> [RelayAction] {
        guard !isFinished, recordingFailure == nil else { return [] }
        recordingFailure = reason
        return closeUnrecorded(.client) + closeUnrecorded(.server)
    }

    // MARK: transitions shared by the events

    /// A valid close frame from `side` (already recorded): pass it on and finish the handshake.
    private mutating func closeReceived(from side: RelaySide) -> [RelayAction] {
        self[side].stop()
        let other = side.other
        var actions: [RelayAction] = []
        if !self[other].hasEnded, self[other].peer.sendingClose() {
            // The other side must answer within the grace period, or the session ends anyway.
            actions.append(.forward(from: side))
            actions += armGraceTimer(other)
        }
        if self[other].hasEnded || self[side].peer.closeSent {
            // Both close frames seen (or nobody left to answer): this side may go.
            actions += closeAfterWrites(side)
        }
        return actions
    }

    /// A frame broke the protocol: the sender gets a close frame with the code, the other side is
    /// told with the same code, and the tape says why. The sender's connection stays open (its
    /// input drained) until it answers or the grace period ends: closing under a peer that is
    /// still writing resets the connection, and it would never read the code.
    private mutating func protocolError(_ side: RelaySide, _ violation: ProtocolViolation) -> [RelayAction] {
        // Called for an attached side's frame or decoder error only.
        guard case .attached(let relay) = self[side].state, !relay.isStopped else { return [] }
        self[side].stop()
        self[side].peer.abandonMessage()
        let reason = violation.reason(by: side.name)
        let code = violation.code
        var actions: [RelayAction] = [
            .record(.end("\(reason): closing with \(code)", by: side.party)),
            .record(.note(.close, reason, closeCode: code)),
        ]
        // The other side first: dropping the offender may end its channel at once, and the other
        // side must already be waiting for its close answer then.
        if side == .server, case .connecting = client.state {
            // The server broke the rules right behind its 101, before the app has its own: the
            // app's close frame goes out first thing after it (its timer starts in `attached`).
            if client.peer.sendingClose() { actions.append(.sendClose(to: .client, code: code, reason: "proxy: \(reason)")) }
        } else {
            actions += sendClose(to: side.other, code: code, reason: "proxy: \(reason)")
        }
        guard self[side].peer.sendingClose() else { return actions + closeChannel(side) }
        actions.append(.sendClose(to: side, code: code, reason: reason))
        // The offender's close frame was the offence: nothing more to wait for.
        return actions + (self[side].peer.closeReceived ? closeAfterWrites(side) : armGraceTimer(side))
    }

    /// A close frame the proxy makes itself (protocol errors, shutdown); the side must answer in time.
    private mutating func sendClose(to side: RelaySide, code: UInt16, reason: String) -> [RelayAction] {
        guard case .attached = self[side].state, self[side].peer.sendingClose() else { return [] }
        return [.sendClose(to: side, code: code, reason: reason)] + armGraceTimer(side)
    }

    private mutating func closeUnrecorded(_ side: RelaySide) -> [RelayAction] {
        switch side {
        case .client:
            sendClose(to: .client, code: 1011, reason: "tapedeck could not record this session: \(recordingFailure ?? "")")
        case .server:
            sendClose(to: .server, code: 1001, reason: "recording proxy: the session could not be recorded")
        }
    }

    private mutating func armGraceTimer(_ side: RelaySide) -> [RelayAction] {
        self[side].startGraceTimer() ? [.startGraceTimer(side)] : []
    }

    private func closeAfterWrites(_ side: RelaySide) -> [RelayAction] {
        self[side].isAttached ? [.closeAfterWrites(side)] : []
    }

    private func closeChannel(_ side: RelaySide) -> [RelayAction] {
        self[side].isAttached ? [.closeChannel(side)] : []
    }

    private mutating func finish() -> [RelayAction] {
        guard !isFinished else { return [] }
        isFinished = true
        client.release()
        server.release()
        return [.finish]
    }

    private static func record(_ message: WebSocketPeerMachine.Message, _ direction: TapeRecord.Direction) -> RelayRecord {
        RelayRecord(
            direction, message.kind == .text ? .text : .binary, payload: message.bytes,
            fragmentCount: message.fragmentCount > 1 ? UInt32(message.fragmentCount) : nil)
    }
}
