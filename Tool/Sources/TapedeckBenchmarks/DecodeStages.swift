import TapedeckLZ4Reference
import TapedeckProtocol
import TapedeckState
import TapedeckTape

/// The measured loops of `tapedeck bench`, one per stage, each doing everything the stage
/// before it does plus one more step. Every loop returns what it counted so the work cannot be
/// optimised away and so the stages can be checked against each other.
package enum DecodeStages {
    package struct Count: Sendable, Equatable {
        /// Text records (protocol messages) seen.
        package var messages = 0
        /// Their payload bytes.
        package var payloadBytes = 0
        /// Messages that failed to decode.
        package var failures = 0
        /// Invariant violations found after messages (replay only).
        package var violations = 0
    }

    /// LZ4 decompression of the whole file, checksums included; nothing is parsed. TapedeckTape's
    /// own decoder, in Swift: what every reader of tapes runs.
    package static func decompress(_ path: String) throws(TapeError) -> UInt64 {
        try TapeDecompressor(path: path).decompressAll()
    }

    /// The same through liblz4's frame decoder (`LZ4F_decompress`), for comparison.
    package static func decompressWithLibLZ4(_ path: String) throws(TapeError) -> UInt64 {
        try LibLZ4Decompressor(path: path).decompressAll()
    }

    /// Decompression plus record framing: every record read from the tape, its payload lent by
    /// the reader (`withNextRecord`) as the replayer's loop reads it, not copied.
    package static func frame(_ path: String) throws(TapeError) -> Count {
        let reader = try TapeReader(path: path)
        var count = Count()
        while try reader.withNextRecord({ record in
            guard record.kind == .text, record.direction != .note else { return }
            count.messages += 1
            count.payloadBytes += record.payload.count
        }) {}
        return count
    }

    /// Framing plus typed decoding of every text record in its direction.
    package static func decode(_ path: String) throws(TapeError) -> Count {
        let reader = try TapeReader(path: path)
        var count = Count()
        while try reader.withNextRecord({ record in
            guard record.kind == .text, record.direction != .note else { return }
            count.messages += 1
            count.payloadBytes += record.payload.count
            if record.direction == .s2c {
                if (try? ServerMessage.decode(record.payload)) == nil { count.failures += 1 }
            } else {
                if (try? ClientMessage.decode(record.payload)) == nil { count.failures += 1 }
            }
        }) {}
        return count
    }

    /// Decoding plus the client state machines: each message applied to one `ClientState` in tape
    /// order at its tape time, and the invariants checked after every message.
    package static func replay(_ path: String) throws(TapeError) -> Count {
        let reader = try TapeReader(path: path)
        var state = ClientState()
        var count = Count()
        while try reader.withNextRecord({ record in
            let time = VirtualTime(nanoseconds: record.time)
            switch record.kind {
            case .open:
                state.apply(.opened, at: time)
                return
            case .close:
                state.apply(.closed(code: Int(record.closeCode ?? 1005), reason: ""), at: time)
                return
            case .text: break
            default: return
            }
            guard record.direction != .note else { return }
            count.messages += 1
            count.payloadBytes += record.payload.count
            do {
                if record.direction == .s2c {
                    _ = state.apply(try ServerMessage.decode(record.payload), at: time)
                } else {
                    _ = state.apply(try ClientMessage.decode(record.payload), at: time)
                }
            } catch {
                count.failures += 1
            }
            count.violations += state.checkInvariants().count
        }) {}
        return count
    }
}
