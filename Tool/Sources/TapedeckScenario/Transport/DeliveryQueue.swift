import TapedeckState

/// Server events waiting to be delivered at a virtual time, for the offline transports. Events
/// due at the same time keep their order.
struct DeliveryQueue {
    struct Entry {
        var due: VirtualTime
        var sequence: Int
        var event: TransportEvent
    }

    private(set) var entries: [Entry] = []
    private var nextSequence = 0

    var isEmpty: Bool { entries.isEmpty }
    var nextDue: VirtualTime? { entries.first?.due }

    mutating func schedule(_ event: TransportEvent, at due: VirtualTime) {
        let entry = Entry(due: due, sequence: nextSequence, event: event)
        nextSequence += 1
        // Insert after every entry due at or before `due` (entries are short lists: linear is fine).
        let index = entries.lastIndex(where: { $0.due <= due }).map { $0 + 1 } ?? 0
        entries.insert(entry, at: index)
    }

    /// The first event due at or before `time`.
    mutating func popDue(at time: VirtualTime) -> TransportEvent? {
        guard let first = entries.first, first.due <= time else { return nil }
        entries.removeFirst()
        return first.event
    }

    mutating func removeAll() { entries.removeAll() }
}
