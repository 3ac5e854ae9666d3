import Testing
@testable import TapedeckProtocol

@Suite struct JSONValueParseTests {
    @Test func parsesEveryKindOfValue() throws {
        let text = #"{"a":[1,-2.5,true,false,null,"x\u00e9"],"b":{"c":{}},"d":[],"big":123456789012345678901,"e":1e2}"#
        let value = try JSONValue.parse(Array(text.utf8))
        #expect(value == .object([
            "a": .array([.int(1), .double(-2.5), .bool(true), .bool(false), .null, .string("x\u{E9}")]),
            "b": .object(["c": .object([:])]),
            "d": .array([]),
            "big": .double(1.2345678901234568e20),
            "e": .double(100),
        ]))
    }

    @Test func scalarsAtTheTop() throws {
        #expect(try JSONValue.parse(Array(" 42 ".utf8)) == .int(42))
        #expect(try JSONValue.parse(Array(#""s""#.utf8)) == .string("s"))
        #expect(try JSONValue.parse(Array("null".utf8)) == .null)
    }

    @Test func lastRepeatedKeyWins() throws {
        #expect(try JSONValue.parse(Array(#"{"k":1,"k":2}"#.utf8)) == .object(["k": .int(2)]))
    }

    @Test func errorsCarryThePath() {
        do {
            _ = try JSONValue.parse(Array(#"{"a":[1,{"b":tru}]}"#.utf8))
            Issue.record("parsed invalid JSON")
        } catch {
            #expect(error.pathDescription == "a[1].b")
            #expect(error.offset == 13)
            #expect(error.expected == "boolean")
        }
    }

    @Test func deepNestingIsRejectedNotACrash() {
        let deep = Array(String(repeating: "[", count: 100_000).utf8)
        #expect(throws: ProtocolError.self) { try JSONValue.parse(deep) }
    }
}
