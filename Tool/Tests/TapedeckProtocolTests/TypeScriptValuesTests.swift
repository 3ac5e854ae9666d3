import Testing

@testable import TapedeckProtocol

/// Issue 18: values as a TypeScript server sends them (docs/PROTOCOL.md, "Numbers" and "Enums").
/// An integer field takes any JSON number with an integral value; a fraction is an error naming the
/// field and the offset; an enum value the schema does not know is kept as its string.
@Suite struct TypeScriptValuesTests {
    static func update(_ energy: String) throws(ProtocolError) -> ServerMessage {
        try ServerMessage.decode(Array((#"{"type":"u","message":{"energy":"# + energy + "}}").utf8))
    }

    @Test(arguments: [
        ("100.0", 100), ("1e3", 1000), ("1E+3", 1000), ("-0", 0), ("-0.0", 0), ("0e5", 0),
        ("2.50e1", 25), ("12.3400e2", 1234), ("-7.0", -7), ("1000e-3", 1), ("9223372036854775807.0", Int.max),
        ("-9223372036854775808.000", Int.min), ("100", 100),
    ])
    func integralNumbersAreIntegers(_ written: String, _ value: Int) throws {
        #expect(try Self.update(written) == .update(PartialUpdate(energy: value)))
    }

    @Test func aFractionIsAnErrorNamingTheFieldAndTheOffset() throws {
        let error = try #require(throws: ProtocolError.self) { try Self.update("99.5") }
        #expect(error.pathDescription == "message.energy")
        #expect(error.offset == 32)
        #expect(error.description == "message.energy: expected integer, found 99.5, a number with a fraction at byte 32")
    }

    @Test(arguments: ["0.5", "1e-1", "-2.25", "1.000001", "123456789.5e0"])
    func everyNonIntegralValueIsRefused(_ written: String) throws {
        let error = try #require(throws: ProtocolError.self) { try Self.update(written) }
        #expect(error.found.hasSuffix("a number with a fraction"), "\(error)")
    }

    @Test(arguments: ["9223372036854775808.0", "1e19", "1e400", "-9.3e18"])
    func integralValuesOutsideIntAreRefused(_ written: String) throws {
        let error = try #require(throws: ProtocolError.self) { try Self.update(written) }
        #expect(error.expected.hasPrefix("integer within"), "\(error)")
    }

    @Test func requiredIntegersInsideObjectsAcceptThemToo() throws {
        let text = #"{"type":"dailyRewardClaimed","message":{"day":3.0,"streak":1e1,"energy":-0,"money":5E0,"diamonds":0.0}}"#
        #expect(
            try ServerMessage.decode(Array(text.utf8))
                == .dailyRewardClaimed(DailyRewardClaimed(day: 3, streak: 10, energy: 0, money: 5, diamonds: 0)))
    }

    @Test func anUnknownEnumValueIsKeptAndWrittenBack() throws {
        let text =
            #"{"type":"relationshipEvent","message":{"personId":"p","milestone":"met","kind":"enemy","status":"s","affinity":1,"text":"t"}}"#
        let message = try ServerMessage.decode(Array(text.utf8))
        guard case .relationshipEvent(let event) = message else {
            Issue.record("\(message)")
            return
        }
        #expect(event.kind == .unknown("enemy"))
        #expect(event.kind.rawValue == "enemy")
        #expect(String(decoding: message.encoded(), as: UTF8.self) == text)
    }

    @Test func knownValuesStayPlainCases() {
        #expect(Relationship.Kind(rawValue: "friend") == .friend)
        #expect(Relationship.Kind.allCases == [.romantic, .family, .friend])
        #expect(Swipe.Direction(rawValue: "up") == .unknown("up"))
    }
}
