import TapedeckCore
import TapedeckProtocol
import Testing

@testable import TapedeckState

@Suite struct JSONPathTests {
    static let document: JSONValue = .object([
        "player": .object(["relationships": .object(["romantic": .array([.object(["name": .string("Alex")])])])]),
        "grid": .array([.array([.int(1), .int(2)]), .array([.int(3)])]),
        "odd key-1": .bool(true),
    ])

    @Test func parsesKeysAndIndexes() throws {
        let path = try JSONPath(parsing: "player.relationships.romantic[0].name")
        #expect(path.components == [.key("player"), .key("relationships"), .key("romantic"), .index(0), .key("name")])
        #expect(path.description == "player.relationships.romantic[0].name")
        #expect(try JSONPath(parsing: "[1][0]").components == [.index(1), .index(0)])
        #expect(try JSONPath(parsing: "").components.isEmpty)
    }

    @Test func looksUpValues() {
        #expect(Self.document.value(at: "player.relationships.romantic[0].name") == .string("Alex"))
        #expect(Self.document.value(at: "grid[0][1]") == .int(2))
        #expect(Self.document.value(at: "odd key-1") == .bool(true))
        #expect(Self.document.value(at: "") == Self.document)
    }

    @Test func missingValuesAreNil() {
        #expect(Self.document.value(at: "player.age") == nil)
        #expect(Self.document.value(at: "grid[2]") == nil)
        #expect(Self.document.value(at: "grid[1][0].x") == nil)
        #expect(Self.document.value(at: "player[0]") == nil)
        #expect(Self.document.value(at: "grid.x") == nil)
        #expect(Self.document.value(at: "player..x") == nil)
    }

    @Test(arguments: [
        ("player..name", 8, "expected a key"),
        ("player.", 8, "expected a key after '.'"),
        ("grid[x]", 6, "expected a non-negative array index"),
        ("grid[-1]", 6, "expected a non-negative array index"),
        ("grid[1", 7, "expected ']'"),
        ("grid[1]x", 8, "expected '.' or '[' after a path component"),
        (".player", 1, "expected a key"),
        ("a]", 2, "expected '.' or '[' after a path component"),
        ("grid[99999999999999999999]", 26, "array index is too large"),
    ])
    func badPathsSayWhereAndWhat(path: String, column: Int, problem: String) {
        #expect(throws: JSONPathError(path: path, column: column, problem: problem)) {
            try JSONPath(parsing: path)
        }
    }

    @Test func errorMessageShowsTheFix() {
        let error = JSONPathError(path: "a..b", column: 3, problem: "expected a key")
        #expect(error.description.hasPrefix("invalid state path \"a..b\" at column 3: expected a key;"))
    }
}
