import Testing

@testable import TapedeckProtocol

/// A field of the wrong type, a missing required field or an unknown enum value names the
/// path from the envelope down to it.
@Suite struct FieldErrorTests {
    func decodingError(_ text: String) -> ProtocolError? {
        do {
            _ = try ServerMessage.decode(Array(text.utf8))
            return nil
        } catch {
            return error
        }
    }

    @Test func wrongTypeInNestedObject() throws {
        let text =
            #"{"type":"playerObject","message":{"date":"2025-06-01","status":"playing","season":"summer","#
            + #""hourOfDay":9,"minuteOfHour":0,"gameSpeed":50,"person":{"id":"p1","name":"A","age":"old"}}}"#
        let error = try #require(decodingError(text))
        #expect(error.pathDescription == "message.person.age")
        #expect(error.expected == "integer")
        #expect(error.found == "string")
        #expect(error.offset == text.utf8.count - 8)
    }

    @Test func wrongTypeInArrayElement() throws {
        let text =
            #"{"type":"questionEvent","message":{"id":"q","question":"?","options":[{"id":"a","text":"x"},{"id":"b","text":5}]}}"#
        let error = try #require(decodingError(text))
        #expect(error.pathDescription == "message.options[1].text")
        #expect(error.description == "message.options[1].text: expected string, found number at byte 109")
    }

    @Test func missingFieldInArrayElement() throws {
        let text = #"{"type":"questionEvent","message":{"id":"q","question":"?","options":[{"id":"a"}]}}"#
        let error = try #require(decodingError(text))
        #expect(error.pathDescription == "message.options[0]")
        #expect(error.expected == "field 'text'")
        #expect(error.offset == 79)
    }

    @Test func nullIsNotAValueForRequiredFields() throws {
        let error = try #require(decodingError(#"{"type":"claimResult","message":{"eventId":null,"accepted":true}}"#))
        #expect(error.pathDescription == "message.eventId")
        #expect(error.found == "null")
    }

    @Test func errorsInADeferredMessageKeepAbsoluteOffsets() throws {
        // `message` before `type`: decoded after the envelope is read, offsets still count from byte 0.
        let error = try #require(decodingError(#"{"message":{"eventId":5,"accepted":true},"type":"claimResult"}"#))
        #expect(error.pathDescription == "message.eventId")
        #expect(error.offset == 22)
    }

    @Test func clientMessagesReportPathsToo() throws {
        do {
            _ = try ClientMessage.decode(Array(#"{"type":"swipe","message":{"personId":"p5","direction":7}}"#.utf8))
            Issue.record("decoded a number as a direction")
        } catch {
            #expect(error.pathDescription == "message.direction")
            #expect(error.offset == 55)
        }
    }
}

@Suite struct DocumentedErrorTextTests {
    /// The missing-field example quoted in docs/PROTOCOL.md.
    @Test func missingFieldExampleFromTheDocument() {
        do {
            _ = try ClientMessage.decode(Array(#"{"type":"claimEvent","message":{}}"#.utf8))
            Issue.record("decoded a claimEvent without fields")
        } catch {
            #expect(error.description == "message: expected field 'eventId', found end of object at byte 32")
        }
    }
}
