import TapedeckReplay

/// Delta debugging (ddmin, Zeller and Hildebrandt) over the units of a tape: finds a small subset
/// of records that still fails the same way (same kind and same invariant names, predicate,
/// decode error or checkpoint). Deterministic: chunks are split and tried in tape order.
package struct Shrinker {
    package var search: ReproSearch
    /// Progress lines (the CLI prints them on stderr).
    package var progress: (String) -> Void

    package init(search: ReproSearch, progress: @escaping (String) -> Void = { _ in }) {
        self.search = search
        self.progress = progress
    }

    package struct Result: Sendable {
        /// Record indices of the original tape that make the smaller tape, in order.
        package var indices: [Int]
        package var failure: ReproFailureKind
        /// Candidate subsets replayed.
        package var tests: Int
    }

    /// Nil when the tape does not fail at all.
    package func shrink(_ tape: ReproTape) -> Result? {
        guard let first = search.firstFailure(in: tape) else { return nil }
        let target = first.kind.signature
        // Records after the first failure never matter: the replay stops there.
        let grouping = ShrinkUnits(tape: tape, through: first.offset)
        var tests = 0
        func fails(_ units: [[Int]]) -> Bool {
            tests += 1
            return search.firstFailure(in: tape, indices: grouping.indices(of: units))?.kind.signature == target
        }
        progress(
            "shrink: \(tape.records.count) records, failure \(target) at record \(first.offset); \(grouping.units.count) units up to it"
        )
        var current = grouping.units
        var granularity = 2
        while current.count >= 2 {
            let chunks = Self.split(current, into: granularity)
            var reduced = false
            for chunk in chunks where fails(chunk) {
                current = chunk
                granularity = 2
                reduced = true
                break
            }
            if !reduced, chunks.count > 2 {
                for skipped in chunks.indices {
                    let complement = Array(chunks.enumerated().filter { $0.offset != skipped }.map(\.element).joined())
                    if fails(complement) {
                        current = complement
                        granularity = max(granularity - 1, 2)
                        reduced = true
                        break
                    }
                }
            }
            if !reduced {
                if granularity >= current.count { break }
                granularity = min(current.count, granularity * 2)
            }
            progress("shrink: \(current.count) units, \(grouping.indices(of: current).count) records (\(tests) replays)")
        }
        if current.count == 1, fails([]) { current = [] }
        let indices = grouping.indices(of: current)
        progress("shrink: done, \(indices.count) records after \(tests) replays")
        return Result(indices: indices, failure: first.kind, tests: tests)
    }

    /// `units` cut into `count` chunks of nearly equal size, in order.
    static func split(_ units: [[Int]], into count: Int) -> [[[Int]]] {
        var chunks: [[[Int]]] = []
        var start = 0
        for chunk in 0..<count {
            let end = start + (units.count - start) / (count - chunk)
            chunks.append(Array(units[start..<end]))
            start = end
        }
        return chunks.filter { !$0.isEmpty }
    }
}
