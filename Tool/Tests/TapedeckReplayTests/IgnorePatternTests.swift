import TapedeckCore
import TapedeckProtocol
import TapedeckReplay
import Testing

@Suite struct IgnorePatternTests {
    let state: JSONValue = .object([
        "image": .string("root.png"),
        "lifeEvents": .array([
            .object(["id": .string("e1"), "claimedAt": .string("2026-11-23T10:00:00Z"), "claimed": .bool(true)]),
            .object(["id": .string("e2"), "claimedAt": .null, "claimed": .bool(false)]),
        ]),
        "player": .object([
            "image": .string("me.png"),
            "people": .array([.object(["id": .string("p1"), "image": .string("p1.png")]), .object(["id": .string("p2")])]),
        ]),
    ])

    @Test func indexWildcardsAndAnyDepthPatternsRemoveEveryMatchAndNothingElse() throws {
        let filter = try SnapshotFilter(ignoring: ["lifeEvents[*].claimedAt", "*.image"])
        #expect(
            filter.apply(state)
                == .object([
                    "lifeEvents": .array([
                        .object(["id": .string("e1"), "claimed": .bool(true)]),
                        .object(["id": .string("e2"), "claimed": .bool(false)]),
                    ]),
                    "player": .object(["people": .array([.object(["id": .string("p1")]), .object(["id": .string("p2")])])]),
                ]))
    }

    @Test func exactPathsIndicesAndTrailingWildcards() throws {
        let people = try SnapshotFilter(ignoring: ["player.people[0]"]).apply(state)
        #expect(
            people
                == .object([
                    "image": .string("root.png"),
                    "lifeEvents": state.field("lifeEvents")!,
                    "player": .object(["image": .string("me.png"), "people": .array([.object(["id": .string("p2")])])]),
                ]))
        let everythingUnderPlayer = try SnapshotFilter(ignoring: ["player.*"]).apply(state)
        #expect(everythingUnderPlayer.field("player") == nil)
        #expect(try SnapshotFilter(ignoring: ["lifeEvents[*].nothing", "absent"]).apply(state) == state)
        #expect(SnapshotFilter.none.apply(state) == state)
    }

    @Test func aBadPatternSaysWhereAndWhy() {
        func error(_ text: String) -> String? {
            do {
                _ = try IgnorePattern(text)
                return nil
            } catch { return error.description }
        }
        #expect(error("") == "ignore pattern \"\", column 1: the pattern is empty")
        #expect(error("a..b") == "ignore pattern \"a..b\", column 3: expected a member name before \".\"")
        #expect(
            error("events[x]") == "ignore pattern \"events[x]\", column 7: expected an index or \"*\" inside [ ], found \"x\"")
        #expect(error("events[") == "ignore pattern \"events[\", column 7: \"[\" is not closed by \"]\"")
        #expect(error("a.") == "ignore pattern \"a.\", column 2: the pattern ends with \".\"")
        #expect(error("events[0]name") == "ignore pattern \"events[0]name\", column 10: expected \".\" or \"[\" after \"]\"")
        #expect(error("lifeEvents[*].claimedAt") == nil)
    }
}

extension JSONValue {
    fileprivate func field(_ key: String) -> JSONValue? {
        if case .object(let fields) = self { return fields[key] }
        return nil
    }
}
