/// What happened to the WebSocket itself, as the replayer or scenario runner sees it.
public enum ConnectionEvent: Sendable, Equatable {
    case opened
    /// The close frame's code and reason (1000 "", 1006 "abnormal"...).
    case closed(code: Int, reason: String)
    /// The connection could not be made or broke without a close frame.
    case failed(String)
}
