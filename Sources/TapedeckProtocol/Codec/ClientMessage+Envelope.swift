// Envelope type names <-> ClientMessage cases; the envelope itself is read by `Envelope`.
extension ClientMessage: EnvelopeCodable {
    static func knownTypeIndex(_ type: JSONKey) -> Int? {
        switch type.dispatchCount {
        case 15 where type == "createCharacter": return 0
        case 5 where type == "speed": return 1
        case 10 where type == "claimEvent": return 2
        case 14 where type == "answerQuestion": return 3
        case 9 where type == "quitHabit": return 4
        case 13 where type == "stopQuitHabit": return 5
        case 8 where type == "setFocus": return 6
        case 14 where type == "retrievePerson": return 7
        case 5 where type == "swipe": return 8
        case 4 where type == "date": return 9
        case 8 where type == "sendGift": return 10
        case 11 where type == "sendMessage": return 11
        case 12 where type == "purchaseItem": return 12
        case 12 where type == "refillEnergy": return 13
        case 8 where type == "timeSkip": return 14
        case 16 where type == "validatePurchase": return 15
        case 16 where type == "claimDailyReward": return 16
        case 16 where type == "claimQuestReward": return 17
        case 5 where type == "start": return 18
        case 4 where type == "stop": return 19
        case 7 where type == "restart": return 20
        case 17 where type == "requestStatistics": return 21
        case 10 where type == "exportData": return 22
        case 13 where type == "deleteAccount": return 23
        default: return nil
        }
    }

    static func decodeBody(typeIndex: Int, from reader: inout JSONReader) throws(ProtocolError) -> ClientMessage {
        switch typeIndex {
        case 0: return .createCharacter(try CreateCharacter.decode(from: &reader))
        case 1: return .speed(try SpeedChange.decode(from: &reader))
        case 2: return .claimEvent(try ClaimEvent.decode(from: &reader))
        case 3: return .answerQuestion(try AnswerQuestion.decode(from: &reader))
        case 4: return .quitHabit(try HabitAction.decode(from: &reader))
        case 5: return .stopQuitHabit(try HabitAction.decode(from: &reader))
        case 6: return .setFocus(try SetFocus.decode(from: &reader))
        case 7: return .retrievePerson(try RetrievePerson.decode(from: &reader))
        case 8: return .swipe(try Swipe.decode(from: &reader))
        case 9: return .date(try DateRequest.decode(from: &reader))
        case 10: return .sendGift(try SendGift.decode(from: &reader))
        case 11: return .sendMessage(try SendMessage.decode(from: &reader))
        case 12: return .purchaseItem(try PurchaseItem.decode(from: &reader))
        case 13: return .refillEnergy(try RefillEnergy.decode(from: &reader))
        case 14: return .timeSkip(try TimeSkip.decode(from: &reader))
        case 15: return .validatePurchase(try ValidatePurchase.decode(from: &reader))
        case 16: try reader.skipEmptyBody(); return .claimDailyReward
        case 17: return .claimQuestReward(try ClaimQuestReward.decode(from: &reader))
        case 18: try reader.skipEmptyBody(); return .start
        case 19: try reader.skipEmptyBody(); return .stop
        case 20: try reader.skipEmptyBody(); return .restart
        case 21: try reader.skipEmptyBody(); return .requestStatistics
        case 22: try reader.skipEmptyBody(); return .exportData
        case 23: try reader.skipEmptyBody(); return .deleteAccount
        default: preconditionFailure("type index \(typeIndex) is not in ClientMessage.knownTypes")
        }
    }

    static func bodyless(typeIndex: Int) -> ClientMessage? {
        switch typeIndex {
        case 16: .claimDailyReward
        case 18: .start
        case 19: .stop
        case 20: .restart
        case 21: .requestStatistics
        case 22: .exportData
        case 23: .deleteAccount
        default: nil
        }
    }

    func encodeEnvelope(to writer: inout JSONWriter) {
        switch self {
        case .createCharacter(let body):
            writer.beginEnvelope(type: "\"createCharacter\"")
            body.encode(to: &writer)
        case .speed(let body):
            writer.beginEnvelope(type: "\"speed\"")
            body.encode(to: &writer)
        case .claimEvent(let body):
            writer.beginEnvelope(type: "\"claimEvent\"")
            body.encode(to: &writer)
        case .answerQuestion(let body):
            writer.beginEnvelope(type: "\"answerQuestion\"")
            body.encode(to: &writer)
        case .quitHabit(let body):
            writer.beginEnvelope(type: "\"quitHabit\"")
            body.encode(to: &writer)
        case .stopQuitHabit(let body):
            writer.beginEnvelope(type: "\"stopQuitHabit\"")
            body.encode(to: &writer)
        case .setFocus(let body):
            writer.beginEnvelope(type: "\"setFocus\"")
            body.encode(to: &writer)
        case .retrievePerson(let body):
            writer.beginEnvelope(type: "\"retrievePerson\"")
            body.encode(to: &writer)
        case .swipe(let body):
            writer.beginEnvelope(type: "\"swipe\"")
            body.encode(to: &writer)
        case .date(let body):
            writer.beginEnvelope(type: "\"date\"")
            body.encode(to: &writer)
        case .sendGift(let body):
            writer.beginEnvelope(type: "\"sendGift\"")
            body.encode(to: &writer)
        case .sendMessage(let body):
            writer.beginEnvelope(type: "\"sendMessage\"")
            body.encode(to: &writer)
        case .purchaseItem(let body):
            writer.beginEnvelope(type: "\"purchaseItem\"")
            body.encode(to: &writer)
        case .refillEnergy(let body):
            writer.beginEnvelope(type: "\"refillEnergy\"")
            body.encode(to: &writer)
        case .timeSkip(let body):
            writer.beginEnvelope(type: "\"timeSkip\"")
            body.encode(to: &writer)
        case .validatePurchase(let body):
            writer.beginEnvelope(type: "\"validatePurchase\"")
            body.encode(to: &writer)
        case .claimDailyReward:
            writer.beginEnvelope(type: "\"claimDailyReward\"")
            writer.beginObject(); writer.endObject()
        case .claimQuestReward(let body):
            writer.beginEnvelope(type: "\"claimQuestReward\"")
            body.encode(to: &writer)
        case .start:
            writer.beginEnvelope(type: "\"start\"")
            writer.beginObject(); writer.endObject()
        case .stop:
            writer.beginEnvelope(type: "\"stop\"")
            writer.beginObject(); writer.endObject()
        case .restart:
            writer.beginEnvelope(type: "\"restart\"")
            writer.beginObject(); writer.endObject()
        case .requestStatistics:
            writer.beginEnvelope(type: "\"requestStatistics\"")
            writer.beginObject(); writer.endObject()
        case .exportData:
            writer.beginEnvelope(type: "\"exportData\"")
            writer.beginObject(); writer.endObject()
        case .deleteAccount:
            writer.beginEnvelope(type: "\"deleteAccount\"")
            writer.beginObject(); writer.endObject()
        case .unknown(_, let raw):
            writer.writeRaw(raw)
            return
        }
        writer.endObject()
    }
}
