/// Hands out ids unique within one game: "event-1", "event-2", "person-1"...
struct IdSource: Sendable {
    private var counters: [String: Int] = [:]

    mutating func next(_ prefix: String) -> String {
        let number = (counters[prefix] ?? 0) + 1
        counters[prefix] = number
        return "\(prefix)-\(number)"
    }
}
