import Foundation
import Observation
import TapedeckRecorder

/// The app's dependencies, made once at launch and handed to views through the environment
/// (`.environment(container)`): the networking service and the view models it feeds.
@MainActor
@Observable
public final class AppContainer {
    public let webSocketService: WebSocketService
    public let gameState: GameStateViewModel
    public let player: PlayerViewModel
    public let lifeEvents: LifeEventsViewModel
    public let questions: QuestionsViewModel

    /// - Parameters:
    ///   - transport: where outgoing messages go.
    ///   - now: the clock claim timestamps come from.
    ///   - regressions: bugs to switch on (tests only); none by default.
    ///   - recorder: the flight recorder of debug and beta builds, if any (docs/REPRO.md).
    public init(
        transport: any WebSocketTransport, now: @escaping () -> Date = Date.init, regressions: Regressions = [],
        recorder: FlightRecorder? = nil
    ) {
        let service = WebSocketService(transport: transport, recorder: recorder)
        let gameState = GameStateViewModel(webSocketService: service)
        webSocketService = service
        self.gameState = gameState
        player = PlayerViewModel(webSocketService: service, gameState: gameState)
        lifeEvents = LifeEventsViewModel(webSocketService: service, gameState: gameState, now: now, regressions: regressions)
        questions = QuestionsViewModel(webSocketService: service, gameState: gameState, regressions: regressions)
        // A full state from the server clears the error on screen.
        service.on("playerObject") { [weak service] _ in service?.currentError = nil }
    }
}
