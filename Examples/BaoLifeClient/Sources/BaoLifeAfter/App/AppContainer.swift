import Foundation
import Observation
import TapedeckRecorder
import TapedeckSocket

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

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
    ///   - url: the game server.
    ///   - makeTask: makes the socket (`URLSession.shared.webSocketTask(with:)`, the default).
    ///   - now: the clock claim timestamps come from.
    ///   - clock: the clock the reconnect's backoff waits on.
    ///   - regressions: bugs to switch on (tests only); none by default.
    ///   - recorder: the flight recorder of debug and beta builds, if any (docs/REPRO.md).
    public init(
        url: URL = URL(string: "wss://lichun.app/wss/")!,
        makeTask: @escaping (URL) -> any WebSocketTasking = { URLSession.shared.webSocketTask(with: $0) },
        now: @escaping () -> Date = Date.init, clock: any Clock<Duration> = ContinuousClock(), regressions: Regressions = [],
        recorder: FlightRecorder? = nil
    ) {
        let service = WebSocketService(url: url, makeTask: makeTask, clock: clock, regressions: regressions, recorder: recorder)
        let gameState = GameStateViewModel(webSocketService: service, regressions: regressions)
        webSocketService = service
        self.gameState = gameState
        player = PlayerViewModel(webSocketService: service, gameState: gameState)
        lifeEvents = LifeEventsViewModel(webSocketService: service, gameState: gameState, now: now, regressions: regressions)
        questions = QuestionsViewModel(webSocketService: service, gameState: gameState, regressions: regressions)
        // A full state from the server clears the error on screen.
        service.on("playerObject") { [weak service] _ in service?.currentError = nil }
    }
}
