/// A seeded pseudo-random generator (SplitMix64) for everything in the core that needs
/// randomness: the same seed gives the same sequence on every machine and Swift version.
public struct SeededGenerator: RandomNumberGenerator, Sendable {
    /// The generator's state: a generator made with this seed continues the same sequence.
    public private(set) var state: UInt64

    /// A generator whose sequence `seed` fixes.
    ///
    /// - Parameter seed: Any value; 0 is as good as any other.
    public init(seed: UInt64) {
        state = seed
    }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in `0..<bound` (bound > 0) by multiply-high, so the mapping is fixed here rather
    /// than by the standard library's `random(in:)`, whose algorithm may change between releases.
    ///
    /// - Parameter bound: The exclusive upper bound; not positive is a precondition failure.
    /// - Returns: The number.
    public mutating func next(below bound: Int) -> Int {
        precondition(bound > 0, "bound must be positive")
        return Int(truncatingIfNeeded: next().multipliedFullWidth(by: UInt64(bound)).high)
    }

    /// A number in `range`.
    ///
    /// - Parameter range: The numbers to draw from.
    /// - Returns: The number.
    public mutating func next(in range: ClosedRange<Int>) -> Int {
        range.lowerBound + next(below: range.upperBound - range.lowerBound + 1)
    }

    /// One element of a non-empty array.
    ///
    /// - Parameter elements: The array; empty is a precondition failure.
    /// - Returns: The element.
    public mutating func pick<Element>(_ elements: [Element]) -> Element {
        elements[next(below: elements.count)]
    }

    /// True with probability `percent` / 100.
    ///
    /// - Parameter percent: The probability in percent; 0 or less is never, 100 or more always.
    /// - Returns: Whether the chance came up.
    public mutating func chance(_ percent: Int) -> Bool {
        next(below: 100) < percent
    }
}
