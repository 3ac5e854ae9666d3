/// Every message the server sends, one case per envelope `type`. Decoding and encoding live in
/// `ServerMessage+Codec.swift`; an unknown type keeps its raw envelope bytes so nothing is lost.
/// The cases holding a `Person` are `indirect` (boxed): inline they made every message value
/// ~500 bytes, copied on every move, while they are rare.
public enum ServerMessage: Sendable, Equatable {
    case update(PartialUpdate) // "u"
    case batchUpdate(BatchUpdate) // "batch_update"
    indirect case playerObject(PlayerObject)
    indirect case personObject(Person)
    case messageEvent(LifeEvent)
    case questionEvent(Question)
    case conversationEvent(ConversationEvent)
    indirect case relationshipEvent(RelationshipEvent)
    case achievementsList(AchievementsList)
    case achievementUnlocked(AchievementUnlocked)
    case dailyRewardClaimed(DailyRewardClaimed)
    case questRewardClaimed(QuestRewardClaimed)
    case energyRefillTiers(EnergyRefillTiers)
    case timeSkipTiers(TimeSkipTiers)
    case extraCurriculars(ExtraCurriculars)
    case playerStatistics(PlayerStatistics)
    case dataExportComplete(DataExportComplete)
    case accountDeletionScheduled(AccountDeletionScheduled)
    case claimResult(ClaimResult)
    case purchaseResult(PurchaseResult)
    case matchResult(MatchResult)
    case error(ServerError)
    case unknown(type: String, raw: [UInt8])
}

extension ServerMessage {
    /// The envelope `type` of each known case, in declaration order.
    public static let knownTypes: [String] = [
        "u", "batch_update", "playerObject", "personObject", "messageEvent", "questionEvent",
        "conversationEvent", "relationshipEvent", "achievementsList", "achievementUnlocked",
        "dailyRewardClaimed", "questRewardClaimed", "energyRefillTiers", "timeSkipTiers",
        "extraCurriculars", "playerStatistics", "dataExportComplete", "accountDeletionScheduled",
        "claimResult", "purchaseResult", "matchResult", "error",
    ]

    /// The envelope `type` this message is sent with.
    public var type: String {
        switch self {
        case .update: "u"
        case .batchUpdate: "batch_update"
        case .playerObject: "playerObject"
        case .personObject: "personObject"
        case .messageEvent: "messageEvent"
        case .questionEvent: "questionEvent"
        case .conversationEvent: "conversationEvent"
        case .relationshipEvent: "relationshipEvent"
        case .achievementsList: "achievementsList"
        case .achievementUnlocked: "achievementUnlocked"
        case .dailyRewardClaimed: "dailyRewardClaimed"
        case .questRewardClaimed: "questRewardClaimed"
        case .energyRefillTiers: "energyRefillTiers"
        case .timeSkipTiers: "timeSkipTiers"
        case .extraCurriculars: "extraCurriculars"
        case .playerStatistics: "playerStatistics"
        case .dataExportComplete: "dataExportComplete"
        case .accountDeletionScheduled: "accountDeletionScheduled"
        case .claimResult: "claimResult"
        case .purchaseResult: "purchaseResult"
        case .matchResult: "matchResult"
        case .error: "error"
        case .unknown(let type, _): type
        }
    }
}
