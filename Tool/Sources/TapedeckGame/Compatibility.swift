/// The swipe compatibility score of the app's refactoring design (SwipeViewModel):
/// base 50, +5 per shared interest, age gap ≤ 3 → +15, ≤ 5 → +5, otherwise −10,
/// prestige gap < 20 → +10, clamped to 0–100.
package enum Compatibility {
    package static func score(
        playerInterests: [String], playerAge: Int, playerPrestige: Int,
        candidateInterests: [String], candidateAge: Int, candidatePrestige: Int
    ) -> Int {
        var score = 50
        score += Set(playerInterests).intersection(candidateInterests).count * 5
        let ageGap = abs(playerAge - candidateAge)
        if ageGap <= 3 {
            score += 15
        } else if ageGap <= 5 {
            score += 5
        } else {
            score -= 10
        }
        if abs(playerPrestige - candidatePrestige) < 20 {
            score += 10
        }
        return max(0, min(100, score))
    }
}
