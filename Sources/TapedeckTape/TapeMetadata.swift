/// What a tape says about the session it holds, stored as JSON in the tape header.
/// The wall time is passed in by whoever records: the core never reads a clock.
public struct TapeMetadata: Sendable, Equatable {
    /// One HTTP header line of the WebSocket handshake, in the order it was sent.
    public struct HeaderField: Sendable, Equatable {
        public var name: String
        public var value: String
        public init(_ name: String, _ value: String) {
            self.name = name
            self.value = value
        }
    }

    /// When recording started, as RFC 3339 UTC wall time (e.g. "2025-03-01T09:30:00.000Z").
    public var created: String
    /// The tool that wrote the tape, e.g. "tapedeck 0.1.0".
    public var tool: String
    /// The server the proxy forwarded to, e.g. "wss://game.example.com/ws".
    public var upstreamURL: String?
    /// Where the proxy listened, e.g. "127.0.0.1:8765".
    public var listenAddress: String?
    /// The client's address, e.g. "127.0.0.1:53211".
    public var clientAddress: String?
    /// Free-form labels (scenario, device, build...). Written sorted by key.
    public var labels: [String: String]
    /// The request target of the handshake, e.g. "/ws?v=3".
    public var requestTarget: String?
    public var requestHeaders: [HeaderField]
    /// The HTTP status of the handshake response (101 when the upgrade succeeded).
    public var responseStatus: Int?
    public var responseHeaders: [HeaderField]

    public init(
        created: String, tool: String, upstreamURL: String? = nil, listenAddress: String? = nil,
        clientAddress: String? = nil, labels: [String: String] = [:], requestTarget: String? = nil,
        requestHeaders: [HeaderField] = [], responseStatus: Int? = nil, responseHeaders: [HeaderField] = []
    ) {
        self.created = created
        self.tool = tool
        self.upstreamURL = upstreamURL
        self.listenAddress = listenAddress
        self.clientAddress = clientAddress
        self.labels = labels
        self.requestTarget = requestTarget
        self.requestHeaders = requestHeaders
        self.responseStatus = responseStatus
        self.responseHeaders = responseHeaders
    }
}
