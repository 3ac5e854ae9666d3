import TapedeckSynthetic
import TestSupport
import Testing

@testable import TapedeckProtocol

/// The envelope rules: field order, unknown types and fields, bodyless types, exact encoding.
@Suite(.cpuBound) struct EnvelopeTests {
    @Test func unknownTypeKeepsTheExactBytes() throws {
        let text = #"{ "type": "newThing", "message": {"a": [1, 2.5, {"b": null}]}, "extra": true }"#
        let message = try ServerMessage.decode(Array(text.utf8))
        #expect(message == .unknown(type: "newThing", raw: Array(text.utf8)))
        #expect(message.type == "newThing")
        #expect(message.encoded() == Array(text.utf8))
    }

    @Test func unknownTypeStillNeedsValidJSON() {
        #expect(throws: ProtocolError.self) { try ServerMessage.decode(Array(#"{"type":"newThing","message":{"a":}}"#.utf8)) }
    }

    @Test func unknownClientTypeKeepsTheExactBytes() throws {
        let bytes = Array(#"{"message":{"x":1},"type":"dance"}"#.utf8)
        #expect(try ClientMessage.decode(bytes) == .unknown(type: "dance", raw: bytes))
    }

    @Test func unknownFieldsAreIgnoredAtEveryLevel() throws {
        let text =
            #"{"type":"matchResult","id":7,"message":{"personId":"p","future":{"x":[1,{"y":"z"}]},"matched":true,"compatibility":5,"more":null},"ts":1.5}"#
        #expect(
            try ServerMessage.decode(Array(text.utf8))
                == .matchResult(MatchResult(personId: "p", matched: true, compatibility: 5)))
    }

    @Test func typeMayComeAfterMessage() throws {
        let text = #"{"message":{"eventId":"e1","accepted":false,"reason":"unknownEvent"},"type":"claimResult"}"#
        #expect(
            try ServerMessage.decode(Array(text.utf8))
                == .claimResult(ClaimResult(eventId: "e1", accepted: false, reason: "unknownEvent")))
    }

    @Test func whitespaceAnywhereBetweenTokens() throws {
        let text = " \n{ \"type\" :\t\"speed\" ,\r\n \"message\" : { \"speed\" : 50 } }\n"
        #expect(try ClientMessage.decode(Array(text.utf8)) == .speed(SpeedChange(speed: 50)))
    }

    @Test func bodylessTypesAcceptEmptyNullOrMissingBodies() throws {
        for text in [
            #"{"type":"start","message":{}}"#, #"{"type":"start","message":null}"#,
            #"{"type":"start"}"#, #"{"type":"start","message":{"why":"tests"}}"#,
        ] {
            #expect(try ClientMessage.decode(Array(text.utf8)) == .start, "\(text)")
        }
        #expect(throws: ProtocolError.self) { try ClientMessage.decode(Array(#"{"type":"start","message":5}"#.utf8)) }
    }

    @Test func nullOptionalsAreAbsent() throws {
        let text = #"{"type":"claimResult","message":{"eventId":"e","accepted":true,"reason":null}}"#
        #expect(try ServerMessage.decode(Array(text.utf8)) == .claimResult(ClaimResult(eventId: "e", accepted: true)))
    }

    @Test func absentDefaultedFieldsTakeTheirDefaults() throws {
        let text = #"{"type":"personObject","message":{"id":"p9","name":"Kim"}}"#
        #expect(try ServerMessage.decode(Array(text.utf8)) == .personObject(Person(id: "p9", name: "Kim")))
    }

    @Test func lastValueWinsForRepeatedBodyFields() throws {
        let text = #"{"type":"u","message":{"energy":1,"energy":2}}"#
        #expect(try ServerMessage.decode(Array(text.utf8)) == .update(PartialUpdate(energy: 2)))
    }

    @Test func encodingIsCompactOrderedAndOmitsAbsentOptionals() {
        let update = ServerMessage.update(PartialUpdate(energy: 5, money: -20, mood: "ok"))
        #expect(
            String(decoding: update.encoded(), as: UTF8.self) == #"{"type":"u","message":{"energy":5,"money":-20,"mood":"ok"}}"#)
        #expect(String(decoding: ClientMessage.start.encoded(), as: UTF8.self) == #"{"type":"start","message":{}}"#)
        let event = ServerMessage.messageEvent(LifeEvent(id: "e1", message: "Hi", date: "2025-01-01", hour: 3, moneyCost: -7))
        #expect(
            String(decoding: event.encoded(), as: UTF8.self)
                == #"{"type":"messageEvent","message":{"id":"e1","message":"Hi","date":"2025-01-01","hour":3,"moneyCost":-7,"characters":[]}}"#
        )
    }

    @Test func decodeWorksOnABufferSlice() throws {
        // Offsets are relative to the buffer handed in, so a frame inside a larger tape record decodes alike.
        let record = Array("xx{\"type\":\"stop\"}yy".utf8)
        let message = try record.withUnsafeBytes { raw in
            try ClientMessage.decode(UnsafeRawBufferPointer(rebasing: raw[2..<(record.count - 2)]))
        }
        #expect(message == .stop)
    }

    @Test func compactEnvelopeWordsAreTheirBytes() {
        func word(_ text: String) -> UInt64 {
            Array(text.utf8).enumerated().reduce(0) { $0 | UInt64($1.element) << (8 * UInt64($1.offset)) }
        }
        #expect(JSONReader.typePrefix == word(#"{"type":"#))
        #expect(JSONReader.messagePrefix == word(#","messag"#))
        #expect(UInt64(JSONReader.messageSuffix) == word(#"ge":"#))
    }

    /// The word-compare start (`readCompactEnvelopeStart`) must agree with the general reader on
    /// every message and on near misses: spaced, reordered, extra or repeated fields, cut short.
    @Test func compactStartAgreesWithTheGeneralReader() {
        func decoded(_ text: String) -> String {
            let bytes = Array(text.utf8)
            let fast = Result { try ServerMessage.decode(bytes) }
            let general = Result {
                try bytes.withUnsafeBytes { raw in try Envelope.decodeInAnyOrder(raw, as: ServerMessage.self) }
            }
            #expect("\(fast)" == "\(general)", "\(text)")
            return "\(fast)"
        }
        for envelope in SyntheticMessages.envelopes(count: 300, seed: 5) {
            let text = String(decoding: envelope, as: UTF8.self)
            let body = text.dropFirst(text.firstRange(of: #","message":"#)!.upperBound.utf16Offset(in: text)).dropLast()
            let type = text.split(separator: "\"")[3]
            let variants = [
                text, text + " ", " " + text, text.replacingOccurrences(of: #"{"type":"#, with: #"{ "type":"#),
                text.replacingOccurrences(of: #"","message":"#, with: #"" ,"message":"#),
                text.replacingOccurrences(of: #"","message":"#, with: #"","message" :"#),
                #"{"type":"\#(type)","message":\#(body),"ts":17}"#, #"{"type":"\#(type)","message":\#(body),"type":"u"}"#,
                #"{"type":"\#(type)","mess":1,"message":\#(body)}"#, #"{"type":"\#(type)","message":\#(body)"#,
                #"{"type":"\#(type)","message":\#(body)}}"#, #"{"type":"\#(type.dropLast())","message":\#(body)}"#,
            ]
            for variant in variants { _ = decoded(variant) }
            #expect(decoded(text).hasPrefix("success"), "\(text)")
        }
    }
}
