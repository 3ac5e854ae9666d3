import TapedeckCore
import TapedeckProtocol

/// Pairs the elements of two arrays by identity: the ones on both sides, the inserted, the removed,
/// and of the paired ones, which moved. The fewest moves are reported: the elements outside the
/// longest run that kept its order (so an insertion at the head moves nothing).
struct IdentifiedArrayAlignment {
    enum Entry: Equatable {
        case paired(expected: Int, actual: Int, moved: Bool)
        case inserted(actual: Int)
        case removed(expected: Int)
    }

    /// In the order a diff shows them: the actual array's order, each removed element after the
    /// element that preceded it in the expected array (or first).
    let entries: [Entry]
    /// Each element's identity, by index, on each side.
    let expectedIDs: [String]
    let actualIDs: [String]

    /// Nil when the arrays cannot be aligned by `key`: an element is not an object with a string
    /// or number `key`, or two elements on one side share it.
    init?(expected: [JSONValue], actual: [JSONValue], key: String) {
        guard !(expected.isEmpty && actual.isEmpty),
            let expectedIDs = Self.identifiers(expected, key: key),
            let actualIDs = Self.identifiers(actual, key: key)
        else { return nil }
        self.expectedIDs = expectedIDs
        self.actualIDs = actualIDs
        let expectedIndex = Dictionary(uniqueKeysWithValues: expectedIDs.enumerated().map { ($1, $0) })
        let actualIndex = Dictionary(uniqueKeysWithValues: actualIDs.enumerated().map { ($1, $0) })

        // The paired elements in actual order, by expected index; those that kept their order stay.
        let paired = actualIDs.compactMap { expectedIndex[$0] }
        let stayed = Set(Self.longestIncreasingRun(paired))

        // Each removed element goes after the nearest earlier expected element that stayed.
        var removedAfter: [Int: [Int]] = [:]
        var anchor = -1
        for (index, id) in expectedIDs.enumerated() {
            if actualIndex[id] == nil {
                removedAfter[anchor, default: []].append(index)
            } else if stayed.contains(index) {
                anchor = index
            }
        }
        var entries = (removedAfter[-1] ?? []).map { Entry.removed(expected: $0) }
        for (index, id) in actualIDs.enumerated() {
            guard let before = expectedIndex[id] else {
                entries.append(.inserted(actual: index))
                continue
            }
            entries.append(.paired(expected: before, actual: index, moved: !stayed.contains(before)))
            if stayed.contains(before) { entries += (removedAfter[before] ?? []).map { Entry.removed(expected: $0) } }
        }
        self.entries = entries
    }

    /// The identity of an entry's element.
    func identifier(of entry: Entry) -> String {
        switch entry {
        case .paired(_, let actual, _), .inserted(let actual): actualIDs[actual]
        case .removed(let expected): expectedIDs[expected]
        }
    }

    /// Each element's identity, or nil when one has none or two share one.
    private static func identifiers(_ elements: [JSONValue], key: String) -> [String]? {
        var seen = Set<String>()
        var identifiers: [String] = []
        identifiers.reserveCapacity(elements.count)
        for element in elements {
            guard let id = ArrayIdentity.identifier(of: element, key: key), seen.insert(id).inserted else { return nil }
            identifiers.append(id)
        }
        return identifiers
    }

    /// The values of one longest strictly increasing subsequence (patience sorting, n log n).
    static func longestIncreasingRun(_ values: [Int]) -> [Int] {
        // tails[k]: position in `values` of the smallest tail of an increasing run of length k + 1.
        var tails: [Int] = []
        var previous = [Int](repeating: -1, count: values.count)
        for (position, value) in values.enumerated() {
            var low = 0
            var high = tails.count
            while low < high {
                let middle = (low + high) / 2
                if values[tails[middle]] < value { low = middle + 1 } else { high = middle }
            }
            if low > 0 { previous[position] = tails[low - 1] }
            if low == tails.count { tails.append(position) } else { tails[low] = position }
        }
        var run: [Int] = []
        var position = tails.last ?? -1
        while position >= 0 {
            run.append(values[position])
            position = previous[position]
        }
        return run.reversed()
    }
}
