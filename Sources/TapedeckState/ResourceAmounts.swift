/// Signed amounts of the three resources: the costs of an answer option, or the rewards of a
/// life event. Positive adds to the player's balance when applied as a change.
public struct ResourceAmounts: Sendable, Equatable {
    /// Energy to add (negative to take away).
    public var energy: Int
    /// Money to add (negative to take away).
    public var money: Int
    /// Diamonds to add (negative to take away).
    public var diamonds: Int

    /// Amounts; each is 0 unless given.
    ///
    /// - Parameters:
    ///   - energy: Energy to add.
    ///   - money: Money to add.
    ///   - diamonds: Diamonds to add.
    public init(energy: Int = 0, money: Int = 0, diamonds: Int = 0) {
        self.energy = energy
        self.money = money
        self.diamonds = diamonds
    }

    /// No change in any resource.
    public static let zero = ResourceAmounts()

    /// The opposite change, saturating so that `Int.min` cannot trap.
    public var negated: ResourceAmounts {
        ResourceAmounts(energy: Self.negate(energy), money: Self.negate(money), diamonds: Self.negate(diamonds))
    }

    static func negate(_ value: Int) -> Int { value == Int.min ? Int.max : -value }

    /// `a + b`, clamped to the range of `Int` instead of trapping on overflow.
    static func saturatingAdd(_ a: Int, _ b: Int) -> Int {
        let (sum, overflow) = a.addingReportingOverflow(b)
        guard overflow else { return sum }
        return b > 0 ? Int.max : Int.min
    }
}
