import BaoLifeAfter
import TapedeckRecorder
import TapedeckTesting

/// The app after phase 3, under replay: the AppContainer with its networking-only service and
/// @Observable view models. Each record goes to the service as its socket would hand it over; a
/// message the recorded client sent becomes the user action that sent it.
@MainActor
final class AfterAdapter: AppClientAdapter {
    let app: AppContainer
    let outbox = Outbox()
    private let clock = ReplayClock()

    init(regressions: Regressions = [], recorder: FlightRecorder? = nil) {
        let clock = clock // the closure keeps the clock, not self
        app = AppContainer(transport: outbox, now: { clock.now }, regressions: regressions, recorder: recorder)
    }

    func handle(_ event: SocketEvent, at time: VirtualTime) {
        clock.set(time)
        let service = app.webSocketService
        switch event {
        case .opened: service.didOpen()
        case .received(let message): if let text = message.text { service.receive(text: text) }
        case .sent(let message): performUserAction(message)
        case .closed(let code, let reason): service.didClose(code: code, reason: reason)
        case .failed(let reason): service.didFail(reason)
        }
    }

    /// The taps behind the recorded client's messages. Other messages change nothing until the
    /// server answers, and the answers are on the tape.
    private func performUserAction(_ message: SocketMessage) {
        switch try? ClientMessage.decode(message.bytes) {
        case .claimEvent(let claim):
            // A loss is claimed by the app itself, never by a tap: that claim is the app's to send.
            if let event = app.lifeEvents.lifeEvents.first(where: { $0.id == claim.eventId }), !event.isNegative {
                app.lifeEvents.claim(event)
            }
        case .answerQuestion(let answer):
            if let question = app.questions.questionQueue.first(where: { $0.id == answer.questionId }),
                let option = question.options.first(where: { $0.id == answer.optionId })
            {
                app.questions.answer(question, with: option)
            }
        case .speed(let change):
            app.gameState.setGameSpeed(change.speed)
        default:
            break
        }
    }

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

extension Outbox: WebSocketTransport {
    func send(text: String) { append(text) }
}
