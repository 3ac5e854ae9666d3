import TapedeckProtocol
import Testing

@testable import TapedeckState

/// The allocation-free paths used on every replayed message must give exactly the answers of
/// the general rules they stand in for.
@Suite struct FastPathEquivalenceTests {
    static let texts = [
        "", "You won a small prize in the neighbourhood raffle.", "Your BOSS praised your work",
        "career", "SOCIAL", "finance", "health", "random", "achievement-unlocked!", "exam:grade=A+",
        "You caught a cold after walking home in the rain.", "won't stop", "promotion2 promotion",
        "Stocks and investments went up; your savings grew.", "supercalifragilisticexpialidocious award",
        "a\r\nfriend", "gym\tworkout", "The stranger was mysterious", "hospital", "graduation party",
        "nothing to see here", "12345 67890", "lottery!!!", "Trophy", "k", "Championship record",
    ]

    @Test func asciiKeywordIndexAgreesWithTheWordRule() {
        for type in ["", "career", "Health", "misc"] {
            for message in Self.texts {
                let fast = KeywordIndex.shared.categorize(type: type, message: message)
                #expect(fast == EventCategory.categorizeByWords(type: type, message: message), "type \(type), message \(message)")
            }
        }
    }

    @Test func nonASCIITextTakesTheGeneralRule() {
        #expect(KeywordIndex.shared.categorize(type: "", message: "Zoë won the prize") == nil)
        let event = LifeEvent(id: "e1", message: "Zoë won the prize", date: "2025-01-01", hour: 8)
        #expect(EventCategory.categorize(event) == .achievement)
        let kelvin = LifeEvent(id: "e2", message: "\u{212A}ind words at the BANK", date: "2025-01-01", hour: 8)
        #expect(EventCategory.categorize(kelvin) == EventCategory.categorizeByWords(type: "", message: kelvin.message))
    }

    @Test func duplicateFinderMatchesASet() {
        func bySet(_ ids: [String]) -> String? {
            var seen = Set<String>()
            for id in ids where !seen.insert(id).inserted { return id }
            return nil
        }
        let lists: [[String]] = [
            [], ["a"], ["a", "b", "c"], ["a", "b", "a"], ["x", "y", "y", "x"],
            (0..<200).map { "e\($0)" }, (0..<200).map { "e\($0 % 150)" },
            ["caf\u{E9}", "cafe\u{301}"], ["K", "\u{212A}"], ["same-long-identifier-over-16", "same-long-identifier-over-16"],
        ]
        for ids in lists {
            #expect(DuplicateFinder.firstDuplicate(count: ids.count, id: { ids[$0] }) == bySet(ids), "\(ids.prefix(5))")
        }
    }
}
