import NIOCore
import TapedeckGame
import TapedeckProtocol
import TapedeckServers
import TapedeckWebSocket

/// Starts a reference server on a free loopback port for one test and always shuts it down.
/// The handshake and idle timeouts are 60 s unless the test sets its own: a guard against hangs
/// only, as a busy machine can take longer than the 10 s and 5 s defaults to send a request (a
/// loaded run once had the server close a client before it had read its upgrade request).
func withServer<T>(
    _ configuration: ReferenceServerConfiguration = ReferenceServerConfiguration(clock: .virtual),
    _ body: (ReferenceServer) async throws -> T
) async throws -> T {
    var configuration = configuration
    let defaults = ConnectionLimits()
    if configuration.limits.handshakeTimeoutSeconds == defaults.handshakeTimeoutSeconds {
        configuration.limits.handshakeTimeoutSeconds = 60
    }
    if configuration.limits.idleTimeoutSeconds == defaults.idleTimeoutSeconds { configuration.limits.idleTimeoutSeconds = 60 }
    let server = try await ReferenceServer.start(configuration)
    do {
        let result = try await body(server)
        try await server.shutdown()
        return result
    } catch {
        try? await server.shutdown()
        throw error
    }
}

/// A client session that speaks typed messages and keeps every frame it received, byte for byte.
final class GameClient {
    let socket: WebSocketClient
    private(set) var frames: [[UInt8]] = []
    static let timeout = TimeAmount.seconds(30)

    init(socket: WebSocketClient) { self.socket = socket }

    static func connect(to server: ReferenceServer, path: String = "/wss/") async throws -> GameClient {
        GameClient(
            socket: try await WebSocketClient.connect(
                host: "127.0.0.1", port: server.port, path: path,
                timeout: timeout))
    }

    func send(_ message: ClientMessage) async throws {
        try await socket.send(text: message.encoded())
    }

    func send(raw text: String) async throws {
        try await socket.send(text: text)
    }

    func advance(_ seconds: Int) async throws {
        try await socket.send(text: AdvanceCommand(seconds: seconds).encoded())
    }

    /// The next server message.
    func next() async throws -> ServerMessage {
        let bytes = try await socket.receiveText(timeout: Self.timeout)
        frames.append(bytes)
        return try ServerMessage.decode(bytes)
    }

    /// Messages up to and including the first of `type`.
    func until(_ type: String) async throws -> [ServerMessage] {
        var messages: [ServerMessage] = []
        while true {
            let message = try await next()
            messages.append(message)
            if message.type == type { return messages }
        }
    }

    /// Sends `message`, then `requestStatistics` as a fence, and returns everything before the fence's answer.
    func exchange(_ message: ClientMessage) async throws -> [ServerMessage] {
        try await send(message)
        return try await fence()
    }

    func fence() async throws -> [ServerMessage] {
        try await send(.requestStatistics)
        return Array(try await until("playerStatistics").dropLast())
    }

    func close() async {
        await socket.close()
    }
}

let hero = CreateCharacter(name: "Ada", lastName: "Lovelace", sex: "female", interests: ["music", "coding"])

extension ServerMessage {
    var serverError: ServerError? { if case .error(let error) = self { error } else { nil } }
    var person: Person? { if case .personObject(let person) = self { person } else { nil } }
}
