import Foundation

/// Decodable mirrors of the protocol types, used only as the Foundation `JSONDecoder` baseline of
/// `tapedeck bench protocol`, `bench decode` and `DecodeThroughput.addBaselines()`: the same
/// envelope and fields, decoded the standard way. Fields that have a default in the typed decoder
/// are optional here, so both accept the same input.
public enum FoundationBaseline {
    enum ActivityKind: String, Decodable { case elementarySchool, highSchool, occupation, extracurricular }
    enum HabitStatus: String, Decodable { case active, quitting }
    enum RelationshipKind: String, Decodable { case romantic, family, friend }
    enum StoreItemCurrency: String, Decodable { case money, diamonds }
    enum PurchaseResultKind: String, Decodable { case item, energyRefill, timeSkip, inAppPurchase }
    enum ServerErrorKind: String, Decodable { case connectionFailed, messageParsingFailed, serverError, rateLimited }

    struct Achievement: Decodable {
        let id: String
        let title: String
        let description: String
        let unlocked: Bool
        let unlockedAt: String?
        let rewardDiamonds: Int?
    }

    struct Activity: Decodable {
        let id: String
        let name: String
        let kind: ActivityKind
        let energyCost: Int?
        let moneyCost: Int?
    }

    struct ActivityRecord: Decodable {
        let id: String
        let performance: Int
        let achievements: [String]?
        let gpa: Double?
        let major: String?
        let minor: String?
    }

    struct ConversationMessage: Decodable {
        let id: String
        let sender: String
        let text: String
        let sentiment: Double?
    }

    struct Conversation: Decodable {
        let id: String
        let personId: String
        let messages: [ConversationMessage]
    }

    struct Habit: Decodable {
        let id: String
        let name: String
        let status: HabitStatus
        let quitDays: Int?
    }

    struct LifeEvent: Decodable {
        let id: String
        let message: String
        let type: String?
        let date: String
        let hour: Int
        let energyCost: Int?
        let moneyCost: Int?
        let diamondCost: Int?
        let affinityChange: Int?
        let characters: [SimplePerson]?
    }

    struct Person: Decodable {
        let id: String
        let name: String
        let lastName: String?
        let sex: String?
        let age: Int?
        let birthday: String?
        let image: String?
        let status: String?
        let mood: String?
        let energy: Int?
        let money: Int?
        let diamonds: Int?
        let affinity: Int?
        let prestige: Int?
        let happiness: Int?
        let health: Int?
        let intelligence: Int?
        let bio: String?
        let compatibilityScore: Int?
        let currentEducation: String?
        let interests: [String]?
        let traits: [String]?
    }

    struct SimplePerson: Decodable {
        let id: String
        let name: String
        let image: String?
    }

    struct Question: Decodable {
        let id: String
        let question: String
        let options: [AnswerOption]
        let characters: [SimplePerson]?
        let date: String?
        let hour: Int?
    }

    struct AnswerOption: Decodable {
        let id: String
        let text: String
        let energyCost: Int?
        let moneyCost: Int?
        let diamondCost: Int?
    }

    struct Relationship: Decodable {
        let personId: String
        let kind: RelationshipKind
        let status: String
        let affinity: Int
        let milestones: [String]?
    }

    struct StoreItem: Decodable {
        let id: String
        let name: String
        let price: Int
        let currency: StoreItemCurrency
        let quantity: Int?
    }

    struct Occupation: Decodable {
        let id: String
        let name: String
        let salary: Int
    }

    struct InAppPurchase: Decodable {
        let productId: String
        let diamonds: Int
        let price: String
    }

    struct FocusOption: Decodable {
        let id: String
        let name: String
        let selected: Bool
    }

    struct EnergyRefillTier: Decodable {
        let id: String
        let energy: Int
        let diamondCost: Int
        let unlimitedHours: Int?
    }

    struct TimeSkipTier: Decodable {
        let id: String
        let hours: Int
        let diamondCost: Int
    }

    struct TimeSkipSummary: Decodable {
        let hoursSkipped: Int
        let events: [String]
        let energyChange: Int
        let moneyChange: Int
    }

    struct PartialUpdate: Decodable {
        let energy: Int?
        let money: Int?
        let diamonds: Int?
        let date: String?
        let hourOfDay: Int?
        let minuteOfHour: Int?
        let location: String?
        let mood: String?
    }

    struct BatchUpdate: Decodable {
        let energy: Int?
        let money: Int?
        let diamonds: Int?
        let date: String?
        let hourOfDay: Int?
        let minuteOfHour: Int?
        let season: String?
        let gameSpeed: Int?
        let status: String?
        let age: Int?
        let health: Int?
        let happiness: Int?
        let intelligence: Int?
        let prestige: Int?
        let mood: String?
        let location: String?
    }

    struct PlayerObject: Decodable {
        let date: String
        let status: String
        let season: String
        let hourOfDay: Int
        let minuteOfHour: Int
        let gameSpeed: Int
        let person: Person
        let r: [Person]?
        let relData: [Relationship]?
        let activities: [Activity]?
        let activityRecords: [ActivityRecord]?
        let habits: [Habit]?
        let focuses: [FocusOption]?
        let storeItems: [StoreItem]?
        let inventory: [StoreItem]?
        let occupations: [Occupation]?
        let inAppPurchases: [InAppPurchase]?
        let activeConversations: [Conversation]?
    }

    struct ConversationEvent: Decodable {
        let conversationId: String
        let personId: String
        let message: ConversationMessage
    }

    struct RelationshipEvent: Decodable {
        let personId: String
        let milestone: String
        let kind: RelationshipKind
        let status: String
        let affinity: Int
        let text: String
        let person: Person?
    }

    struct AchievementsList: Decodable {
        let achievements: [Achievement]
    }

    struct AchievementUnlocked: Decodable {
        let achievement: Achievement
    }

    struct DailyRewardClaimed: Decodable {
        let day: Int
        let streak: Int
        let energy: Int
        let money: Int
        let diamonds: Int
    }

    struct QuestRewardClaimed: Decodable {
        let questId: String
        let energy: Int
        let money: Int
        let diamonds: Int
    }

    struct EnergyRefillTiers: Decodable {
        let tiers: [EnergyRefillTier]
    }

    struct TimeSkipTiers: Decodable {
        let tiers: [TimeSkipTier]
    }

    struct ExtraCurriculars: Decodable {
        let activities: [Activity]
    }

    struct PlayerStatistics: Decodable {
        let daysPlayed: Int
        let eventsReceived: Int
        let eventsClaimed: Int
        let questionsAnswered: Int
        let relationships: Int
        let dates: Int
        let purchases: Int
        let achievementsUnlocked: Int
    }

    struct DataExportComplete: Decodable {
        let url: String
        let bytes: Int
    }

    struct AccountDeletionScheduled: Decodable {
        let scheduledFor: String
    }

    struct ClaimResult: Decodable {
        let eventId: String
        let accepted: Bool
        let reason: String?
    }

    struct PurchaseResult: Decodable {
        let kind: PurchaseResultKind
        let id: String
        let success: Bool
        let reason: String?
        let energy: Int?
        let money: Int?
        let diamonds: Int?
        let summary: TimeSkipSummary?
    }

    struct MatchResult: Decodable {
        let personId: String
        let matched: Bool
        let compatibility: Int
    }

    struct ServerError: Decodable {
        let kind: ServerErrorKind
        let message: String
    }

    /// `{"type": ..., "message": ...}` decoded by switching on `type`.
    struct ServerEnvelope: Decodable {
        enum Body {
            case update(PartialUpdate)
            case batchUpdate(BatchUpdate)
            case playerObject(PlayerObject)
            case personObject(Person)
            case messageEvent(LifeEvent)
            case questionEvent(Question)
            case conversationEvent(ConversationEvent)
            case relationshipEvent(RelationshipEvent)
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
            case unknown(String)
        }

        enum CodingKeys: String, CodingKey { case type, message }

        let body: Body

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            let type = try container.decode(String.self, forKey: .type)
            switch type {
            case "u": body = .update(try container.decode(PartialUpdate.self, forKey: .message))
            case "batch_update": body = .batchUpdate(try container.decode(BatchUpdate.self, forKey: .message))
            case "playerObject": body = .playerObject(try container.decode(PlayerObject.self, forKey: .message))
            case "personObject": body = .personObject(try container.decode(Person.self, forKey: .message))
            case "messageEvent": body = .messageEvent(try container.decode(LifeEvent.self, forKey: .message))
            case "questionEvent": body = .questionEvent(try container.decode(Question.self, forKey: .message))
            case "conversationEvent": body = .conversationEvent(try container.decode(ConversationEvent.self, forKey: .message))
            case "relationshipEvent": body = .relationshipEvent(try container.decode(RelationshipEvent.self, forKey: .message))
            case "achievementsList": body = .achievementsList(try container.decode(AchievementsList.self, forKey: .message))
            case "achievementUnlocked": body = .achievementUnlocked(try container.decode(AchievementUnlocked.self, forKey: .message))
            case "dailyRewardClaimed": body = .dailyRewardClaimed(try container.decode(DailyRewardClaimed.self, forKey: .message))
            case "questRewardClaimed": body = .questRewardClaimed(try container.decode(QuestRewardClaimed.self, forKey: .message))
            case "energyRefillTiers": body = .energyRefillTiers(try container.decode(EnergyRefillTiers.self, forKey: .message))
            case "timeSkipTiers": body = .timeSkipTiers(try container.decode(TimeSkipTiers.self, forKey: .message))
            case "extraCurriculars": body = .extraCurriculars(try container.decode(ExtraCurriculars.self, forKey: .message))
            case "playerStatistics": body = .playerStatistics(try container.decode(PlayerStatistics.self, forKey: .message))
            case "dataExportComplete": body = .dataExportComplete(try container.decode(DataExportComplete.self, forKey: .message))
            case "accountDeletionScheduled": body = .accountDeletionScheduled(try container.decode(AccountDeletionScheduled.self, forKey: .message))
            case "claimResult": body = .claimResult(try container.decode(ClaimResult.self, forKey: .message))
            case "purchaseResult": body = .purchaseResult(try container.decode(PurchaseResult.self, forKey: .message))
            case "matchResult": body = .matchResult(try container.decode(MatchResult.self, forKey: .message))
            case "error": body = .error(try container.decode(ServerError.self, forKey: .message))
            default: body = .unknown(type)
            }
        }
    }
}
