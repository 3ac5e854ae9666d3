import Testing
@testable import TapedeckProtocol

/// Long strings are shared through a per-thread table of recent ones; whatever the table holds,
/// every decoded string must have exactly the bytes on the wire.
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

private extension String {
    func replacingLastByte(with last: Character) -> String { String(dropLast()) + String(last) }
}
