import Testing

@_spi(TapedeckTool) @testable import TapedeckProtocol

/// Issue 18: `ConformanceChecker` (what `tapedeck conform` runs) against the generated `WireSchema`.
@Suite struct ConformanceCheckerTests {
    let checker = ConformanceChecker()

    @Test func everyDocumentedExampleConforms() throws {
        let document = try ProtocolDocument.load()
        for example in document.serverExamples {
            #expect(checker.check(example.bytes, server: true).departures.isEmpty, "\(example.json)")
        }
        for example in document.clientExamples {
            #expect(checker.check(example.bytes, server: false).departures.isEmpty, "\(example.json)")
        }
        #expect(document.serverExamples.count == WireSchema.baoLife.server.count)
    }

    @Test func departuresInsideArraysKeepTheIndexAndGroupWithout() {
        let text =
            #"{"type":"questionEvent","message":{"id":"q","question":"?","options":[{"id":"a","text":"A"},{"id":"b","text":"B","mood":1}]}}"#
        let result = checker.check(Array(text.utf8), server: true)
        #expect(result.type == "questionEvent")
        #expect(
            result.departures == [Departure(kind: .unknownField, path: "message.options[1].mood", offset: 113, detail: "number")])
        #expect(result.departures.first?.pathPattern == "message.options[].mood")
    }

    @Test func integralNumbersConformAndFractionsDoNot() {
        #expect(
            checker.check(Array(#"{"type":"u","message":{"energy":100.0,"money":1e3,"diamonds":-0}}"#.utf8), server: true)
                .departures.isEmpty)
        let result = checker.check(Array(#"{"type":"u","message":{"energy":0.5}}"#.utf8), server: true)
        #expect(result.departures == [Departure(kind: .nonIntegral, path: "message.energy", offset: 32, detail: "0.5")])
    }

    @Test func nullMeansAbsentForOptionalFieldsOnly() {
        #expect(checker.check(Array(#"{"type":"u","message":{"energy":null}}"#.utf8), server: true).departures.isEmpty)
        let result = checker.check(
            Array(#"{"type":"claimResult","message":{"eventId":null,"accepted":true}}"#.utf8), server: true)
        #expect(result.departures.map(\.kind) == [.typeMismatch])
    }

    @Test func malformedJSONIsOneDeparture() {
        let result = checker.check(Array(#"{"type":"u","message":{"energy":}"#.utf8), server: true)
        #expect(result.departures.map(\.kind) == [.malformed])
    }

    @Test func theReferenceServersAdvanceIsAControlMessage() {
        #expect(checker.check(Array(#"{"type":"advance","message":{"seconds":1}}"#.utf8), server: false).departures.isEmpty)
        if case .unknown(let type, _) = try? ClientMessage.decode(Array(#"{"type":"advance","message":{"seconds":1}}"#.utf8)) {
            #expect(type == "advance")
        } else {
            Issue.record("advance decoded as a ClientMessage case")
        }
    }
}
