import Foundation
import TapedeckTape

/// The text messages of a set of tapes, read once and held in memory, so that decoding them can be
/// timed apart from reading the tapes: each as its bytes and as `Data`, the two forms parsers take.
public struct MessagePayloads: Sendable {
    /// One recorded message.
    public struct Payload: Sendable {
        /// `.s2c` for a server message, `.c2s` for one the client sent.
        public let direction: TapeRecord.Direction
        /// The message's UTF-8 bytes, as recorded.
        public let bytes: [UInt8]
        /// The same bytes as `Data`, made once, for parsers that take `Data`.
        public let data: Data

        /// A message and its direction.
        ///
        /// - Parameters:
        ///   - direction: `.s2c` for a server message, `.c2s` for one the client sent.
        ///   - bytes: The message's UTF-8 bytes.
        public init(direction: TapeRecord.Direction, bytes: [UInt8]) {
            self.direction = direction
            self.bytes = bytes
            self.data = Data(bytes)
        }
    }

    /// The messages, in the order given (tape order when read from tapes).
    public let payloads: [Payload]
    /// The payloads' bytes together.
    public let byteCount: Int

    /// Messages given directly, without tapes.
    ///
    /// - Parameter payloads: The messages, in the order they are decoded.
    public init(payloads: [Payload]) {
        self.payloads = payloads
        byteCount = payloads.reduce(0) { $0 + $1.bytes.count }
    }

    /// The text messages of `tapes` in the given directions (server messages by default), in tape
    /// order. Throws when a tape cannot be read to its end.
    ///
    /// - Parameters:
    ///   - tapes: The tapes' paths, read in order.
    ///   - directions: Which messages to keep: `.s2c` (server messages, the default), `.c2s`, or both.
    /// - Throws: `TapeError` when a tape cannot be opened, or is truncated or damaged.
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

    /// How many messages there are.
    public var count: Int { payloads.count }
}
