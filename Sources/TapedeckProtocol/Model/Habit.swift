/// A negative habit. While quitting, `quitDays` counts progress from 0 to 30 days.
public struct Habit: Sendable, Equatable {
    public enum Status: String, Sendable, Equatable, CaseIterable {
        case active, quitting
    }

    public static let quitDaysRange = 0...30

    public var id: String
    public var name: String
    public var status: Status
    public var quitDays: Int

    public init(id: String, name: String, status: Status, quitDays: Int = 0) {
        self.id = id; self.name = name; self.status = status; self.quitDays = quitDays
    }
}
