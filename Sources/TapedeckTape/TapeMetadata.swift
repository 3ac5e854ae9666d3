/// What a tape says about the session it holds, stored as JSON in the tape header.
/// The wall time is passed in by whoever records: the core never reads a clock.
public struct TapeMetadata: Sendable, Equatable {
    /// One HTTP header line of the WebSocket handshake, in the order it was sent.
    public struct HeaderField: Sendable, Equatable {
        /// The header's name, as sent (case kept).
        public var name: String
        /// The header's value, as sent.
        public var value: String
        /// A header line.
        ///
        /// - Parameters:
        ///   - name: The header's name.
        ///   - value: The header's value.
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
    /// The handshake request's headers, in the order sent (redacted where the recorder redacts).
    public var requestHeaders: [HeaderField]
    /// The HTTP status of the handshake response (101 when the upgrade succeeded).
    public var responseStatus: Int?
    /// The handshake response's headers, in the order received.
    public var responseHeaders: [HeaderField]

    /// Metadata with the two required fields and whatever else the recorder knows.
    ///
    /// - Parameters:
    ///   - created: When recording started, RFC 3339 UTC wall time.
    ///   - tool: The tool that wrote the tape.
    ///   - upstreamURL: The server the proxy forwarded to; nil by default.
    ///   - listenAddress: Where the proxy listened; nil by default.
    ///   - clientAddress: The client's address; nil by default.
    ///   - labels: Free-form labels; none by default.
    ///   - requestTarget: The handshake's request target; nil by default.
    ///   - requestHeaders: The handshake request's headers; none by default.
    ///   - responseStatus: The handshake response's HTTP status; nil by default.
    ///   - responseHeaders: The handshake response's headers; none by default.
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
