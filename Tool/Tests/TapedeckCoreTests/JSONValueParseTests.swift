import TapedeckCore
import Testing

@Suite struct JSONValueParseTests {
    @Test func parsesEveryKindOfValue() throws {
        let text = #"{"a":[1,-2.5,true,false,null,"x\u00e9"],"b":{"c":{}},"d":[],"big":123456789012345678901,"e":1e2}"#
        let value = try JSONValue.parse(Array(text.utf8))
        #expect(
            value
                == .object([
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

    /// A `JSONValue` object holds one value a key: a repeated key would lose one silently, so it
    /// is an error naming the key (a golden with two `energy` keys must not pass; issue 23).
    @Test func repeatedKeysAreRefusedWithTheirPath() {
        #expect(throws: JSONParser.Failure(offset: 7, message: #"duplicate key "k""#, path: JSONPath(components: [.key("k")]))) {
            try JSONValue.parse(Array(#"{"k":1,"k":2}"#.utf8))
        }
        do {
            _ = try JSONValue.parse(Array(#"{"gameState":{"energy":1,"money":2,"energy":1}}"#.utf8))
            Issue.record("parsed a repeated key")
        } catch {
            #expect(
                error.description
                    == #"gameState.energy: duplicate key "energy" at byte 35"#)
        }
        // The same name in different objects is fine.
        #expect(throws: Never.self) { try JSONValue.parse(Array(#"{"a":{"k":1},"b":{"k":1},"k":[{"k":2}]}"#.utf8)) }
    }

    @Test func errorsCarryThePath() {
        do {
            _ = try JSONValue.parse(Array(#"{"a":[1,{"b":tru}]}"#.utf8))
            Issue.record("parsed invalid JSON")
        } catch {
            #expect(error.path.description == "a[1].b")
            #expect(error.offset == 13)
            #expect(error.message == "expected true")
        }
    }

    @Test func deepNestingIsRejectedNotACrash() {
        let deep = Array(String(repeating: "[", count: 100_000).utf8)
        #expect(
            throws: JSONParser.Failure(
                offset: 512, message: "nesting deeper than 512 levels",
                path: JSONPath(components: Array(repeating: .index(0), count: 512)))
        ) {
            try JSONValue.parse(deep)
        }
    }
}
