import TapedeckCore
import TapedeckProtocol

/// The seed of one game on the reference server, derived from the server's seed and the ordinal of
/// the connection (1 for the first client, 2 for the second...), so that every session can be
/// reproduced on its own: the third connection to `--seed 7` always plays the same game.
package enum SessionSeed {
    package static func derive(serverSeed: UInt64, ordinal: UInt64) -> UInt64 {
        // One SplitMix64 step over the server seed mixed with the ordinal.
        var mixer = SeededGenerator(seed: serverSeed ^ (ordinal &* 0xD6E8_FEB8_6659_FD93))
        return mixer.next()
    }
}
