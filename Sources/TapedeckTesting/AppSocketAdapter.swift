import TapedeckReplay
import TapedeckState

/// The app's own client code under replay through its own socket code: the app makes its WebSocket
/// tasks from the `ReplayNetwork` it was given (through its socket seam: a factory, a container)
/// and runs its real receive loop and send path on them. The adapter only does what a user does:
///
/// ```swift
/// @MainActor final class BaoLifeAdapter: AppSocketAdapter {
///     let app: AppContainer
///     init(network: ReplayNetwork) {
///         app = AppContainer(makeTask: network.webSocketTask(with:), now: { network.now })
///     }
///     func connect() { app.webSocketService.connect() }
///     func performUserAction(for message: SocketMessage) -> UserAction {
///         guard case .answerQuestion(let answer)? = try? ClientMessage.decode(message.bytes) else { return .unavailable }
///         return app.questions.answer(answer.questionId, answer.optionId) ? .performed : .unavailable
///     }
///     func snapshot() -> AppSnapshot { AppSnapshot(app) }
/// }
/// ```
///
/// Server messages, closes and failures reach the app through its socket, in the tape's order. At
/// each message the recorded client sent, the replay first looks at what the app sent by itself;
/// only when it has not sent it yet does it ask the adapter for the user action behind it. What
/// the app sends is matched against the tape (`ReplayNetwork`): the tape is the golden.
@MainActor
public protocol AppSocketAdapter: AppUnderReplay {
    /// Opens the app's connection as it does at launch or on reconnect (it makes a task from the
    /// `ReplayNetwork` and resumes it). Called at each connection the tape recorded that the app
    /// has not opened by itself.
    func connect()
    /// Performs the user action behind a message the recorded client sent (the tap that claims a
    /// reward, the answer to a question) and says which kind of message it is.
    ///
    /// - Parameter message: The message the recorded client sent at this point, its bytes as sent.
    /// - Returns: `.performed` when the adapter did what the user did (the app must send the
    ///   message now), `.automatic` when the app sends it by itself, `.unavailable` when this app
    ///   cannot be made to send it.
    func performUserAction(for message: SocketMessage) -> UserAction
    /// Whether the app shows itself connected now (its connection state), for `checkCuts`; nil
    /// when the adapter does not say (the default), and the check leaves it out.
    ///
    /// - Returns: True when the app shows itself connected, false when it shows itself
    ///   disconnected, nil when the adapter does not say.
    func isConnected() -> Bool?
    /// Whether a user action taken while offline must survive the outage (sent after the
    /// reconnect, or shown as failed): `checkCuts` with `offlineActions` then reports a lost one as
    /// a problem. False by default: the check only reports what became of each.
    var actionsSurviveOutages: Bool { get }
    /// Whether the app shows the user action behind `message` as failed now (a retry button, an
    /// error banner), for the actions `checkCuts` takes while offline.
    ///
    /// - Parameter message: The recorded client message whose user action was taken offline.
    /// - Returns: True when the app shows that action failed; false by default.
    func showsFailed(_ message: SocketMessage) -> Bool
}

/// What a message the recorded client sent is to the app under test.
public enum UserAction: Sendable, Equatable {
    /// The adapter did what the user did: the app must send the message now.
    case performed
    /// No user does this: the app sends it by itself (a loss claimed on arrival), or it is missing.
    case automatic
    /// No user can make this app send it (a screen it does not have, a tap its UI refuses, such as
    /// a second claim of the same reward): the send check passes over it.
    case unavailable
}

extension AppSocketAdapter {
    /// The replay's own settling is enough for most apps: after each step it runs the app's work on
    /// the main actor and the main queue, and the hops it makes through Swift's pool, until none is
    /// left (`AppWork`). Override for work on threads of the app's own (a background queue).
    public func settle() async {}

    /// The adapter does not say: `checkCuts` leaves the app's connection state out.
    ///
    /// - Returns: Nil.
    public func isConnected() -> Bool? { nil }

    /// False: `checkCuts` reports what became of an action taken offline without failing on it.
    public var actionsSurviveOutages: Bool { false }

    /// False: the app shows no failed action.
    ///
    /// - Parameter message: The recorded client message whose user action was taken offline.
    /// - Returns: False.
    public func showsFailed(_ message: SocketMessage) -> Bool { false }
}
