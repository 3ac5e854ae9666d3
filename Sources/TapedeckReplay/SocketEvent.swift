import TapedeckTape

/// A tape record as the client's socket saw it: what an app's WebSocket service is handed by its
/// socket (open, a message in, close, failure), plus what the client itself sent.
///
/// Markers, pings, pongs and notes are not socket events an app sees; the replayer keeps them to
/// itself (markers still place checkpoints).
public enum SocketEvent: Sendable, Equatable {
    /// The WebSocket opened.
    case opened
    /// A message from the server.
    case received(SocketMessage)
    /// A message the client sent at this point of the recorded session.
    case sent(SocketMessage)
    /// A close frame (code 1005 when it carried none) and its reason.
    case closed(code: Int, reason: String)
    /// The connection broke without a close frame (the recorder's error text).
    case failed(reason: String)

    /// The event of a record, or nil for records an app's socket does not deliver.
    ///
    /// - Parameter record: A tape record; markers, pings, pongs and notes give nil.
    public init?(_ record: TapeRecord) {
        switch (record.kind, record.direction) {
        case (.open, _): self = .opened
        case (.text, .s2c), (.binary, .s2c): self = .received(SocketMessage(isText: record.kind == .text, bytes: record.payload))
        case (.text, .c2s), (.binary, .c2s): self = .sent(SocketMessage(isText: record.kind == .text, bytes: record.payload))
        case (.close, _):
            self = .closed(code: Int(record.closeCode ?? 1005), reason: String(decoding: record.payload, as: UTF8.self))
        case (.error, _): self = .failed(reason: String(decoding: record.payload, as: UTF8.self))
        default: return nil
        }
    }
}
