import Foundation
import TapedeckTape

/// The text messages of a set of tapes, read once and held in memory, so that decoding them can be
/// timed apart from reading the tapes: each as its bytes and as `Data`, the two forms parsers take.
public struct MessagePayloads: Sendable {
    /// One recorded message.
    public struct Payload: Sendable {
        /// `.s2c` for a server message, `.c2s` for one the client sent.
        public let direction: TapeRecord.Direction
        public let bytes: [UInt8]
        public let data: Data

        public init(direction: TapeRecord.Direction, bytes: [UInt8]) {
            self.direction = direction
            self.bytes = bytes
            self.data = Data(bytes)
        }
    }

    public let payloads: [Payload]
    /// The payloads' bytes together.
    public let byteCount: Int

    public init(payloads: [Payload]) {
        self.payloads = payloads
        byteCount = payloads.reduce(0) { $0 + $1.bytes.count }
    }

    /// The text messages of `tapes` in the given directions (server messages by default), in tape
    /// order. Throws when a tape cannot be read to its end.
    public init(tapes: [String], directions: Set<TapeRecord.Direction> = [.s2c]) throws(TapeError) {
        var payloads: [Payload] = []
        for path in tapes {
            let reader = try TapeReader(path: path)
            while let record = try reader.next() {
                guard record.kind == .text, directions.contains(record.direction) else { continue }
                payloads.append(Payload(direction: record.direction, bytes: record.payload))
            }
        }
        self.init(payloads: payloads)
    }

    public var count: Int { payloads.count }
}
