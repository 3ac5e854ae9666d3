import TapedeckCore
import TapedeckProtocol

extension SyntheticSession {
    /// One message of the session as its socket carries it: who sent it and the envelope's bytes.
    package struct WireMessage: Sendable, Equatable {
        package var fromClient: Bool
        package var bytes: [UInt8]
    }

    /// The first `count` messages of the session from `seed`, encoded: the input of the flight
    /// recorder's benchmark and tests, which record what an app's socket would see.
    package static func wireMessages(count: Int, seed: UInt64) -> [WireMessage] {
        var session = SyntheticSession(seed: seed)
        return (0..<count).map { _ in
            switch session.next() {
            case .server(let message): WireMessage(fromClient: false, bytes: message.encoded())
            case .client(let message): WireMessage(fromClient: true, bytes: message.encoded())
            }
        }
    }
}
