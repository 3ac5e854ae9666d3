import TapedeckCore
import TapedeckProtocol
import Testing

@testable import TapedeckReplay

/// Arrays whose elements carry an identity diff as insertions, removals, moves and changed fields
/// of one element; arrays without one diff by index, as before.
@Suite struct IdentityDiffTests {
    static func event(_ number: Int, claimed: Bool = false) -> JSONValue {
        .object(["id": .string("e\(number)"), "title": .string("Event \(number)"), "claimed": .bool(claimed)])
    }

    static func timeline(_ numbers: [Int]) -> JSONValue { .object(["lifeEvents": .array(numbers.map { event($0) })]) }

    @Test func anInsertionAtTheHeadOfAFullTimelineIsOneInsertedAndOneRemoved() throws {
        // The timeline keeps its last 50 events: a new one at the head drops the oldest at the tail.
        let expected = Self.timeline(Array(1...50))
        let actual = Self.timeline([51] + Array(1...49))
        let diff = try #require(SnapshotDiff(expected: expected, actual: actual))
        #expect(
            diff.elementChanges == [
                ArrayElementChange(path: "lifeEvents[id=e51]", kind: .inserted(at: 0)),
                ArrayElementChange(path: "lifeEvents[id=e50]", kind: .removed(from: 49)),
            ])
        #expect(diff.changedPaths == ["lifeEvents[id=e51]", "lifeEvents[id=e50]"])
        #expect(
            diff.lines == [
                "  lifeEvents: [",
                "+   [id=e51]: {\"claimed\":false,\"id\":\"e51\",\"title\":\"Event 51\"}",
                "    [id=e1]: { 3 keys }",
                "    … 47 unchanged",
                "    [id=e49]: { 3 keys }",
                "−   [id=e50]: {\"claimed\":false,\"id\":\"e50\",\"title\":\"Event 50\"}",
                "  ]",
            ])
        #expect(
            diff.text.hasPrefix(
                "Expected: −, Actual: +\nInserted: lifeEvents[id=e51]\nRemoved: lifeEvents[id=e50]\n  lifeEvents: [\n"))
        // By index, the same change is every element's id and title.
        let byIndex = try #require(SnapshotDiff(expected: expected, actual: actual, identity: .none))
        #expect(byIndex.changedPaths.count == 100)
        #expect(byIndex.changedPaths.prefix(2) == ["lifeEvents[0].id", "lifeEvents[0].title"])
        #expect(byIndex.elementChanges.isEmpty)
    }

    @Test func aMovedElementIsOneMoveNotAShiftOfTheOthers() throws {
        let diff = try #require(SnapshotDiff(expected: Self.timeline([1, 2, 3, 4]), actual: Self.timeline([3, 1, 2, 4])))
        #expect(diff.elementChanges == [ArrayElementChange(path: "lifeEvents[id=e3]", kind: .moved(from: 2, to: 0))])
        #expect(diff.changedPaths == ["lifeEvents[id=e3]"])
        #expect(
            diff.lines == [
                "  lifeEvents: [",
                "    [id=e3] (moved from 2 to 0): { 3 keys }",
                "    [id=e1]: { 3 keys }",
                "    … 2 unchanged",
                "  ]",
            ])
        #expect(diff.text.hasPrefix("Expected: −, Actual: +\nMoved: lifeEvents[id=e3] from 2 to 0\n  lifeEvents: [\n"))
    }

    @Test func aChangedFieldOfAnIdentifiedElementIsNamedByItsIdentity() throws {
        let expected = JSONValue.object(["lifeEvents": .array([Self.event(1), Self.event(2), Self.event(3)])])
        let actual = JSONValue.object(["lifeEvents": .array([Self.event(1), Self.event(2, claimed: true), Self.event(3)])])
        let diff = try #require(SnapshotDiff(expected: expected, actual: actual))
        #expect(diff.changedPaths == ["lifeEvents[id=e2].claimed"])
        #expect(diff.elementChanges.isEmpty)
        #expect(
            diff.lines == [
                "  lifeEvents: [",
                "    [id=e1]: { 3 keys }",
                "    [id=e2]: {",
                "−     claimed: false",
                "+     claimed: true",
                "      id: \"e2\"",
                "      … 1 unchanged",
                "    }",
                "    [id=e3]: { 3 keys }",
                "  ]",
            ])
        #expect(diff.text.hasPrefix("Expected: −, Actual: +\nChanged: lifeEvents[id=e2].claimed\n  lifeEvents: [\n"))
    }

    /// The example of docs/REPLAY.md, "Goldens and record modes", line for line.
    @Test func theDocumentedExample() throws {
        let actual = JSONValue.object(
            [
                "lifeEvents": .array(
                    [Self.event(51), Self.event(3, claimed: true), Self.event(1), Self.event(2)] + (4...49).map { Self.event($0) }
                )
            ])
        let diff = try #require(SnapshotDiff(expected: Self.timeline(Array(1...50)), actual: actual))
        #expect(
            diff.text == """
                Expected: −, Actual: +
                Changed: lifeEvents[id=e3].claimed
                Inserted: lifeEvents[id=e51]
                Removed: lifeEvents[id=e50]
                Moved: lifeEvents[id=e3] from 2 to 1
                  lifeEvents: [
                +   [id=e51]: {"claimed":false,"id":"e51","title":"Event 51"}
                    [id=e3] (moved from 2 to 1): {
                −     claimed: false
                +     claimed: true
                      id: "e3"
                      … 1 unchanged
                    }
                    [id=e1]: { 3 keys }
                    … 46 unchanged
                    [id=e49]: { 3 keys }
                −   [id=e50]: {"claimed":false,"id":"e50","title":"Event 50"}
                  ]
                """)
    }

    @Test func aMovedElementWithAChangedFieldShowsBoth() throws {
        let expected = JSONValue.object(["lifeEvents": .array([Self.event(1), Self.event(2), Self.event(3)])])
        let actual = JSONValue.object(["lifeEvents": .array([Self.event(3, claimed: true), Self.event(1), Self.event(2)])])
        let diff = try #require(SnapshotDiff(expected: expected, actual: actual))
        #expect(diff.changedPaths == ["lifeEvents[id=e3]", "lifeEvents[id=e3].claimed"])
        #expect(
            diff.text.hasPrefix(
                "Expected: −, Actual: +\nChanged: lifeEvents[id=e3].claimed\nMoved: lifeEvents[id=e3] from 2 to 0\n"
                    + "  lifeEvents: [\n    [id=e3] (moved from 2 to 0): {\n−     claimed: false\n+     claimed: true\n"))
    }

    @Test func theCallerNamesTheKeyOfAnArrayByItsPath() throws {
        func state(_ people: [(String, String)]) -> JSONValue {
            .object([
                "player": .object([
                    "people": .array(people.map { .object(["personId": .string($0.0), "name": .string($0.1)]) })
                ])
            ])
        }
        let expected = state([("p1", "Mai"), ("p2", "Lan"), ("p3", "Hoa")])
        let actual = state([("p1", "Mai"), ("p3", "Hoa")])
        let identity = try ArrayIdentity(["player.people": "personId"])
        let diff = try #require(SnapshotDiff(expected: expected, actual: actual, identity: identity))
        #expect(diff.elementChanges == [ArrayElementChange(path: "player.people[personId=p2]", kind: .removed(from: 1))])
        #expect(diff.text.hasPrefix("Expected: −, Actual: +\nRemoved: player.people[personId=p2]\n"))
        // `*` reaches the same array at any depth.
        let anywhere = try #require(
            SnapshotDiff(expected: expected, actual: actual, identity: ArrayIdentity(["*.people": "personId"])))
        #expect(anywhere.changedPaths == ["player.people[personId=p2]"])
        // Under the default key (`id`, which these elements lack) the array diffs by index.
        let byIndex = try #require(SnapshotDiff(expected: expected, actual: actual))
        #expect(byIndex.changedPaths == ["player.people[1].name", "player.people[1].personId", "player.people[2]"])
    }

    @Test func scalarsAndDuplicateIdentitiesDiffByIndexAsBefore() throws {
        let tags = try #require(
            SnapshotDiff(
                expected: .object(["tags": .array([.string("a"), .string("b")])]),
                actual: .object(["tags": .array([.string("z"), .string("a"), .string("b")])])))
        #expect(tags.changedPaths == ["tags[0]", "tags[1]", "tags[2]"])
        #expect(tags.elementChanges.isEmpty)
        #expect(tags.text.hasPrefix("Expected: −, Actual: +\nChanged: tags[0], tags[1], tags[2]\n"))

        let twice = JSONValue.object(["id": .string("e1"), "claimed": .bool(false)])
        let duplicates = try #require(
            SnapshotDiff(
                expected: .object(["lifeEvents": .array([twice, twice])]),
                actual: .object(["lifeEvents": .array([twice])])))
        #expect(duplicates.changedPaths == ["lifeEvents[1]"])
    }

    @Test func numericIdentitiesAndAnEmptySide() throws {
        let diff = try #require(
            SnapshotDiff(
                expected: .object(["queue": .array([])]),
                actual: .object(["queue": .array([.object(["id": .int(7), "text": .string("Why?")])])])))
        #expect(diff.elementChanges == [ArrayElementChange(path: "queue[id=7]", kind: .inserted(at: 0))])
        #expect(diff.lines == ["  queue: [", "+   [id=7]: {\"id\":7,\"text\":\"Why?\"}", "  ]"])
    }

    @Test func aKeyPatternThatDoesNotParseIsTheError() {
        #expect(throws: IgnorePatternError(pattern: "people[", column: 7, message: "\"[\" is not closed by \"]\"")) {
            try ArrayIdentity(["people[": "personId"])
        }
    }

    @Test func theMostSpecificPatternWins() throws {
        let identity = try ArrayIdentity(["*.people": "personId", "npc.people": "npcId"], defaultKey: nil)
        #expect(identity.key(forArrayAt: [.key("npc"), .key("people")]) == "npcId")
        #expect(identity.key(forArrayAt: [.key("player"), .key("people")]) == "personId")
        #expect(identity.key(forArrayAt: [.key("rows"), .index(2), .key("people")]) == "personId")
        #expect(identity.key(forArrayAt: [.key("lifeEvents")]) == nil)
    }
}
