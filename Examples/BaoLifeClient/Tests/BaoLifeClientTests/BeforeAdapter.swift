import BaoLifeBefore
import Foundation
import TapedeckSocket
import TapedeckTesting

/// The app before the refactor, under replay: its WebSocketService, reading its own socket (a
/// replay socket from the tape), and the two view models that subscribe to it. The adapter only
/// connects and does the taps behind the recorded client's messages.
@MainActor
final class BeforeAdapter: AppSocketAdapter {
    let service: WebSocketService
    let gameState: GameStateViewModel
    let player: PlayerViewModel

    /// The app on a tape's network (`AppReplay`).
    convenience init(network: ReplayNetwork) {
        self.init(makeTask: network.webSocketTask(with:), now: { network.now }, clock: network.clock)
    }

    init(
        makeTask: @escaping (URL) -> any WebSocketTasking, now: @escaping () -> Date,
        clock: any Clock<Duration> = ContinuousClock()
    ) {
        service = WebSocketService(makeTask: makeTask, now: now, clock: clock)
        gameState = GameStateViewModel(webSocketService: service)
        player = PlayerViewModel(webSocketService: service)
    }

    func connect() { service.connect() }

    /// What the app shows of its connection (`checkCuts` checks it says disconnected after a drop).
    func isConnected() -> Bool? { service.isConnected }

    /// A tap while offline is kept and sent after the reconnect (`checkCuts` with `offlineActions`).
    var actionsSurviveOutages: Bool { true }

    /// The taps behind the recorded client's messages: a reward claimed, a question answered, the
    /// speed set. A loss is claimed by the app itself, never by a tap. A claim of an event already
    /// claimed, or an answer to a question not on screen, is not a tap the app offers.
    func performUserAction(for message: SocketMessage) -> UserAction {
        switch try? ClientMessage.decode(message.bytes) {
        case .claimEvent(let claim):
            guard let event = service.lifeEvents.first(where: { $0.id == claim.eventId }) else { return .unavailable }
            if event.isNegative { return .automatic }
            guard !event.claimed else { return .unavailable }
            service.claimEvent(event)
            return .performed
        case .answerQuestion(let answer):
            guard let question = service.questionQueue.first(where: { $0.id == answer.questionId }),
                let option = question.options.first(where: { $0.id == answer.optionId })
            else { return .unavailable }
            service.answerQuestion(question, option: option)
            return .performed
        case .speed(let change):
            gameState.setGameSpeed(change.speed)
            return .performed
        default:
            return .unavailable
        }
    }

    func snapshot() -> AppSnapshot {
        AppSnapshot(
            gameState: .init(
                energy: gameState.energy, money: gameState.money, diamonds: gameState.diamonds,
                date: gameState.gameDate, time: gameState.formattedTime, season: gameState.season,
                speed: gameState.gameSpeed),
            player: .init(
                name: player.fullName, age: player.age, health: player.person.health,
                happiness: player.person.happiness, intelligence: player.person.intelligence,
                prestige: player.person.prestige, mood: player.person.mood, status: player.gameStatus,
                location: player.location),
            people: player.people.map { person in
                .init(
                    id: person.id, name: person.name,
                    relationship: player.relationship(with: person).map { "\($0.kind): \($0.status)" })
            },
            lifeEvents: service.lifeEvents.map {
                .init(
                    id: $0.id, category: $0.category.rawValue, claimed: $0.claimed, claimedAt: $0.claimedAt,
                    energy: $0.energyCost, money: $0.moneyCost, diamonds: $0.diamondCost, affinity: $0.affinityChange)
            },
            unclaimedEventCount: service.unclaimedEventCount,
            questions: .init(current: service.currentQuestion?.id, queue: service.questionQueue.map(\.id)))
    }

    func checkInvariants() -> [InvariantViolation] { snapshot().violations }
}
