import TapedeckProtocol
import TapedeckScenario
import TapedeckState

/// A small scripted BaoLife server for driving scenarios in virtual time: it answers every
/// request the shipped scenarios make, following docs/PROTOCOL.md, and while running pushes a
/// `u` tick every second, a life event every `eventEvery` ticks (rewards and losses in turn) and
/// a question every `questionEvery` ticks. Deterministic: no randomness, no clock.
final class ScriptedGameServer: InProcessServer {
    var speed = 50
    var running = true
    var tick = 0
    var eventEvery = 3
    var questionEvery = 4
    /// Right swipes before one matches.
    var matchEvery = 3
    var received: [String] = []
    private var events: [String: Bool] = [:] // id -> claimed
    private var receipts: Set<String> = []
    private var candidates = 0
    private var swipes = 0
    private var energy = 100, money = 500, diamonds = 10

    func open(at time: VirtualTime) -> [[UInt8]] { [] }

    func nextPush(after time: VirtualTime) -> VirtualTime? {
        guard running else { return nil }
        let second: UInt64 = 1_000_000_000
        return VirtualTime(nanoseconds: (time.nanoseconds / second + 1) * second)
    }

    func push(at time: VirtualTime) -> [[UInt8]] {
        tick += 1
        var out = [
            json(#"{"type":"u","message":{"hourOfDay":\#(8 + tick / 60 % 12),"minuteOfHour":\#(tick % 60),"energy":\#(energy)}}"#)
        ]
        if tick % eventEvery == 0 {
            let id = "e\(tick)"
            events[id] = false
            if (tick / eventEvery) % 2 == 1 {
                out.append(
                    json(
                        #"{"type":"messageEvent","message":{"id":"\#(id)","message":"You found $20 on the sidewalk.","type":"finance","date":"2025-01-01","hour":9,"moneyCost":20}}"#
                    ))
            } else {
                out.append(
                    json(
                        #"{"type":"messageEvent","message":{"id":"\#(id)","message":"You caught a cold.","type":"health","date":"2025-01-01","hour":9,"energyCost":-10}}"#
                    ))
            }
        }
        if tick % questionEvery == 0 {
            out.append(
                json(
                    #"{"type":"questionEvent","message":{"id":"q\#(tick)","question":"Coffee or tea?","options":[{"id":"o1","text":"Coffee","energyCost":5},{"id":"o2","text":"Tea"}]}}"#
                ))
        }
        return out
    }

    func receive(_ message: [UInt8], at time: VirtualTime) -> [[UInt8]] {
        guard let decoded = try? ClientMessage.decode(message) else {
            return [json(#"{"type":"error","message":{"kind":"messageParsingFailed","message":"unreadable"}}"#)]
        }
        received.append(decoded.type)
        switch decoded {
        case .createCharacter(let character):
            return [
                json(
                    #"""
                    {"type":"playerObject","message":{"date":"2025-01-01","status":"playing","season":"spring","hourOfDay":8,
                    "minuteOfHour":0,"gameSpeed":50,"person":{"id":"p1","name":"\#(character.name)","lastName":"\#(character.lastName)",
                    "sex":"\#(character.sex)","energy":\#(energy),"money":\#(money),"diamonds":\#(diamonds),
                    "interests":[\#(character.interests.map { "\"\($0)\"" }.joined(separator: ","))]},
                    "storeItems":[{"id":"flowers","name":"Flowers","price":40,"currency":"money"}]}}
                    """#)
            ]
        case .speed(let change):
            speed = change.speed
            return []
        case .start:
            running = true
            return []
        case .stop:
            running = false
            return []
        case .claimEvent(let claim):
            guard let claimed = events[claim.eventId] else {
                return [
                    json(
                        #"{"type":"claimResult","message":{"eventId":"\#(claim.eventId)","accepted":false,"reason":"unknownEvent"}}"#
                    )
                ]
            }
            if claimed {
                return [
                    json(
                        #"{"type":"claimResult","message":{"eventId":"\#(claim.eventId)","accepted":false,"reason":"alreadyClaimed"}}"#
                    )
                ]
            }
            events[claim.eventId] = true
            return [json(#"{"type":"claimResult","message":{"eventId":"\#(claim.eventId)","accepted":true}}"#)]
        case .answerQuestion:
            energy -= 5
            return [json(#"{"type":"u","message":{"energy":\#(energy)}}"#)]
        case .retrievePerson:
            candidates += 1
            return [
                json(
                    #"{"type":"personObject","message":{"id":"c\#(candidates)","name":"Candidate","lastName":"\#(candidates)","age":25,"compatibilityScore":70}}"#
                )
            ]
        case .swipe(let swipe):
            guard swipe.direction == .right else { return [] }
            swipes += 1
            let matched = swipes % matchEvery == 0
            return [
                json(
                    #"{"type":"matchResult","message":{"personId":"\#(swipe.personId)","matched":\#(matched),"compatibility":70}}"#
                )
            ]
        case .date:
            energy -= 10
            money -= 20
            return [json(#"{"type":"u","message":{"energy":\#(energy),"money":\#(money)}}"#)]
        case .validatePurchase(let purchase):
            guard purchase.receipt.hasPrefix("receipt-"), !receipts.contains(purchase.receipt) else {
                return [purchaseResult("inAppPurchase", purchase.productId, success: false, reason: "invalidReceipt")]
            }
            receipts.insert(purchase.receipt)
            diamonds += 100
            return [purchaseResult("inAppPurchase", purchase.productId, success: true)]
        case .refillEnergy(let refill):
            diamonds -= 5
            energy += 100
            return [purchaseResult("energyRefill", refill.tier, success: true)]
        case .timeSkip(let skip):
            diamonds -= 3
            money += 17
            return [
                json(
                    #"{"type":"purchaseResult","message":{"kind":"timeSkip","id":"\#(skip.tier)","success":true,"energy":\#(energy),"money":\#(money),"diamonds":\#(diamonds),"summary":{"hoursSkipped":1,"events":["You slept."],"energyChange":0,"moneyChange":17}}}"#
                )
            ]
        case .purchaseItem(let item):
            guard item.itemId == "flowers" else {
                return [purchaseResult("item", item.itemId, success: false, reason: "unknownItem")]
            }
            money -= 40
            return [purchaseResult("item", item.itemId, success: true)]
        case .requestStatistics:
            return [
                json(
                    #"{"type":"playerStatistics","message":{"daysPlayed":1,"eventsReceived":\#(events.count),"eventsClaimed":\#(events.values.count { $0 }),"questionsAnswered":0,"relationships":0,"dates":0,"purchases":0,"achievementsUnlocked":0}}"#
                )
            ]
        default:
            return []
        }
    }

    private func purchaseResult(_ kind: String, _ id: String, success: Bool, reason: String? = nil) -> [UInt8] {
        let reasonField = reason.map { #","reason":"\#($0)""# } ?? ""
        return json(
            #"{"type":"purchaseResult","message":{"kind":"\#(kind)","id":"\#(id)","success":\#(success)\#(reasonField),"energy":\#(energy),"money":\#(money),"diamonds":\#(diamonds)}}"#
        )
    }

    private func json(_ text: String) -> [UInt8] { Array(text.utf8) }
}
