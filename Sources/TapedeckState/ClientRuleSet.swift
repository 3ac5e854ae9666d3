/// A set of `ClientRule`s as one 64-bit word: marking a rule is an OR, clearing the set a store, so
/// the model can say which rules fired on every input without allocating.
public struct ClientRuleSet: Sendable, Equatable, Sequence {
    public private(set) var bits: UInt64 = 0

    public init() {}

    public init(_ rules: some Sequence<ClientRule>) {
        for rule in rules { insert(rule) }
    }

    public var isEmpty: Bool { bits == 0 }
    public var count: Int { bits.nonzeroBitCount }

    public func contains(_ rule: ClientRule) -> Bool { bits & Self.bit(rule) != 0 }

    public mutating func insert(_ rule: ClientRule) { bits |= Self.bit(rule) }

    public mutating func formUnion(_ other: ClientRuleSet) { bits |= other.bits }

    public mutating func removeAll() { bits = 0 }

    /// The rules in declaration order.
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
