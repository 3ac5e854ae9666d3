/// One record of a tape: a WebSocket frame or event seen by the harness, with its exact bytes.
public struct TapeRecord: Sendable, Equatable {
    /// Who sent it: the client (app), the server, or the harness itself (markers, notes).
    public enum Direction: UInt8, Sendable, Equatable, CaseIterable {
        case c2s = 0
        case s2c = 1
        case note = 2

        public var name: String {
            switch self {
            case .c2s: "c2s"
            case .s2c: "s2c"
            case .note: "note"
            }
        }

        public init?(name: String) {
            guard let found = Self.allCases.first(where: { $0.name == name }) else { return nil }
            self = found
        }
    }

    /// What it is. Raw values are the on-disk codes (docs/TAPE-FORMAT.md).
    public enum Kind: UInt8, Sendable, Equatable, CaseIterable {
        case open = 0
        case text = 1
        case binary = 2
        case ping = 3
        case pong = 4
        case close = 5
        case error = 6
        case marker = 7

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
            }
        }

        public init?(name: String) {
            guard let found = Self.allCases.first(where: { $0.name == name }) else { return nil }
            self = found
        }
    }

    /// Nanoseconds since the tape started, from a monotonic clock.
    public var time: UInt64
    public var connection: UInt32
    public var direction: Direction
    public var kind: Kind
    /// The close code, for `close` records whose close frame carried one.
    public var closeCode: UInt16?
    /// How many WebSocket fragments the proxy reassembled into this message, when it noted it.
    public var fragmentCount: UInt32?
    /// The exact payload: message bytes, close reason, error text, or marker name (UTF-8).
    public var payload: [UInt8]

    public init(
        time: UInt64, connection: UInt32 = 0, direction: Direction, kind: Kind,
        closeCode: UInt16? = nil, fragmentCount: UInt32? = nil, payload: [UInt8] = []
    ) {
        self.time = time
        self.connection = connection
        self.direction = direction
        self.kind = kind
        self.closeCode = closeCode
        self.fragmentCount = fragmentCount
        self.payload = payload
    }
}
