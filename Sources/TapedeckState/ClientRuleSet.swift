/// A set of `ClientRule`s as one 64-bit word: marking a rule is an OR, clearing the set a store, so
/// the model can say which rules fired on every input without allocating.
public struct ClientRuleSet: Sendable, Equatable, Sequence {
    /// The set as bits: bit `n` is the rule whose raw value is `n`.
    public private(set) var bits: UInt64 = 0

    /// The empty set.
    public init() {}

    /// The set of the given rules; a rule given twice is in it once.
    ///
    /// - Parameter rules: The rules.
    public init(_ rules: some Sequence<ClientRule>) {
        for rule in rules { insert(rule) }
    }

    /// Whether the set holds no rule.
    public var isEmpty: Bool { bits == 0 }
    /// How many rules the set holds.
    public var count: Int { bits.nonzeroBitCount }

    /// Whether the set holds a rule.
    ///
    /// - Parameter rule: The rule.
    /// - Returns: True when the rule is in the set.
    public func contains(_ rule: ClientRule) -> Bool { bits & Self.bit(rule) != 0 }

    /// Adds a rule; adding one already in the set changes nothing.
    ///
    /// - Parameter rule: The rule.
    public mutating func insert(_ rule: ClientRule) { bits |= Self.bit(rule) }

    /// Adds every rule of another set.
    ///
    /// - Parameter other: The other set.
    public mutating func formUnion(_ other: ClientRuleSet) { bits |= other.bits }

    /// Empties the set.
    public mutating func removeAll() { bits = 0 }

    /// The rules in declaration order (lowest raw value first).
    public func makeIterator() -> some IteratorProtocol<ClientRule> {
        var remaining = bits
        return AnyIterator {
            guard remaining != 0 else { return nil }
            let index = remaining.trailingZeroBitCount
            remaining &= remaining - 1
            return ClientRule(rawValue: index)
        }
    }

    static func bit(_ rule: ClientRule) -> UInt64 { 1 << UInt64(rule.rawValue) }
}
