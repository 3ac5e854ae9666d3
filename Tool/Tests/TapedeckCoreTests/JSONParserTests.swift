import Testing

@testable import TapedeckCore

@Suite struct JSONParserTests {
    private func parse(_ text: String) throws(JSONParser.Failure) -> JSONNode {
        try JSONParser.parse(Array(text.utf8))
    }

    private func failure(_ text: String) -> JSONParser.Failure? {
        do {
            _ = try parse(text)
            return nil
        } catch {
            return error
        }
    }

    @Test func keepsStringsAsBytesAndNumbersAsWritten() throws {
        let node = try parse(#" {"a": "x\n\u00e9\ud83c\udf89", "n": -1.50e+3, "list": [true, false, null]} "#)
        guard case .object(let members) = node.value else { Issue.record("not an object"); return }
        #expect(node.offset == 1)
        #expect(members.map(\.key) == ["a", "n", "list"])
        guard case .string(let text) = members[0].value.value else { Issue.record("not a string"); return }
        #expect(text == Array("x\né🎉".utf8))
        guard case .number(let literal) = members[1].value.value else { Issue.record("not a number"); return }
        #expect(literal == Array("-1.50e+3".utf8))
        #expect(members[1].value.offset == 37)
        #expect(members[2].value.typeName == "an array")
        #expect(try parse("18446744073709551615").unsignedInteger == UInt64.max)
        #expect(try parse("18446744073709551616").unsignedInteger == nil)
    }

    @Test func pointsAtTheFirstProblem() {
        #expect(failure(#"{"a":1,"a":2}"#) == .init(offset: 7, message: #"duplicate key "a""#))
        #expect(failure("[1,]") == .init(offset: 3, message: "expected a JSON value"))
        #expect(failure("01") == .init(offset: 1, message: "leading zeros are not allowed"))
        #expect(failure(#""\u12x4""#) == .init(offset: 5, message: "expected a hex digit"))
        #expect(failure(#""\ud800x""#) == .init(offset: 1, message: #"lone high surrogate \ud800 (not valid Unicode)"#))
        #expect(failure(#""\q""#) == .init(offset: 1, message: #"unknown escape \q"#))
        #expect(failure("\"a\u{1}\"") == .init(offset: 2, message: "control character in a string must be escaped"))
        #expect(failure(#""open"#) == .init(offset: 5, message: "unterminated string"))
        #expect(failure("tru") == .init(offset: 0, message: "expected true"))
        #expect(failure("{} x") == .init(offset: 3, message: "unexpected text after the JSON value"))
        #expect(failure(String(repeating: "[", count: 65)) == .init(offset: 64, message: "nesting deeper than 64 levels"))
        #expect(throws: JSONParser.Failure(offset: 4, message: "string is not valid UTF-8")) {
            try JSONParser.parse([0x22, 0xC0, 0x80, 0x22])
        }
    }
}
