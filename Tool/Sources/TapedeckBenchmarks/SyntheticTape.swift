import TapedeckCore
import TapedeckProtocol
import TapedeckSynthetic
import TapedeckTape

/// Writes a `SyntheticSession` as a tape: the client's `open` record, the session's messages as text
/// records (server messages s2c, client replies c2s) and a normal close (1000) from both sides. Everything, the
/// header's creation time included, comes from the seed, so a seed always gives the same bytes.
package enum SyntheticTape {
    package struct Summary: Sendable, Equatable {
        package var messages = 0
        package var serverMessages = 0
        package var clientMessages = 0
        package var payloadBytes = 0
        package var uncompressedBytes: UInt64 = 0
        package var compressedBytes: UInt64 = 0
    }

    /// The fixed creation time written in every synthetic tape's header.
    package static let created = "2025-01-01T00:00:00Z"

    package static func metadata(messages: Int, seed: UInt64) -> TapeMetadata {
        TapeMetadata(
            created: created, tool: "tapedeck \(TapedeckVersion.current)",
            labels: ["generator": "tapedeck synth", "messages": "\(messages)", "seed": "\(seed)"])
    }

    package static func write(messages count: Int, seed: UInt64, to path: String) throws(TapeError) -> Summary {
        // Blocks are cut by size only: tape time is not a reason to flush a file written offline.
        let options = TapeWriterOptions(flushInterval: .max)
        let writer = try TapeWriter(path: path, metadata: metadata(messages: count, seed: seed), options: options)
        var session = SyntheticSession(seed: seed)
        var gaps = SeededGenerator(seed: seed &+ 0x7A9E)
        var summary = Summary()
        var time: UInt64 = 0
        try writer.append(TapeRecord(time: time, direction: .c2s, kind: .open))
        for _ in 0..<count {
            // 1-250 ms between messages, in whole microseconds.
            time += UInt64(gaps.next(in: 1_000...250_000)) * 1_000
            let record: TapeRecord
            switch session.next() {
            case .server(let message):
                record = TapeRecord(time: time, direction: .s2c, kind: .text, payload: message.encoded())
                summary.serverMessages += 1
            case .client(let message):
                record = TapeRecord(time: time, direction: .c2s, kind: .text, payload: message.encoded())
                summary.clientMessages += 1
            }
            summary.payloadBytes += record.payload.count
            try writer.append(record)
        }
        try writer.append(TapeRecord(time: time + 1_000_000, direction: .c2s, kind: .close, closeCode: 1000))
        try writer.append(TapeRecord(time: time + 2_000_000, direction: .s2c, kind: .close, closeCode: 1000))
        try writer.close()
        summary.messages = count
        summary.uncompressedBytes = writer.uncompressedBytes
        summary.compressedBytes = writer.compressedBytes
        return summary
    }
}
