import BaoLifeAfter
import Foundation
import TapedeckRecorder
import TapedeckSocket
import TapedeckTesting

/// The app after phase 3, under replay: the AppContainer with its networking-only service and
/// @Observable view models, reading its own socket (a replay socket from the tape). The adapter
/// only connects and does the taps behind the recorded client's messages.
@MainActor
final class AfterAdapter: AppSocketAdapter {
    let app: AppContainer

    /// The app on a tape's network (`AppReplay`).
    convenience init(network: ReplayNetwork, regressions: Regressions = [], recorder: FlightRecorder? = nil) {
        self.init(
            makeTask: network.webSocketTask(with:), now: { network.now }, clock: network.clock, regressions: regressions,
            recorder: recorder)
    }

    init(
        makeTask: @escaping (URL) -> any WebSocketTasking, now: @escaping () -> Date,
        clock: any Clock<Duration> = ContinuousClock(), regressions: Regressions = [], recorder: FlightRecorder? = nil
    ) {
        app = AppContainer(makeTask: makeTask, now: now, clock: clock, regressions: regressions, recorder: recorder)
    }

    func connect() { app.webSocketService.connect() }

    /// The taps behind the recorded client's messages: a reward claimed, a question answered, the
    /// speed set. A loss is claimed by the app itself, never by a tap. A claim of an event already
    /// claimed, or an answer to a question not on screen, is not a tap the app offers.
    func performUserAction(for message: SocketMessage) -> UserAction {
        switch try? ClientMessage.decode(message.bytes) {
        case .claimEvent(let claim):
            guard let event = app.lifeEvents.lifeEvents.first(where: { $0.id == claim.eventId }) else { return .unavailable }
            if event.isNegative { return .automatic }
            guard !event.claimed else { return .unavailable }
            app.lifeEvents.claim(event)
            return .performed
        case .answerQuestion(let answer):
            guard let question = app.questions.questionQueue.first(where: { $0.id == answer.questionId }),
                let option = question.options.first(where: { $0.id == answer.optionId })
            else { return .unavailable }
            app.questions.answer(question, with: option)
            return .performed
        case .speed(let change):
            app.gameState.setGameSpeed(change.speed)
            return .performed
        default:
            return .unavailable
        }
    }

    /// What the app shows of its connection (`checkCuts` checks it says disconnected after a drop).
    func isConnected() -> Bool? { app.webSocketService.isConnected }

    /// A tap while offline is kept and sent after the reconnect (`checkCuts` with `offlineActions`).
    var actionsSurviveOutages: Bool { true }

    func snapshot() -> AppSnapshot {
        let (gameState, player) = (app.gameState, app.player)
        return AppSnapshot(
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
                    relationship: player.relationship(with: person.id).map { "\($0.kind.rawValue): \($0.status)" })
            },
            lifeEvents: app.lifeEvents.lifeEvents.map {
                .init(
                    id: $0.id, category: $0.category.rawValue, claimed: $0.claimed, claimedAt: $0.claimedAt,
                    energy: $0.energyCost, money: $0.moneyCost, diamonds: $0.diamondCost, affinity: $0.affinityChange)
            },
            unclaimedEventCount: app.lifeEvents.unclaimedEventCount,
            questions: .init(current: app.questions.currentQuestion?.id, queue: app.questions.questionQueue.map(\.id)))
    }

    func checkInvariants() -> [InvariantViolation] { snapshot().violations }
}
