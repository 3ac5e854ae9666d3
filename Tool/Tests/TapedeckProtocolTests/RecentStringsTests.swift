import TapedeckCore
import Testing

@testable import TapedeckProtocol

/// Long strings and short string lists are shared through a per-thread table of recent ones;
/// whatever the table holds, every decoded value must be exactly what the wire says.
@Suite struct RecentStringsTests {
    func decodedText(_ text: String) throws -> String {
        let json = #"{"type":"sendMessage","message":{"personId":"p","text":""# + text + #""}}"#
        guard case .sendMessage(let body) = try ClientMessage.decode(Array(json.utf8)) else { return "" }
        return body.text
    }

    @Test func manyDistinctAndRepeatedLongStringsKeepTheirBytes() throws {
        // 5,000 distinct strings of 16 to 64 bytes (more than the table's 1,024 slots, so slots are
        // reused and hashes collide), each decoded three times in a shuffled order.
        var random = SeededGenerator(seed: 7)
        let texts = (0..<5_000).map { index -> String in
            let length = 16 + index % 49
            let stem = "string \(index) of the test, "
            return String(String(repeating: stem, count: length / stem.count + 1).prefix(length))
        }
        var order = Array(texts.indices) + Array(texts.indices) + Array(texts.indices)
        order.shuffle(using: &random)
        for index in order {
            #expect(try decodedText(texts[index]) == texts[index])
        }
    }

    @Test func stringsThatDifferOnlyInTheirLastByteOrLengthStayApart() throws {
        let base = "https://lichun.app/avatars/p27.svg"
        for text in [base, base + "x", String(base.dropLast()), base.replacingLastByte(with: "G"), base] {
            #expect(try decodedText(text) == text)
        }
    }

    @Test func escapedAndNonASCIIStringsAreNotConfusedWithPlainOnes() throws {
        #expect(try decodedText(#"a long string with \"quotes\" in it"#) == #"a long string with "quotes" in it"#)
        #expect(try decodedText("a long string with ünïcödé in it") == "a long string with ünïcödé in it")
        #expect(try decodedText("a long string with unicode in it") == "a long string with unicode in it")
    }

    @Test func everyThreadGetsTheSameAnswers() async throws {
        let texts = (0..<2_000).map { "a concurrent long string number \($0)" }
        try await withThrowingTaskGroup(of: Bool.self) { group in
            for _ in 0..<4 {
                group.addTask { try texts.allSatisfy { try self.decodedText($0) == $0 } }
            }
            for try await allEqual in group { #expect(allEqual) }
        }
    }
}

/// The string lists of the table (`RecentStrings.ListKey`): keyed by the bytes up to the first
/// `]`, so lists that share a prefix, hold `]` in a string, or sit near the end of the input must
/// still decode to what they say.
@Suite struct RecentStringListsTests {
    /// A `personObject` envelope whose person has `interests` and `traits` as given (JSON text).
    func personJSON(interests list: String, traits: String = "[]") -> [UInt8] {
        Array(
            (#"{"type":"personObject","message":{"id":"p1","name":"Ann","lastName":"Lee","interests":"#
                + list + #","traits":"# + traits + "}}").utf8)
    }

    func decodedPerson(interests list: String, traits: String = "[]") throws -> Person {
        guard case .personObject(let person) = try ServerMessage.decode(personJSON(interests: list, traits: traits)) else {
            Issue.record("not a personObject")
            return Person(id: "", name: "")
        }
        return person
    }

    func json(_ list: [String]) -> String {
        "[" + list.map { "\"" + $0 + "\"" }.joined(separator: ",") + "]"
    }

    @Test func manyDistinctAndRepeatedListsKeepTheirElements() throws {
        // 3,000 distinct lists (more than the 1,024 list slots, so slots are reused), of 1 to 4
        // elements and 8 to 64+ bytes, each decoded three times in a shuffled order.
        var random = SeededGenerator(seed: 11)
        let words = ["music", "hiking", "cooking", "gaming", "art", "travel", "reading", "sports", "movies", "dancing"]
        let lists = (0..<3_000).map { index -> [String] in
            (0..<(1 + index % 4)).map { k in words[(index / 4 + k * 7) % words.count] + (k == 0 ? "\(index)" : "") }
        }
        var order = Array(lists.indices) + Array(lists.indices) + Array(lists.indices)
        order.shuffle(using: &random)
        for index in order {
            #expect(try decodedPerson(interests: json(lists[index])).interests == lists[index])
        }
    }

    @Test func listsThatShareAPrefixStayApart() throws {
        let lists: [[String]] = [
            ["met"], ["met", "first date"], ["met", "first date", "dating"], ["met", "first"],
            ["met", "first date", "dating"], ["met"], ["met", "first date"], [],
        ]
        for list in lists + lists.reversed() {
            #expect(try decodedPerson(interests: json(list)).interests == list)
        }
    }

    @Test func listsWithBracketsEscapesOrSpacesInStringsDecodeEveryTime() throws {
        let cases: [(String, [String])] = [
            (#"["a]b","c"]"#, ["a]b", "c"]),
            (#"["a]"]"#, ["a]"]),
            (#"["say \"hi\"","x"]"#, [#"say "hi""#, "x"]),
            (#"["caf\u00e9 au lait"]"#, ["café au lait"]),
            (#"[ "spaced" , "out" ]"#, ["spaced", "out"]),
            (#"["ünïcödé","ok"]"#, ["ünïcödé", "ok"]),
        ]
        for _ in 0..<3 {
            for (text, expected) in cases {
                #expect(try decodedPerson(interests: text).interests == expected, "\(text)")
            }
        }
    }

    @Test func aListNearTheEndOfTheInputDecodes() throws {
        // `traits` is the last field, so its list is followed by only `}}`: too few bytes for a key.
        for _ in 0..<2 {
            #expect(try decodedPerson(interests: "[]", traits: #"["kind"]"#).traits == ["kind"])
            #expect(try decodedPerson(interests: "[]", traits: #"["kind","shy"]"#).traits == ["kind", "shy"])
        }
    }

    @Test func listsLongerThanTheTableKeepsDecodeFully() throws {
        let long = (0..<12).map { "interest number \($0)" }
        for _ in 0..<2 {
            #expect(try decodedPerson(interests: json(long)).interests == long)
        }
    }

    @Test func changingADecodedListLeavesTheNextDecodeAlone() throws {
        var first = try decodedPerson(interests: #"["music","hiking"]"#)
        first.interests.append("changed")
        first.interests[0] = "other"
        #expect(try decodedPerson(interests: #"["music","hiking"]"#).interests == ["music", "hiking"])
    }

    @Test func aMalformedListStillFailsAtItsOffset() throws {
        _ = try decodedPerson(interests: #"["music","hiking"]"#)
        // Each list with the offset of its bad byte in it.
        for (list, bad) in [(#"["music",]"#, 9), (#"["music" "hiking"]"#, 9), (#"["music",7]"#, 9)] {
            let json = personJSON(interests: list)
            let offset = json.count - #","traits":[]}}"#.utf8.count - list.utf8.count + bad
            do {
                _ = try ServerMessage.decode(json)
                Issue.record("\(list) decoded")
            } catch {
                #expect(error.offset == offset, "\(list): \(error)")
                #expect(error.pathDescription.contains("interests"), "\(list): \(error)")
            }
        }
    }
}

extension String {
    fileprivate func replacingLastByte(with last: Character) -> String { String(dropLast()) + String(last) }
}
