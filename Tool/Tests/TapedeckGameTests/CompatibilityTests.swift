import TapedeckGame
import Testing

/// One row per rule of the app's compatibility formula (refactoring design, SwipeViewModel).
@Suite struct CompatibilityTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var rule: String
        var player: [String]
        var candidate: [String]
        var ages: (Int, Int)
        var prestige: (Int, Int)
        var expected: Int
        var testDescription: String { rule }
    }

    static let cases: [Case] = [
        // base 50, age gap 0 (+15), prestige gap 0 (+10)
        Case(
            rule: "base with close age and prestige", player: [], candidate: [], ages: (20, 20), prestige: (50, 50), expected: 75),
        Case(
            rule: "one shared interest +5", player: ["music", "art"], candidate: ["music", "travel"], ages: (20, 20),
            prestige: (50, 50), expected: 80),
        Case(
            rule: "three shared interests +15", player: ["a", "b", "c"], candidate: ["c", "b", "a"], ages: (20, 20),
            prestige: (50, 50), expected: 90),
        Case(
            rule: "duplicates count once", player: ["a", "a"], candidate: ["a", "a"], ages: (20, 20), prestige: (50, 50),
            expected: 80),
        Case(rule: "age gap 3 is still +15", player: [], candidate: [], ages: (20, 23), prestige: (50, 50), expected: 75),
        Case(rule: "age gap 4 is +5", player: [], candidate: [], ages: (24, 20), prestige: (50, 50), expected: 65),
        Case(rule: "age gap 5 is +5", player: [], candidate: [], ages: (20, 25), prestige: (50, 50), expected: 65),
        Case(rule: "age gap 6 is -10", player: [], candidate: [], ages: (20, 26), prestige: (50, 50), expected: 50),
        Case(rule: "prestige gap 19 is +10", player: [], candidate: [], ages: (20, 20), prestige: (10, 29), expected: 75),
        Case(rule: "prestige gap 20 gives nothing", player: [], candidate: [], ages: (20, 20), prestige: (10, 30), expected: 65),
        Case(
            rule: "worst case: no interests, far age, far prestige", player: ["x"], candidate: ["y"], ages: (18, 40),
            prestige: (0, 100), expected: 40),
        Case(
            rule: "clamped at 100", player: Array("abcdefghij").map(String.init), candidate: Array("abcdefghij").map(String.init),
            ages: (20, 20), prestige: (50, 50), expected: 100),
        Case(
            rule: "five shared interests reach exactly 100", player: ["a", "b", "c", "d", "e"],
            candidate: ["e", "d", "c", "b", "a"], ages: (20, 20), prestige: (50, 50), expected: 100),
        Case(
            rule: "clamped at 100 with a far age", player: Array("abcdefghijkl").map(String.init),
            candidate: Array("abcdefghijkl").map(String.init), ages: (20, 30), prestige: (0, 90), expected: 100),
    ]

    @Test(arguments: cases)
    func score(_ row: Case) {
        let score = Compatibility.score(
            playerInterests: row.player, playerAge: row.ages.0, playerPrestige: row.prestige.0,
            candidateInterests: row.candidate, candidateAge: row.ages.1, candidatePrestige: row.prestige.1)
        #expect(score == row.expected, "\(row.rule)")
    }

    /// The formula's lowest value is 40 (no shared interest, far age), so only the upper clamp can
    /// bind; many shared interests must still stay at 100.
    @Test func neverAboveHundred() {
        for shared in 0...20 {
            for gap in [0, 3, 4, 5, 6, 60] {
                let interests = (0..<shared).map { "i\($0)" }
                let score = Compatibility.score(
                    playerInterests: interests, playerAge: 20, playerPrestige: 0,
                    candidateInterests: interests, candidateAge: 20 + gap,
                    candidatePrestige: 100)
                #expect((0...100).contains(score))
            }
        }
    }
}
