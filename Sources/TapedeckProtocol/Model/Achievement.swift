/// An achievement and whether it is unlocked.
public struct Achievement: Sendable, Equatable {
    public var id: String
    public var title: String
    public var description: String
    public var unlocked: Bool
    /// Game date when it was unlocked.
    public var unlockedAt: String?
    public var rewardDiamonds: Int?

    public init(id: String, title: String, description: String, unlocked: Bool,
                unlockedAt: String? = nil, rewardDiamonds: Int? = nil) {
        self.id = id; self.title = title; self.description = description; self.unlocked = unlocked
        self.unlockedAt = unlockedAt; self.rewardDiamonds = rewardDiamonds
    }
}
