import Testing

@testable import TapedeckProtocol

/// Short keys, strings and integers take a word-at-a-time path when 16 readable bytes follow
/// them, and the full scanner otherwise. Every value here is decoded at each distance from the
/// end of the input (trailing whitespace 0...24), so both paths and the switch between them
/// must give the same answers and the same errors.
@Suite struct ShortValueFastPathTests {
    static let paddings = 0...24

    func decodeClient(_ json: String, padding: Int) throws -> ClientMessage {
        try ClientMessage.decode(Array((json + String(repeating: " ", count: padding)).utf8))
    }

    @Test(arguments: [
        "", "a", "happy", "1234567", "12345678", "123456789", "abcdefghijklmn", "abcdefghijklmno",
        "abcdefghijklmnop", "abcdefghijklmnopq", "a quote \\\" inside", "tab\\tx", "é", "short é",
        "abcdefghijklmnoé",
    ])
    func stringsDecodeTheSameAtEveryDistanceFromTheEnd(_ written: String) throws {
        let expected = try Array(written.utf8).withUnsafeBytes { bytes throws(ProtocolError) in
            try JSONReader.unescape(bytes, offset: 0)
        }
        for padding in Self.paddings {
            let message = try decodeClient(
                #"{"type":"sendMessage","message":{"personId":"p","text":""# + written + #""}}"#, padding: padding)
            #expect(
                message == .sendMessage(SendMessage(personId: "p", text: String(decoding: expected, as: UTF8.self))),
                "padding \(padding)")
        }
    }

    @Test(arguments: [
        ("0", 0), ("7", 7), ("42", 42), ("999", 999), ("1234", 1234), ("12345", 12345), ("-3", -3),
        ("-0", 0), ("123456789", 123_456_789),
        ("1234567890", 1_234_567_890), ("-987654321", -987_654_321), ("-9876543210", -9_876_543_210),
        ("100000000000", 100_000_000_000), ("-9223372036854775808", Int.min),
    ])
    func integersDecodeTheSameAtEveryDistanceFromTheEnd(_ written: String, _ value: Int) throws {
        for padding in Self.paddings {
            #expect(
                try decodeClient(#"{"type":"speed","message":{"speed":"# + written + "}}", padding: padding)
                    == .speed(SpeedChange(speed: value)), "padding \(padding)")
            // Last in the document: the number is followed by nothing but the closing braces and padding.
            #expect(
                try decodeClient(#"{"message":{"speed":"# + written + #"},"type":"speed"}"#, padding: padding)
                    == .speed(SpeedChange(speed: value)), "padding \(padding)")
        }
    }

    @Test(arguments: [
        ("01", "no leading zeros", 35), ("1.5", "a number with a fraction", 35), ("12e-2", "a number with a fraction", 35),
        ("7E-1", "a number with a fraction", 35), ("0.01", "a number with a fraction", 35), ("-", "digit after '-'", 36),
        ("-01", "no leading zeros", 35), ("-2.5", "a number with a fraction", 35), ("-x", "digit after '-'", 36),
    ])
    func malformedIntegersFailTheSameAtEveryDistanceFromTheEnd(_ written: String, _ complaint: String, _ offset: Int) {
        for padding in Self.paddings {
            do {
                _ = try decodeClient(#"{"type":"speed","message":{"speed":"# + written + "}}", padding: padding)
                Issue.record("\(written) decoded with padding \(padding)")
            } catch let error as ProtocolError {
                #expect("\(error)".contains(complaint), "padding \(padding): \(error)")
                #expect(error.offset == offset, "padding \(padding): \(error)")
            } catch {
                Issue.record("not a ProtocolError: \(error)")
            }
        }
    }

    @Test func keysWithSpaceBeforeTheColonOrLongNamesStillMatch() throws {
        for padding in Self.paddings {
            #expect(
                try decodeClient(#"{"type" : "speed" , "message" : {"speed" : 3}}"#, padding: padding)
                    == .speed(SpeedChange(speed: 3)))
            #expect(
                try ServerMessage.decode(
                    Array(
                        (#"{"type":"u","message":{"minuteOfHour":5,"hourOfDay":6}}"#
                            + String(repeating: " ", count: padding)).utf8))
                    == .update(PartialUpdate(hourOfDay: 6, minuteOfHour: 5)))
        }
    }

    @Test(arguments: ServerError.Kind.allCases)
    func everyEnumValueDecodesAtEveryDistanceFromTheEnd(_ kind: ServerError.Kind) throws {
        // "messageParsingFailed" is longer than 15 bytes: it always takes the String path.
        for padding in Self.paddings {
            let json = #"{"type":"error","message":{"kind":""# + kind.rawValue + #"","message":"m"}}"#
            #expect(
                try ServerMessage.decode(Array((json + String(repeating: " ", count: padding)).utf8))
                    == .error(ServerError(kind: kind, message: "m")), "padding \(padding)")
        }
    }

    @Test(arguments: [
        ("frien", "frien"), ("friends", "friends"), ("Friend", "Friend"), ("", ""), ("romantic\\u0000", "romantic\u{0}"),
    ])
    func nearMissesOfEnumValuesAreKeptAsUnknown(_ written: String, _ value: String) throws {
        // Issue 18: a value the schema does not know is kept as its string, never matched to a known one.
        for padding in Self.paddings {
            let json =
                #"{"type":"relationshipEvent","message":{"personId":"p","milestone":"m","kind":""# + written
                + #"","status":"s","affinity":1,"text":"t"}}"# + String(repeating: " ", count: padding)
            let message = try ServerMessage.decode(Array(json.utf8))
            guard case .relationshipEvent(let event) = message else {
                Issue.record("\(message)")
                return
            }
            #expect(event.kind == .unknown(value), "padding \(padding)")
        }
    }
}
