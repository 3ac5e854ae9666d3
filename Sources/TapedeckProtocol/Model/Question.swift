/// A choice the player must make (`questionEvent`), with one or several characters.
public struct Question: Sendable, Equatable {
    public var id: String
    public var question: String
    public var options: [AnswerOption]
    public var characters: [SimplePerson]
    public var date: String?
    public var hour: Int?
    /// Gives the decoder the compiler-made memberwise initialiser (see `MemberwiseInit`).
    let memberwise: MemberwiseInit
}

extension Question {
    public init(id: String, question: String, options: [AnswerOption], characters: [SimplePerson] = [],
                date: String? = nil, hour: Int? = nil) {
        memberwise = MemberwiseInit()
        self.id = id; self.question = question; self.options = options; self.characters = characters
        self.date = date; self.hour = hour
    }
}

/// One answer to a question. Costs are amounts the player pays (positive = spent).
public struct AnswerOption: Sendable, Equatable {
    public var id: String
    public var text: String
    public var energyCost: Int?
    public var moneyCost: Int?
    public var diamondCost: Int?

    public init(id: String, text: String, energyCost: Int? = nil, moneyCost: Int? = nil, diamondCost: Int? = nil) {
        self.id = id; self.text = text; self.energyCost = energyCost; self.moneyCost = moneyCost
        self.diamondCost = diamondCost
    }
}
