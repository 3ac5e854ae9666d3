import Foundation

#if canImport(Combine)
import Combine
#else
import OpenCombine
#endif

/// Cross-feature game state (energy, money, diamonds, time, season, speed), fed from the
/// WebSocketService's `@Published` properties through Combine. Values land on the main queue a
/// hop after the service changed them.
@MainActor
public final class GameStateViewModel: ObservableObject {
    @Published public private(set) var energy = 100
    @Published public private(set) var money = 0
    @Published public private(set) var diamonds = 0
    @Published public private(set) var gameDate = ""
    @Published public private(set) var hourOfDay = 8
    @Published public private(set) var minuteOfHour = 0
    @Published public private(set) var season = "spring"
    @Published public private(set) var gameSpeed = 5000

    private let webSocketService: WebSocketService
    private var cancellables = Set<AnyCancellable>()

    public init(webSocketService: WebSocketService) {
        self.webSocketService = webSocketService
        webSocketService.$energy.receive(on: DispatchQueue.mainScheduler)
            .sink { [weak self] in self?.energy = $0 }.store(in: &cancellables)
        webSocketService.$money.receive(on: DispatchQueue.mainScheduler)
            .sink { [weak self] in self?.money = $0 }.store(in: &cancellables)
        webSocketService.$diamonds.receive(on: DispatchQueue.mainScheduler)
            .sink { [weak self] in self?.diamonds = $0 }.store(in: &cancellables)
        webSocketService.$gameDate.receive(on: DispatchQueue.mainScheduler)
            .sink { [weak self] in self?.gameDate = $0 }.store(in: &cancellables)
        webSocketService.$hourOfDay.receive(on: DispatchQueue.mainScheduler)
            .sink { [weak self] in self?.hourOfDay = $0 }.store(in: &cancellables)
        webSocketService.$minuteOfHour.receive(on: DispatchQueue.mainScheduler)
            .sink { [weak self] in self?.minuteOfHour = $0 }.store(in: &cancellables)
        webSocketService.$season.receive(on: DispatchQueue.mainScheduler)
            .sink { [weak self] in self?.season = $0 }.store(in: &cancellables)
        webSocketService.$gameSpeed.receive(on: DispatchQueue.mainScheduler)
            .sink { [weak self] in self?.gameSpeed = $0 }.store(in: &cancellables)
    }

    /// The speed control (six levels: 10000, 1000, 500, 50, 20, 1).
    public func setGameSpeed(_ speed: Int) {
        webSocketService.setSpeed(speed)
    }

    public func canAfford(energy: Int = 0, money: Int = 0, diamonds: Int = 0) -> Bool {
        self.energy >= energy && self.money >= money && self.diamonds >= diamonds
    }

    /// "8:05 AM", "12:00 PM", "12:30 AM".
    public var formattedTime: String {
        let hour = ((hourOfDay % 24) + 24) % 24
        let minute = ((minuteOfHour % 60) + 60) % 60
        let dialHour = hour % 12 == 0 ? 12 : hour % 12
        return "\(dialHour):\(minute < 10 ? "0" : "")\(minute) \(hour < 12 ? "AM" : "PM")"
    }

    public var timeOfDayDescription: String {
        switch ((hourOfDay % 24) + 24) % 24 {
        case 5..<12: "Morning"
        case 12..<17: "Afternoon"
        case 17..<21: "Evening"
        default: "Night"
        }
    }

    public var seasonEmoji: String {
        switch season.lowercased() {
        case "spring": "🌸"
        case "summer": "☀️"
        case "autumn", "fall": "🍂"
        case "winter": "❄️"
        default: "🌍"
        }
    }
}
