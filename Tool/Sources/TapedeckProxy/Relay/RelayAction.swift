import TapedeckTape
import TapedeckWebSocket

/// What the `RelayStateMachine` asks its NIO owner (`ProxyConnection`) to do, in order.
enum RelayAction: Equatable, Sendable {
    /// Pass the frame just received from `from` to the other side unchanged (re-masked towards the
    /// server); held back for the app until its upgrade is done.
    case forward(from: RelaySide)
    /// Append a record to the tape, stamped when it is carried out.
    case record(RelayRecord)
    /// Send a close frame the proxy makes itself; held back for the app until its upgrade is done.
    case sendClose(to: RelaySide, code: UInt16, reason: String)
    /// Close that side's channel now.
    case closeChannel(RelaySide)
    /// Close that side's channel once the close frame written to it is out.
    case closeAfterWrites(RelaySide)
    /// Start the close grace timer of that side (`RelayStateMachine.graceTimerFired` when it ends).
    case startGraceTimer(RelaySide)
    case cancelGraceTimer(RelaySide)
    /// The app finished its upgrade: write what was held back for it.
    case deliverHeldFrames
    case resumeReading(RelaySide)
    /// The session is over: let go of the channels, the timers and the tape.
    case finish
}

/// A record the machine asks for; the time is added when it is written.
struct RelayRecord: Equatable, Sendable {
    var direction: TapeRecord.Direction
    var kind: TapeRecord.Kind
    var closeCode: UInt16?
    var payload: [UInt8]
    var fragmentCount: UInt32?
    /// Who ended the connection, on the note that says it ended.
    var endedBy: TapeRecord.Party?
    /// The status the upstream answered a refused upgrade with, on the refusal's note.
    var refusalStatus: UInt16?

    init(
        _ direction: TapeRecord.Direction, _ kind: TapeRecord.Kind, closeCode: UInt16? = nil, payload: [UInt8],
        fragmentCount: UInt32? = nil, endedBy: TapeRecord.Party? = nil, refusalStatus: UInt16? = nil
    ) {
        self.direction = direction
        self.kind = kind
        self.closeCode = closeCode
        self.payload = payload
        self.fragmentCount = fragmentCount
        self.endedBy = endedBy
        self.refusalStatus = refusalStatus
    }

    /// A note (an error or a close the proxy decided), its text as the payload.
    static func note(_ kind: TapeRecord.Kind, _ text: String, closeCode: UInt16? = nil) -> RelayRecord {
        RelayRecord(.note, kind, closeCode: closeCode, payload: Array(text.utf8))
    }

    /// The error note of the connection's end, typed with who ended it: readers decide by that,
    /// never by the words.
    static func end(_ text: String, by party: TapeRecord.Party, refusalStatus: UInt16? = nil) -> RelayRecord {
        RelayRecord(.note, .error, payload: Array(text.utf8), endedBy: party, refusalStatus: refusalStatus)
    }
}

/// An error a side's channel reported, named without NIO.
enum RelayChannelError: Equatable, Sendable {
    /// NIO's decoder refused a frame.
    case decode(FrameDecodeError)
    /// Input after a frame the decoder gave up on (drained, not read).
    case afterBadFrame(String)
    /// Anything else (a reset, a TLS failure), in words.
    case other(String)
}
