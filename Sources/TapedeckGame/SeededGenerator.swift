/// A deterministic random number generator (xoshiro256**, seeded through SplitMix64).
///
/// The simulation draws every random choice from one of these, and only through the helpers below:
/// the standard library's `random(in:using:)` algorithms are not promised to stay the same across
/// Swift versions, and the reference server's output must be byte-identical everywhere.
public struct SeededGenerator: RandomNumberGenerator, Sendable, Equatable {
    private var state: (UInt64, UInt64, UInt64, UInt64)

    public init(seed: UInt64) {
        var mixer = seed
        state = (
            SeededGenerator.splitMix(&mixer), SeededGenerator.splitMix(&mixer),
            SeededGenerator.splitMix(&mixer), SeededGenerator.splitMix(&mixer)
        )
    }

    public static func == (lhs: SeededGenerator, rhs: SeededGenerator) -> Bool {
        lhs.state == rhs.state
    }

    public mutating func next() -> UInt64 {
        let result = rotateLeft(state.1 &* 5, 7) &* 9
        let shifted = state.1 << 17
        state.2 ^= state.0
        state.3 ^= state.1
        state.1 ^= state.2
        state.0 ^= state.3
        state.2 ^= shifted
        state.3 = rotateLeft(state.3, 45)
        return result
    }

    /// A number in `range`, by multiply-shift (bias below 2^-32 for the small ranges used here).
    public mutating func int(in range: ClosedRange<Int>) -> Int {
        let width = UInt64(range.upperBound - range.lowerBound) + 1
        let scaled = ((next() >> 32) &* width) >> 32
        return range.lowerBound + Int(scaled)
    }

    /// True with the given probability in percent (0–100).
    public mutating func chance(percent: Int) -> Bool {
        int(in: 0...99) < percent
    }

    /// One element of a non-empty array.
    public mutating func pick<Element>(_ elements: [Element]) -> Element {
        elements[int(in: 0...(elements.count - 1))]
    }

    /// `count` distinct elements, in the order drawn.
    public mutating func pick<Element>(_ count: Int, of elements: [Element]) -> [Element] {
        var pool = elements
        var chosen: [Element] = []
        while chosen.count < count, !pool.isEmpty {
            chosen.append(pool.remove(at: int(in: 0...(pool.count - 1))))
        }
        return chosen
    }

    private func rotateLeft(_ value: UInt64, _ bits: UInt64) -> UInt64 {
        (value << bits) | (value >> (64 - bits))
    }

    /// SplitMix64: spreads one seed over the four state words (and derives session seeds).
    static func splitMix(_ state: inout UInt64) -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
