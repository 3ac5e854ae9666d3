import Testing

@testable import TapedeckCore

@Suite struct JSONParserTests {
    private func parse(_ text: String) throws(JSONParser.Failure) -> JSONLocated {
        try JSONParser.parseLocated(Array(text.utf8))
    }

    private func failure(_ text: String) -> JSONParser.Failure? {
        do {
            _ = try JSONParser.parse(Array(text.utf8))
            return nil
        } catch {
            return error
        }
    }

    @Test func keepsWhereEachValueStartsAndNumbersAsWritten() throws {
        let node = try parse(#" {"a": "x\n\u00e9\ud83c\udf89", "n": -1.50e+3, "list": [true, false, null]} "#)
        let members = try #require(node.members)
        #expect(node.offset == 1)
        #expect(members.map(\.key) == ["a", "n", "list"])
        #expect(members[0].value.value == .string("x\né🎉"))
        #expect(members[1].value.value == .double(-1500))
        #expect(members[1].value.numberLiteral == Array("-1.50e+3".utf8))
        #expect(members[1].value.offset == 37)
        #expect(members[2].value.typeName == "an array")
        #expect(node.member("list")?.elements?.map(\.offset) == [56, 62, 69])
        #expect(node.member("list")?.elements?[1].path == JSONPath(components: [.key("list"), .index(1)]))
        #expect(try parse("18446744073709551615").unsignedInteger == UInt64.max)
        #expect(try parse("18446744073709551616").unsignedInteger == nil)
    }

    @Test func integersThatFitAreIntsAndEverythingElseIsDouble() throws {
        #expect(
            try JSONParser.parse(Array("[1, -0, 1.0, 1e2, 9223372036854775808]".utf8))
                == .array([.int(1), .int(0), .double(1), .double(100), .double(9_223_372_036_854_775_808)]))
    }

    @Test func pointsAtTheFirstProblem() {
        #expect(
            failure(#"{"a":1,"a":2}"#)
                == .init(offset: 7, message: #"duplicate key "a""#, path: JSONPath(components: [.key("a")])))
        #expect(failure("[1,]") == .init(offset: 3, message: "expected a JSON value", path: JSONPath(components: [.index(1)])))
        #expect(failure("01") == .init(offset: 1, message: "leading zeros are not allowed"))
        #expect(failure(#""\u12x4""#) == .init(offset: 5, message: "expected a hex digit"))
        #expect(failure(#""\ud800x""#) == .init(offset: 1, message: #"lone high surrogate \ud800 (not valid Unicode)"#))
        #expect(failure(#""\q""#) == .init(offset: 1, message: #"unknown escape \q"#))
        #expect(failure("\"a\u{1}\"") == .init(offset: 2, message: "control character in a string must be escaped"))
        #expect(failure(#""open"#) == .init(offset: 5, message: "unterminated string"))
        #expect(failure("tru") == .init(offset: 0, message: "expected true"))
        #expect(failure("{} x") == .init(offset: 3, message: "unexpected text after the JSON value"))
        #expect(failure(String(repeating: "[", count: 513))?.message == "nesting deeper than 512 levels")
        #expect(throws: JSONParser.Failure(offset: 4, message: "string is not valid UTF-8")) {
            try JSONParser.parse([0x22, 0xC0, 0x80, 0x22])
        }
    }
}
