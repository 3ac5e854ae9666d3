import Testing

@testable import TapedeckProtocol

/// Bad input fails with the offset of the offending byte and says what was expected there.
@Suite struct MalformedJSONTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let input: [UInt8]
        let offset: Int
        let expected: String
        var testDescription: String { String(decoding: input.prefix(60), as: UTF8.self) }

        init(_ text: String, _ offset: Int, _ expected: String) {
            self.init(bytes: Array(text.utf8), offset, expected)
        }

        init(bytes: [UInt8], _ offset: Int, _ expected: String) {
            input = bytes
            self.offset = offset
            self.expected = expected
        }
    }

    static let prefix = #"{"type":"u","message":{"# // 23 bytes: the body's first field starts at 23

    static let cases: [Case] = [
        Case("", 0, "object"),
        Case("   ", 3, "object"),
        Case("[1]", 0, "object"),
        Case(prefix + #""energy":1}"#, 34, "',' or '}'"), // unclosed envelope
        Case(#"{"type":"u" "message":{}}"#, 12, "',' or '}'"), // missing comma
        Case(prefix + #""energy":12x}}"#, 34, "',' or '}'"),
        Case(prefix + #""energy":01}}"#, 32, "no leading zeros in a number"),
        Case(prefix + #""mood":"a\qb"}}"#, 33, "escape character"),
        Case(prefix + "\"mood\":\"a\nb\"}}", 32, "control characters must be escaped"),
        Case(prefix + #""energy":1,}}"#, 34, "field name"), // trailing comma
        Case(prefix + #""energy":1}} x"#, 36, "end of input"), // trailing bytes
        Case(prefix + #""energy":-}}"#, 33, "digit after '-'"),
        Case(prefix + #""mood":"abc"#, 34, "'\"' to close the string"),
        Case(prefix + #""energy":tru}}"#, 32, "integer"),
        Case(prefix + #""energy":99999999999999999999}}"#, 32, "integer within"),
        Case(prefix + #""energy":1.5}}"#, 32, "integer"),
        Case(prefix + #""energy" 1}}"#, 32, "':' after field name"),
        Case(prefix + #""mood":"\uD83D"}}"#, 31, "low surrogate"),
        Case(prefix + #""mood":"\uDE00"}}"#, 31, "a low surrogate needs a high one"),
        Case(prefix + #""mood":"\u12G4"}}"#, 35, "4 hex digits"),
        Case(prefix + #""x":1.}}"#, 29, "digit after '.'"), // unknown fields are still checked
        Case(prefix + #""x":1e}}"#, 29, "digit in exponent"),
        Case(prefix + #""x":nul}}"#, 27, "null"),
        Case(prefix + #""x":[1 2]}}"#, 30, "',' or ']'"),
        Case(prefix + #""x":}}"#, 27, "value"),
        Case(prefix + "\"x\":" + String(repeating: "[", count: 600), 27 + 512, "at most 512 nested"),
        Case(bytes: Array((prefix + #""mood":""#).utf8) + [0x61, 0xFF, 0x22, 0x7D, 0x7D], 32, "valid UTF-8"),
        Case(bytes: Array((prefix + #""mood":""#).utf8) + [0xE2, 0x82, 0x22, 0x7D, 0x7D], 33, "valid UTF-8 continuation byte"),
        Case(bytes: Array((prefix + #""mood":""#).utf8) + [0xC0, 0xAF, 0x22, 0x7D, 0x7D], 31, "valid UTF-8"), // overlong '/'
        Case(#"{"type":5,"message":{}}"#, 8, "string"),
        Case(#"{"message":{}}"#, 13, "field 'type'"),
        Case(#"{"type":"claimResult"}"#, 21, "field 'message'"),
        Case(#"{"type":"u","type":"u","message":{}}"#, 12, "a single 'type' field"),
        Case(#"{"type":"u","message":[]}"#, 22, "object"),
    ]

    @Test(arguments: cases)
    func failsAtTheOffendingByte(_ testCase: Case) {
        do {
            let message = try ServerMessage.decode(testCase.input)
            Issue.record("decoded \(message) instead of failing")
        } catch {
            #expect(error.offset == testCase.offset, "\(error)")
            #expect(error.expected.contains(testCase.expected), "\(error)")
        }
    }

    @Test func errorDescriptionNamesPathOffsetAndExpectation() {
        #expect(throws: ProtocolError.self) { try ServerMessage.decode(Array((Self.prefix + #""energy":"full"}}"#).utf8)) }
        do {
            _ = try ServerMessage.decode(Array((Self.prefix + #""energy":"full"}}"#).utf8))
        } catch {
            #expect(error.description == "message.energy: expected integer, found string at byte 32")
        }
    }

    @Test func envelopeMustBeTheWholeInput() {
        #expect(throws: ProtocolError.self) { try ClientMessage.decode(Array(#"{"type":"start"}{"type":"stop"}"#.utf8)) }
    }
}
