// Envelope type names <-> ServerMessage cases; the envelope itself is read by `Envelope`.
extension ServerMessage: EnvelopeCodable {
    static func knownTypeIndex(_ type: JSONKey) -> Int? {
        switch type.dispatchCount {
        case 1 where type == "u": return 0
        case 12 where type == "batch_update": return 1
        case 12 where type == "playerObject": return 2
        case 12 where type == "personObject": return 3
        case 12 where type == "messageEvent": return 4
        case 13 where type == "questionEvent": return 5
        case 17 where type == "conversationEvent": return 6
        case 17 where type == "relationshipEvent": return 7
        case 16 where type == "achievementsList": return 8
        case 19 where type == "achievementUnlocked": return 9
        case 18 where type == "dailyRewardClaimed": return 10
        case 18 where type == "questRewardClaimed": return 11
        case 17 where type == "energyRefillTiers": return 12
        case 13 where type == "timeSkipTiers": return 13
        case 16 where type == "extraCurriculars": return 14
        case 16 where type == "playerStatistics": return 15
        case 18 where type == "dataExportComplete": return 16
        case 24 where type == "accountDeletionScheduled": return 17
        case 11 where type == "claimResult": return 18
        case 14 where type == "purchaseResult": return 19
        case 11 where type == "matchResult": return 20
        case 5 where type == "error": return 21
        default: return nil
        }
    }

    @inline(__always)
    static func decodeBody(typeIndex: Int, from reader: inout JSONReader) throws(ProtocolError) -> ServerMessage {
        switch typeIndex {
        case 0: return .update(try PartialUpdate.decode(from: &reader))
        case 1: return .batchUpdate(try BatchUpdate.decode(from: &reader))
        case 2: return .playerObject(try PlayerObject.decode(from: &reader))
        case 3: return .personObject(try Person.decode(from: &reader))
        case 4: return .messageEvent(try LifeEvent.decode(from: &reader))
        case 5: return .questionEvent(try Question.decode(from: &reader))
        case 6: return .conversationEvent(try ConversationEvent.decode(from: &reader))
        case 7: return .relationshipEvent(try RelationshipEvent.decode(from: &reader))
        case 8: return .achievementsList(try AchievementsList.decode(from: &reader))
        case 9: return .achievementUnlocked(try AchievementUnlocked.decode(from: &reader))
        case 10: return .dailyRewardClaimed(try DailyRewardClaimed.decode(from: &reader))
        case 11: return .questRewardClaimed(try QuestRewardClaimed.decode(from: &reader))
        case 12: return .energyRefillTiers(try EnergyRefillTiers.decode(from: &reader))
        case 13: return .timeSkipTiers(try TimeSkipTiers.decode(from: &reader))
        case 14: return .extraCurriculars(try ExtraCurriculars.decode(from: &reader))
        case 15: return .playerStatistics(try PlayerStatistics.decode(from: &reader))
        case 16: return .dataExportComplete(try DataExportComplete.decode(from: &reader))
        case 17: return .accountDeletionScheduled(try AccountDeletionScheduled.decode(from: &reader))
        case 18: return .claimResult(try ClaimResult.decode(from: &reader))
        case 19: return .purchaseResult(try PurchaseResult.decode(from: &reader))
        case 20: return .matchResult(try MatchResult.decode(from: &reader))
        case 21: return .error(try ServerError.decode(from: &reader))
        default: preconditionFailure("type index \(typeIndex) is not in ServerMessage.knownTypes")
        }
    }

    static func bodyless(typeIndex: Int) -> ServerMessage? {
        switch typeIndex {
        default: nil
        }
    }

    func encodeEnvelope(to writer: inout JSONWriter) {
        switch self {
        case .update(let body):
            writer.beginEnvelope(type: "\"u\"")
            body.encode(to: &writer)
        case .batchUpdate(let body):
            writer.beginEnvelope(type: "\"batch_update\"")
            body.encode(to: &writer)
        case .playerObject(let body):
            writer.beginEnvelope(type: "\"playerObject\"")
            body.encode(to: &writer)
        case .personObject(let body):
            writer.beginEnvelope(type: "\"personObject\"")
            body.encode(to: &writer)
        case .messageEvent(let body):
            writer.beginEnvelope(type: "\"messageEvent\"")
            body.encode(to: &writer)
        case .questionEvent(let body):
            writer.beginEnvelope(type: "\"questionEvent\"")
            body.encode(to: &writer)
        case .conversationEvent(let body):
            writer.beginEnvelope(type: "\"conversationEvent\"")
            body.encode(to: &writer)
        case .relationshipEvent(let body):
            writer.beginEnvelope(type: "\"relationshipEvent\"")
            body.encode(to: &writer)
        case .achievementsList(let body):
            writer.beginEnvelope(type: "\"achievementsList\"")
            body.encode(to: &writer)
        case .achievementUnlocked(let body):
            writer.beginEnvelope(type: "\"achievementUnlocked\"")
            body.encode(to: &writer)
        case .dailyRewardClaimed(let body):
            writer.beginEnvelope(type: "\"dailyRewardClaimed\"")
            body.encode(to: &writer)
        case .questRewardClaimed(let body):
            writer.beginEnvelope(type: "\"questRewardClaimed\"")
            body.encode(to: &writer)
        case .energyRefillTiers(let body):
            writer.beginEnvelope(type: "\"energyRefillTiers\"")
            body.encode(to: &writer)
        case .timeSkipTiers(let body):
            writer.beginEnvelope(type: "\"timeSkipTiers\"")
            body.encode(to: &writer)
        case .extraCurriculars(let body):
            writer.beginEnvelope(type: "\"extraCurriculars\"")
            body.encode(to: &writer)
        case .playerStatistics(let body):
            writer.beginEnvelope(type: "\"playerStatistics\"")
            body.encode(to: &writer)
        case .dataExportComplete(let body):
            writer.beginEnvelope(type: "\"dataExportComplete\"")
            body.encode(to: &writer)
        case .accountDeletionScheduled(let body):
            writer.beginEnvelope(type: "\"accountDeletionScheduled\"")
            body.encode(to: &writer)
        case .claimResult(let body):
            writer.beginEnvelope(type: "\"claimResult\"")
            body.encode(to: &writer)
        case .purchaseResult(let body):
            writer.beginEnvelope(type: "\"purchaseResult\"")
            body.encode(to: &writer)
        case .matchResult(let body):
            writer.beginEnvelope(type: "\"matchResult\"")
            body.encode(to: &writer)
        case .error(let body):
            writer.beginEnvelope(type: "\"error\"")
            body.encode(to: &writer)
        case .unknown(_, let raw):
            writer.writeRaw(raw)
            return
        }
        writer.endObject()
    }
}
