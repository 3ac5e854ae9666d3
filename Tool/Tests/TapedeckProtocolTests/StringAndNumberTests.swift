import Testing

@testable import TapedeckProtocol

@Suite struct StringAndNumberTests {
    func sendMessageText(_ jsonString: String) throws -> String {
        let text = #"{"type":"sendMessage","message":{"personId":"p","text":"# + jsonString + "}}"
        guard case .sendMessage(let body) = try ClientMessage.decode(Array(text.utf8)) else {
            Issue.record("not a sendMessage")
            return ""
        }
        return body.text
    }

    @Test func everyEscapeDecodes() throws {
        #expect(try sendMessageText(#""a\"b\\c\/d\b\f\n\r\t|""#) == "a\"b\\c/d\u{08}\u{0C}\n\r\t|")
        #expect(try sendMessageText(#""\u00e9\u00C9\u4e2d\u0000""#) == "\u{E9}\u{C9}\u{4E2D}\u{0}")
        #expect(try sendMessageText(#""\ud83d\ude00 ok""#) == "\u{1F600} ok")
    }

    @Test func rawUTF8Decodes() throws {
        #expect(try sendMessageText("\"Zoë 中文 🎉\"") == "Zoë 中文 🎉")
        #expect(try sendMessageText("\"Zoë \\n🎉\"") == "Zoë \n🎉")
    }

    @Test func escapedFieldNamesAndTypesMatch() throws {
        #expect(
            try ServerMessage.decode(Array(#"{"type":"u","message":{"\u0065nergy":5}}"#.utf8))
                == .update(PartialUpdate(energy: 5)))
        #expect(try ServerMessage.decode(Array(#"{"\u0074ype":"\u0075","message":{}}"#.utf8)) == .update(PartialUpdate()))
    }

    @Test func encodingEscapesOnlyWhatJSONRequires() throws {
        let text = "quote\" back\\ nl\n tab\t bell\u{07} é 🎉 /"
        let message = ClientMessage.sendMessage(SendMessage(personId: "p", text: text))
        let encoded = String(decoding: message.encoded(), as: UTF8.self)
        #expect(
            encoded == #"{"type":"sendMessage","message":{"personId":"p","text":"quote\" back\\ nl\n tab\t bell\u0007 é 🎉 /"}}"#)
        #expect(try ClientMessage.decode(message.encoded()) == message)
    }

    @Test func integersUseTheFullIntRange() throws {
        #expect(
            try ClientMessage.decode(Array(#"{"type":"speed","message":{"speed":9223372036854775807}}"#.utf8))
                == .speed(SpeedChange(speed: Int.max)))
        #expect(
            try ClientMessage.decode(Array(#"{"type":"speed","message":{"speed":-9223372036854775808}}"#.utf8))
                == .speed(SpeedChange(speed: Int.min)))
        #expect(
            try ClientMessage.decode(Array(#"{"type":"speed","message":{"speed":-0}}"#.utf8)) == .speed(SpeedChange(speed: 0)))
        for value in [Int.max, Int.min, 0, -1, 10, 1_000_000_007] {
            let message = ClientMessage.speed(SpeedChange(speed: value))
            #expect(String(decoding: message.encoded(), as: UTF8.self) == #"{"type":"speed","message":{"speed":\#(value)}}"#)
            #expect(try ClientMessage.decode(message.encoded()) == message)
        }
    }

    @Test(arguments: ["9223372036854775808", "-9223372036854775809", "18446744073709551616", "99999999999999999999999"])
    func integerOverflowIsAnError(_ literal: String) {
        do {
            _ = try ClientMessage.decode(Array(#"{"type":"speed","message":{"speed":\#(literal)}}"#.utf8))
            Issue.record("\(literal) decoded")
        } catch {
            #expect(error.offset == 35)
            #expect(error.expected.hasPrefix("integer within"))
            #expect(error.pathDescription == "message.speed")
        }
    }

    func sentiment(_ literal: String) throws -> Double? {
        let text =
            #"{"type":"conversationEvent","message":{"conversationId":"c","personId":"p","message":{"id":"m","sender":"p","text":"t","sentiment":\#(literal)}}}"#
        guard case .conversationEvent(let event) = try ServerMessage.decode(Array(text.utf8)) else { return nil }
        return event.message.sentiment
    }

    @Test func doublesParseExactly() throws {
        #expect(try sentiment("0.1") == 0.1)
        #expect(try sentiment("-0.5") == -0.5)
        #expect(try sentiment("1E2") == 100)
        #expect(try sentiment("1e-3") == 0.001)
        #expect(try sentiment("2.5e+1") == 25)
        #expect(try sentiment("7") == 7)
        #expect(try sentiment("12345678901234567890") == 12345678901234567890.0)
        #expect(try sentiment("0.30000000000000004") == 0.30000000000000004)
        #expect(try sentiment("null") == nil)
        #expect(throws: ProtocolError.self) { try sentiment("1e400") }
        #expect(throws: ProtocolError.self) { try sentiment(".5") }
        #expect(throws: ProtocolError.self) { try sentiment("+1") }
        #expect(throws: ProtocolError.self) { try sentiment("NaN") }
    }

    @Test func doublesEncodeInShortestRoundTripForm() throws {
        for (value, text) in [
            (0.1, "0.1"), (-0.5, "-0.5"), (3.0, "3.0"), (1e-05, "1e-05"), (0.30000000000000004, "0.30000000000000004"),
        ] {
            let message = ServerMessage.conversationEvent(
                ConversationEvent(
                    conversationId: "c", personId: "p",
                    message: ConversationMessage(id: "m", sender: "p", text: "t", sentiment: value)))
            let encoded = String(decoding: message.encoded(), as: UTF8.self)
            #expect(encoded.hasSuffix(#""sentiment":\#(text)}}}"#), "\(encoded)")
            #expect(try ServerMessage.decode(message.encoded()) == message)
        }
    }
}
