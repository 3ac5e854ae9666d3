/// The BaoLife traffic one play session of the field app sends and receives: the player's
/// object, some updates, a life event claimed and confirmed. Build "2.0" has the planted bug: its
/// encoder writes the claim's event id as a number, which the protocol's decoder refuses
/// (`decode error c2s message.eventId`).
struct FieldSession {
    var seed: Int
    var buggy: Bool

    /// The messages in order, each marked sent (true) or received (false).
    var messages: [(sent: Bool, text: String)] {
        let event = "ev-\(seed)"
        let eventID = buggy ? "\(seed)" : "\"\(event)\""
        return [
            (false, Self.playerObject(energy: 100 - seed % 20)),
            (false, #"{"type":"u","message":{"energy":\#(99 - seed % 20),"money":\#(500 + seed % 7)}}"#),
            (
                false,
                #"{"type":"messageEvent","message":{"id":"\#(event)","message":"You found 50 dollars","type":"finance","date":"2026-01-01","hour":8,"moneyCost":50,"characters":[]}}"#
            ),
            (true, #"{"type":"claimEvent","message":{"eventId":\#(eventID),"timestamp":"2026-01-01T00:00:05.250Z"}}"#),
            (false, #"{"type":"claimResult","message":{"eventId":"\#(event)","accepted":true}}"#),
            (false, #"{"type":"u","message":{"energy":\#(97 - seed % 20),"money":\#(550 + seed % 7)}}"#),
        ]
    }

    static func playerObject(energy: Int) -> String {
        #"{"type":"playerObject","message":{"date":"2025-06-01","status":"Student","season":"Spring","hourOfDay":8,"minuteOfHour":0,"gameSpeed":1000,"person":{"id":"p-1","name":"Mai","lastName":"Tran","sex":"female","age":18,"mood":"Happy","money":500,"diamonds":10,"energy":\#(energy),"health":100,"happiness":80,"intelligence":55,"prestige":0},"r":[],"relData":[],"activities":[],"habits":[],"focuses":[],"storeItems":[],"inventory":[],"occupations":[],"inAppPurchases":[],"activeConversations":[]}}"#
    }
}
