/// What happens while a time skip runs: events are applied at once and only listed here.
struct TimeSkipLog: Sendable {
    var events: [String] = []
}
