import TapedeckCore
import TapedeckProtocol

extension SeededGenerator {
    /// `count` distinct elements of `elements`, in the order drawn.
    mutating func pick<Element>(_ count: Int, of elements: [Element]) -> [Element] {
        var pool = elements
        var chosen: [Element] = []
        while chosen.count < count, !pool.isEmpty {
            chosen.append(pool.remove(at: next(below: pool.count)))
        }
        return chosen
    }
}
