/// "Did you mean ...?": the closest candidate by edit distance, when it is close enough to be a
/// likely typo. Shared by the scenario parser and the checkpoint reports.
public enum Suggestion {
    /// The best candidate for `word`, or nil. Case differences alone always qualify; otherwise the
    /// distance may be at most 1 for words up to 4 characters, 2 up to 8, and 3 beyond.
    ///
    /// - Parameters:
    ///   - word: What the user wrote.
    ///   - candidates: The words it may have meant; one equal to `word` is not suggested.
    /// - Returns: The closest candidate, or nil when none is close enough.
    public static func closest(to word: String, in candidates: [String]) -> String? {
        guard !word.isEmpty else { return nil }
        let lowered = word.lowercased()
        if let sameLetters = candidates.first(where: { $0.lowercased() == lowered && $0 != word }) { return sameLetters }
        let limit = word.count <= 4 ? 1 : word.count <= 8 ? 2 : 3
        var best: (candidate: String, distance: Int)?
        for candidate in candidates where candidate != word {
            let distance = editDistance(lowered, candidate.lowercased())
            if distance <= limit, best.map({ distance < $0.distance }) ?? true { best = (candidate, distance) }
        }
        return best?.candidate
    }

    /// The `closest(to:in:)` candidate as a hint to append to an error message.
    ///
    /// ```swift
    /// Suggestion.hint(for: "chek", in: ["check", "cat"])  // did you mean "check"?
    /// ```
    ///
    /// - Parameters:
    ///   - word: What the user wrote.
    ///   - candidates: The words it may have meant.
    /// - Returns: `did you mean "…"?`, or nil when no candidate is close enough.
    public static func hint(for word: String, in candidates: [String]) -> String? {
        closest(to: word, in: candidates).map { "did you mean \"\($0)\"?" }
    }

    /// Optimal string alignment distance: insertions, deletions, substitutions and swaps of two
    /// adjacent characters each cost 1.
    ///
    /// - Parameters:
    ///   - a: One word.
    ///   - b: The other.
    /// - Returns: The distance, 0 when the words are equal.
    public static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a)
        let b = Array(b)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previousPrevious = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    value = min(value, previousPrevious[j - 2] + 1)
                }
                current[j] = value
            }
            (previousPrevious, previous, current) = (previous, current, previousPrevious)
        }
        return previous[b.count]
    }
}
