/// A life event as the server sends it (`messageEvent`). The four amounts are signed changes to the
/// player's resources, as in the app's model: positive is a reward, negative a loss.
public struct LifeEvent: Sendable, Equatable {
    public var id: String
    public var message: String
    /// The server's own event type tag, when it sends one.
    public var type: String?
    public var date: String
    public var hour: Int
    public var energyCost: Int?
    public var moneyCost: Int?
    public var diamondCost: Int?
    public var affinityChange: Int?
    public var characters: [SimplePerson]
    /// Gives the decoder the compiler-made memberwise initialiser (see `MemberwiseInit`).
    let memberwise: MemberwiseInit
}

extension LifeEvent {
    public init(id: String, message: String, type: String? = nil, date: String, hour: Int,
                energyCost: Int? = nil, moneyCost: Int? = nil, diamondCost: Int? = nil,
                affinityChange: Int? = nil, characters: [SimplePerson] = []) {
        memberwise = MemberwiseInit()
        self.id = id; self.message = message; self.type = type; self.date = date; self.hour = hour
        self.energyCost = energyCost; self.moneyCost = moneyCost; self.diamondCost = diamondCost
        self.affinityChange = affinityChange; self.characters = characters
    }
}
