import TapedeckProtocol
import TapedeckState
import TapedeckTape

/// What one tape record became when it was replayed.
public enum ReplayInput: Sendable, Equatable {
    /// An s2c text record, decoded and applied.
    case server(ServerMessage)
    /// A c2s text record, decoded and applied.
    case client(ClientMessage)
    /// An open, close or error record, applied as a connection event.
    case connection(ConnectionEvent)
    /// A marker record: noted, changes nothing.
    case marker(String)
    /// Binary, ping and pong frames (and text notes): counted, not applied.
    case passive(TapeRecord.Kind)
    /// A text record whose message could not be decoded: not applied.
    case undecodable(TapeRecord.Direction, ProtocolError)

    /// Whether applying it may have changed the model.
    public var changesState: Bool {
        switch self {
        case .server, .client, .connection: true
        case .marker, .passive, .undecodable: false
        }
    }

    /// The envelope type of a decoded message, nil otherwise.
    public var messageType: String? {
        switch self {
        case .server(let message): message.type
        case .client(let message): message.type
        default: nil
        }
    }

    /// The direction of a message, decoded or not; nil for everything else.
    public var direction: TapeRecord.Direction? {
        switch self {
        case .server: .s2c
        case .client: .c2s
        case .undecodable(let direction, _): direction
        default: nil
        }
    }

    /// One line for reports: `s2c claimResult`, `marker "claimed"`, `close 1000 "bye"`.
    public var summary: String {
        switch self {
        case .server(let message): "s2c \(message.type)"
        case .client(let message): "c2s \(message.type)"
        case .connection(.opened): "open"
        case .connection(.closed(let code, let reason)): "close \(code) \"\(reason)\""
        case .connection(.failed(let reason)): "error \"\(reason)\""
        case .marker(let name): "marker \"\(name)\""
        case .passive(let kind): kind.name
        case .undecodable(let direction, _): "\(direction.name) text (undecodable)"
        }
    }

    /// What a record becomes when replayed: its message decoded by Tapedeck's typed decoder, its
    /// connection event, or what it is when it is neither.
    ///
    /// - Parameter record: The record; a text message that does not decode becomes `undecodable` with the error.
    public init(decoding record: TapeRecord) {
        switch record.kind {
        case .text:
            switch record.direction {
            case .s2c:
                do { self = .server(try ServerMessage.decode(record.payload)) } catch { self = .undecodable(.s2c, error) }
            case .c2s:
                do { self = .client(try ClientMessage.decode(record.payload)) } catch { self = .undecodable(.c2s, error) }
            case .note:
                self = .passive(.text)
            }
        case .open:
            self = .connection(.opened)
        case .close:
            self = .connection(
                .closed(code: Int(record.closeCode ?? 1005), reason: String(decoding: record.payload, as: UTF8.self)))
        case .error:
            self = .connection(.failed(String(decoding: record.payload, as: UTF8.self)))
        case .marker:
            self = .marker(String(decoding: record.payload, as: UTF8.self))
        case .binary, .ping, .pong, .handshake:
            self = .passive(record.kind)
        }
    }
}
