import TapedeckCore
import TapedeckProtocol
import TapedeckReplay
import Testing

/// A change in a path compared by format shows the real recorded and sent values and says it was
/// compared by format (issue 43: the masks `"0000-00-00T00:00:00.000Z"` against `0` were shown).
@Suite struct ClientMessageComparisonTests {
    static let comparison = ClientMessageComparison(formatOnly: try! SnapshotFilter(ignoring: ["timestamp"]))

    static func body(_ text: String) throws -> JSONValue { try JSONValue.parse(Array(text.utf8)) }

    @Test func aFormatChangeShowsTheRealValues() throws {
        let lines = Self.comparison.diffLines(
            recorded: try Self.body(#"{"eventId":"e1","timestamp":"2026-01-01T00:00:02.500Z"}"#),
            sent: try Self.body(#"{"eventId":"e1","timestamp":1767225602}"#))
        #expect(
            lines == [
                #"− timestamp: "2026-01-01T00:00:02.500Z""#, "+ timestamp: 1767225602",
                "(timestamp compared by format: every digit counts as 0)",
            ])
    }

    @Test func anotherTimeInTheSameFormatIsEqual() throws {
        #expect(
            Self.comparison.diffLines(
                recorded: try Self.body(#"{"timestamp":"2026-01-01T00:00:02.500Z"}"#),
                sent: try Self.body(#"{"timestamp":"2031-07-09T13:45:59.001Z"}"#)) == nil)
    }

    @Test func aChangeElsewhereIsTheUsualDiff() throws {
        let lines = Self.comparison.diffLines(
            recorded: try Self.body(#"{"eventId":"e1","timestamp":"2026-01-01T00:00:02.500Z"}"#),
            sent: try Self.body(#"{"eventId":"e2","timestamp":"2026-01-01T00:00:03.500Z"}"#))
        #expect(
            lines == [#"− eventId: "e1""#, #"+ eventId: "e2""#, #"  timestamp: "0000-00-00T00:00:00.000Z""#], "\(lines ?? [])")
    }
}
