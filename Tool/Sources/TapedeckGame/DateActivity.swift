/// A kind of date (`date.activity`) and what it costs and gives.
package struct DateActivity: Sendable, Equatable {
    package var id: String
    package var energyCost: Int
    package var moneyCost: Int
    package var affinity: Int

    package static let all: [DateActivity] = [
        DateActivity(id: "coffee", energyCost: 10, moneyCost: 15, affinity: 8),
        DateActivity(id: "park", energyCost: 10, moneyCost: 0, affinity: 6),
        DateActivity(id: "movie", energyCost: 15, moneyCost: 30, affinity: 10),
        DateActivity(id: "dinner", energyCost: 20, moneyCost: 60, affinity: 15),
    ]

    package static func named(_ id: String) -> DateActivity? {
        all.first { $0.id == id }
    }
}
