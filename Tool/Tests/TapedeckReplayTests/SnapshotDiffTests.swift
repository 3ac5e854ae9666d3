import TapedeckCore
import TapedeckProtocol
import Testing

@testable import TapedeckReplay

@Suite struct SnapshotDiffTests {
    @Test func equalValuesHaveNoDiff() {
        #expect(SnapshotDiff(expected: .object(["a": .int(1)]), actual: .object(["a": .int(1)])) == nil)
    }

    @Test func aChangedFieldShowsWithItsNearestSiblingsAndTheRestCollapsed() throws {
        let fields: [String: JSONValue] = ["a": .int(1), "b": .int(2), "c": .int(3), "d": .int(4), "e": .int(5), "f": .int(6)]
        var changed = fields
        changed["d"] = .int(40)
        let expected = JSONValue.object(["gameState": .object(fields), "other": .string("same")])
        let actual = JSONValue.object(["gameState": .object(changed), "other": .string("same")])
        let diff = try #require(SnapshotDiff(expected: expected, actual: actual))
        #expect(diff.changedPaths == ["gameState.d"])
        #expect(
            diff.lines == [
                "  gameState: {",
                "    … 2 unchanged",
                "    c: 3",
                "−   d: 4",
                "+   d: 40",
                "    e: 5",
                "    … 1 unchanged",
                "  }",
                "  other: \"same\"",
            ])
        #expect(diff.text.hasPrefix("Expected: −, Actual: +\nChanged: gameState.d\n"))
    }

    @Test func arraysCompareByIndexAndShowAddedElements() throws {
        let expected = JSONValue.object(["queue": .array([.string("q1")])])
        let actual = JSONValue.object(["queue": .array([.string("q1"), .object(["id": .string("q2")])])])
        let diff = try #require(SnapshotDiff(expected: expected, actual: actual))
        #expect(diff.changedPaths == ["queue[1]"])
        #expect(diff.lines == ["  queue: [", "    [0]: \"q1\"", "+   [1]: {\"id\":\"q2\"}", "  ]"])
    }

    @Test func aTypeChangeShowsBothValuesWhole() throws {
        let diff = try #require(
            SnapshotDiff(
                expected: .object(["error": .null]),
                actual: .object(["error": .object(["kind": .string("server")])])))
        #expect(diff.lines == ["− error: null", "+ error: {\"kind\":\"server\"}"])
    }
}
