/// Every message the client sends, one case per envelope `type`. Decoding and encoding live in
/// `ClientMessage+Codec.swift`; an unknown type keeps its raw envelope bytes.
public enum ClientMessage: Sendable, Equatable {
    case createCharacter(CreateCharacter)
    case speed(SpeedChange)
    case claimEvent(ClaimEvent)
    case answerQuestion(AnswerQuestion)
    case quitHabit(HabitAction)
    case stopQuitHabit(HabitAction)
    case setFocus(SetFocus)
    case retrievePerson(RetrievePerson)
    case swipe(Swipe)
    case date(DateRequest)
    case sendGift(SendGift)
    case sendMessage(SendMessage)
    case purchaseItem(PurchaseItem)
    case refillEnergy(RefillEnergy)
    case timeSkip(TimeSkip)
    case validatePurchase(ValidatePurchase)
    case claimDailyReward
    case claimQuestReward(ClaimQuestReward)
    case start
    case stop
    case restart
    case requestStatistics
    case exportData
    case deleteAccount
    case unknown(type: String, raw: [UInt8])
}

extension ClientMessage {
    /// The envelope `type` of each known case, in declaration order.
    public static let knownTypes: [String] = [
        "createCharacter", "speed", "claimEvent", "answerQuestion", "quitHabit", "stopQuitHabit",
        "setFocus", "retrievePerson", "swipe", "date", "sendGift", "sendMessage", "purchaseItem",
        "refillEnergy", "timeSkip", "validatePurchase", "claimDailyReward", "claimQuestReward",
        "start", "stop", "restart", "requestStatistics", "exportData", "deleteAccount",
    ]

    /// The envelope `type` this message is sent with.
    public var type: String {
        switch self {
        case .createCharacter: "createCharacter"
        case .speed: "speed"
        case .claimEvent: "claimEvent"
        case .answerQuestion: "answerQuestion"
        case .quitHabit: "quitHabit"
        case .stopQuitHabit: "stopQuitHabit"
        case .setFocus: "setFocus"
        case .retrievePerson: "retrievePerson"
        case .swipe: "swipe"
        case .date: "date"
        case .sendGift: "sendGift"
        case .sendMessage: "sendMessage"
        case .purchaseItem: "purchaseItem"
        case .refillEnergy: "refillEnergy"
        case .timeSkip: "timeSkip"
        case .validatePurchase: "validatePurchase"
        case .claimDailyReward: "claimDailyReward"
        case .claimQuestReward: "claimQuestReward"
        case .start: "start"
        case .stop: "stop"
        case .restart: "restart"
        case .requestStatistics: "requestStatistics"
        case .exportData: "exportData"
        case .deleteAccount: "deleteAccount"
        case .unknown(let type, _): type
        }
    }
}
