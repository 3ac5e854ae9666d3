/// One app session, as the proxy tells sessions apart: its key's value (`SessionKey`) and the
/// upstream URL it connects to. Kept in memory only, never written.
struct SessionIdentity: Hashable, Sendable {
    /// The connection's value of the session key: its IP address, a query parameter, a header.
    let keyValue: String
    /// The server URL the connection goes to: the same key to another server is another session.
    let upstreamURL: String
}
