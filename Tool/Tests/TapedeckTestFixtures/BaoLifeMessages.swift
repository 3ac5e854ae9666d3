/// BaoLife messages as the tests write them into tapes (`TestTapes.tape(_:_:)`: a `>` prefix is
/// the client's).
public enum BaoLifeMessages {
    /// A `u` update of energy and money.
    public static func update(energy: Int, money: Int = 500) -> String {
        #"{"type":"u","message":{"energy":\#(energy),"money":\#(money)}}"#
    }

    /// A `u` update that also moves the in-game clock (and the money or date when given).
    public static func update(energy: Int, money: Int? = nil, hour: Int, minute: Int, date: String? = nil) -> String {
        var fields = [#""energy":\#(energy)"#, #""hourOfDay":\#(hour)"#, #""minuteOfHour":\#(minute)"#]
        if let money { fields.append(#""money":\#(money)"#) }
        if let date { fields.append(#""date":"\#(date)""#) }
        return #"{"type":"u","message":{"# + fields.joined(separator: ",") + "}}"
    }

    public static func playerObject(energy: Int = 100, money: Int = 500, diamonds: Int = 10) -> String {
        #"{"type":"playerObject","message":{"date":"2025-06-01","status":"Student","season":"Spring","hourOfDay":8,"minuteOfHour":0,"gameSpeed":1000,"person":{"id":"p-1","name":"Mai","lastName":"Tran","sex":"female","age":18,"mood":"Happy","money":\#(money),"diamonds":\#(diamonds),"energy":\#(energy),"health":100,"happiness":80,"intelligence":55,"prestige":0},"r":[],"relData":[],"activities":[],"habits":[],"focuses":[],"storeItems":[],"inventory":[],"occupations":[],"inAppPurchases":[],"activeConversations":[]}}"#
    }

    /// A claimable life event.
    public static func lifeEvent(_ id: String, text: String = "You found 50 dollars", date: String = "2026-01-01") -> String {
        #"{"type":"messageEvent","message":{"id":"\#(id)","message":"\#(text)","type":"finance","date":"\#(date)","hour":8,"moneyCost":50,"characters":[]}}"#
    }

    /// The client's claim of event `id` (with its `>` prefix).
    public static func claim(_ id: String) -> String {
        #">{"type":"claimEvent","message":{"eventId":"\#(id)","timestamp":"2026-01-01T00:00:05.250Z"}}"#
    }

    public static func claimResult(_ id: String) -> String {
        #"{"type":"claimResult","message":{"eventId":"\#(id)","accepted":true}}"#
    }

    /// A healthy session: updates, a life event claimed and confirmed.
    public static let healthy = [
        update(energy: 99), update(energy: 98, money: 505), lifeEvent("ev-1"), claim("ev-1"), claimResult("ev-1"),
        update(energy: 97), update(energy: 96),
    ]
}
