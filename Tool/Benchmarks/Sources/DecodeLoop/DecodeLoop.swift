import TapedeckProtocol
import TapedeckState
import TapedeckTape

/// What one pass over a tape counted.
package struct DecodeCount: Equatable {
    /// Text records decoded.
    package var messages = 0
    /// Invariant violations found after messages (with `replay` only).
    package var violations = 0
}

/// The loop both drivers in this package measure (DecodeBenchmarks' decode and replay, and
/// DecodeProfile's): every text record of the tape decoded in its direction from the payload the
/// reader lends; with `replay`, each message applied to one `ClientState` at its tape time and the
/// invariants checked after it. Any message that does not decode ends the program: the synthetic
/// tapes are valid, so a failure is a bug in the decoder.
package func decodeTape(_ path: String, replay: Bool) throws -> DecodeCount {
    let reader = try TapeReader(path: path)
    var state = ClientState()
    var count = DecodeCount()
    var failure: (any Error)?
    while try reader.withNextRecord({ record in
        guard record.kind == .text else { return }
        let time = VirtualTime(nanoseconds: record.time)
        do {
            if record.direction == .s2c {
                let message = try ServerMessage.decode(record.payload)
                if replay { _ = state.apply(message, at: time) }
            } else {
                let message = try ClientMessage.decode(record.payload)
                if replay { _ = state.apply(message, at: time) }
            }
        } catch {
            failure = error
        }
        if replay { count.violations += state.checkInvariants().count }
        count.messages += 1
    }) {}
    if let failure { fatalError("\(path): a message did not decode: \(failure)") }
    return count
}
