/// One record of a tape: a WebSocket frame or event seen by the harness, with its exact bytes.
public struct TapeRecord: Sendable, Equatable {
    /// Who sent it: the client (app), the server, or the harness itself (markers, notes).
    public enum Direction: UInt8, Sendable, Equatable, CaseIterable {
        /// Client to server: a message or frame the app sent.
        case c2s = 0
        /// Server to client: a message or frame the app received.
        case s2c = 1
        /// Neither: the harness's own records (markers, errors).
        case note = 2

        /// The direction as JSON Lines and `tapedeck cat` write it: `c2s`, `s2c` or `note`.
        public var name: String {
            switch self {
            case .c2s: "c2s"
            case .s2c: "s2c"
            case .note: "note"
            }
        }

        /// The direction with this name.
        ///
        /// - Parameter name: `c2s`, `s2c` or `note`, in lowercase; nil for anything else.
        public init?(name: String) {
            guard let found = Self.allCases.first(where: { $0.name == name }) else { return nil }
            self = found
        }
    }

    /// What it is. Raw values are the on-disk codes (docs/TAPE-FORMAT.md).
    public enum Kind: UInt8, Sendable, Equatable, CaseIterable {
        /// The WebSocket connection opened.
        case open = 0
        /// A text message (UTF-8).
        case text = 1
        /// A binary message.
        case binary = 2
        /// A ping frame and its payload.
        case ping = 3
        /// A pong frame and its payload.
        case pong = 4
        /// A close frame: `closeCode` and the reason as payload.
        case close = 5
        /// The connection failed without a close frame: the error text as payload.
        case error = 6
        /// A named point of the session the harness or the app set: the name as payload.
        case marker = 7
        /// A connection's handshake as the recorder saw it (a note, format 1.1): the header's
        /// metadata object for this connection (`ConnectionHandshake`), so a session tape's later
        /// connections keep their own client address, request and answer.
        case handshake = 8

        /// The kind as JSON Lines and `tapedeck cat` write it: `open`, `text`, ... `marker`, `handshake`.
        public var name: String {
            switch self {
            case .open: "open"
            case .text: "text"
            case .binary: "binary"
            case .ping: "ping"
            case .pong: "pong"
            case .close: "close"
            case .error: "error"
            case .marker: "marker"
            case .handshake: "handshake"
            }
        }

        /// The kind with this name.
        ///
        /// - Parameter name: One of the kinds' names, in lowercase; nil for anything else.
        public init?(name: String) {
            guard let found = Self.allCases.first(where: { $0.name == name }) else { return nil }
            self = found
        }
    }

    /// Who ended a connection, on the note that says it ended (format 1.2, extension 3): the
    /// app's own going away is not the server's drop, and a served tape plays only the server's.
    public enum Party: UInt8, Sendable, Equatable, CaseIterable {
        /// The app (the client side) went away or broke the protocol.
        case client = 0
        /// The server went away, refused the upgrade or broke the protocol.
        case server = 1
        /// The harness ended it itself (a close handshake that timed out).
        case harness = 2

        /// The party as JSON Lines writes it: `client`, `server` or `harness`.
        public var name: String {
            switch self {
            case .client: "client"
            case .server: "server"
            case .harness: "harness"
            }
        }

        /// The party with this name.
        ///
        /// - Parameter name: `client`, `server` or `harness`; nil for anything else.
        public init?(name: String) {
            guard let found = Self.allCases.first(where: { $0.name == name }) else { return nil }
            self = found
        }
    }

    /// Nanoseconds since the tape started, from a monotonic clock.
    public var time: UInt64
    /// The connection the record belongs to, numbered from 0 in the order they opened.
    public var connection: UInt32
    /// Who sent it.
    public var direction: Direction
    /// What it is.
    public var kind: Kind
    /// The close code, for `close` records whose close frame carried one.
    public var closeCode: UInt16?
    /// How many WebSocket fragments the proxy reassembled into this message, when it noted it.
    public var fragmentCount: UInt32?
    /// Who ended the connection, on an `error` note that ends one; nil when not said (and on
    /// tapes before 1.2, whose notes said it only in words).
    public var endedBy: Party?
    /// The HTTP status the server answered a refused upgrade with, on the note of a connection
    /// that never opened (1.2); nil when it gave no answer, or the tape is older.
    public var refusalStatus: UInt16?
    /// The exact payload: message bytes, close reason, error text, or marker name (UTF-8).
    public var payload: [UInt8]

    /// A record.
    ///
    /// - Parameters:
    ///   - time: Nanoseconds since the tape started.
    ///   - connection: The connection's number, from 0; 0 by default.
    ///   - direction: Who sent it.
    ///   - kind: What it is.
    ///   - closeCode: The close code of a close record; nil by default.
    ///   - fragmentCount: How many fragments the message arrived in; nil by default.
    ///   - endedBy: Who ended the connection, on a note that ends one; nil by default.
    ///   - refusalStatus: The status a refused upgrade was answered with; nil by default.
    ///   - payload: The exact bytes; empty by default.
    public init(
        time: UInt64, connection: UInt32 = 0, direction: Direction, kind: Kind,
        closeCode: UInt16? = nil, fragmentCount: UInt32? = nil, endedBy: Party? = nil, refusalStatus: UInt16? = nil,
        payload: [UInt8] = []
    ) {
        self.time = time
        self.connection = connection
        self.direction = direction
        self.kind = kind
        self.closeCode = closeCode
        self.fragmentCount = fragmentCount
        self.endedBy = endedBy
        self.refusalStatus = refusalStatus
        self.payload = payload
    }
}
