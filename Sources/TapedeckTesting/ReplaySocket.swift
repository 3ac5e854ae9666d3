import Foundation
import TapedeckSocket

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One recorded connection, played to the app as its `URLSessionWebSocketTask`: the app's own
/// service holds it through its socket seam (`WebSocketTasking`, or a protocol of the app's own)
/// and runs its real receive loop and send path on it.
///
/// `AppReplay` puts the tape's server messages, closes and failures into it, in the tape's order,
/// and after each lets the app run until it has nothing left to do. What the app sends goes to the
/// `ReplayNetwork` that made the socket, which matches it against the tape's client messages.
/// Completion handlers run on the thread that delivers (the main thread during a replay); the async
/// forms resume as a task would.
///
/// `@unchecked Sendable`: what changes is `state`, read and written only under `lock` (or in
/// `init`, before the socket is shared); handlers are called outside it. The other properties are
/// constants.
public final class ReplaySocket: WebSocketTasking, @unchecked Sendable {
    /// A WebSocket message as `URLSessionWebSocketTask` has it: `.string` or `.data`.
    public typealias Message = URLSessionWebSocketTask.Message

    /// The URL the app asked for.
    public let url: URL?
    /// The recorded connection this socket plays, from 1; 0 for a connection the tape did not record.
    public let connection: Int

    private enum Receiver {
        case continuation(CheckedContinuation<Message, any Error>)
        case handler(@Sendable (Result<Message, any Error>) -> Void)

        func resume(_ result: Result<Message, any Error>) {
            switch self {
            case .continuation(let continuation): continuation.resume(with: result)
            case .handler(let handler): handler(result)
            }
        }
    }

    private typealias PongHandler = @Sendable ((any Error)?) -> Void

    private struct State {
        var resumed = false
        /// Server messages the app has not read yet (kept after a close, not after a cancel).
        var inbox: [Result<Message, any Error>] = []
        var sent: [Message] = []
        var phase = Phase.open(receivers: [])
        /// The replay is over: what is held now was answered, and a loop that asks again is held for good.
        var retired = false

        /// The app is reading again (or the connection is over, or silent) and nothing is left to read.
        var isReading: Bool {
            guard inbox.isEmpty else { return false }
            if case .open(let receivers) = phase { return !receivers.isEmpty }
            return true
        }

        /// The error that ended the connection; nil while it is open.
        var endError: (any Error)? {
            if case .ended(let ending) = phase { ending.error } else { nil }
        }

        /// Sends go nowhere: the connection went silent (and may have ended since).
        var isSilent: Bool {
            switch phase {
            case .open: false
            case .stalled: true
            case .ended(let ending): ending.wasSilent
            }
        }

        /// The first receive waiting for a message, taken; nil when none waits or it is over.
        mutating func takeReceiver() -> Receiver? {
            switch phase {
            case .open(var receivers) where !receivers.isEmpty:
                defer { phase = .open(receivers: receivers) }
                return receivers.removeFirst()
            case .stalled(var receivers, let pings) where !receivers.isEmpty:
                defer { phase = .stalled(receivers: receivers, pings: pings) }
                return receivers.removeFirst()
            case .open, .stalled, .ended:
                return nil
            }
        }
    }

    /// Where the connection is. Only what can happen is spelled: receives wait only on an open or
    /// silent connection, pings only on a silent one, and only an ended one has an error and a close.
    private enum Phase {
        /// Messages flow: receives wait for the server's next.
        case open(receivers: [Receiver])
        /// Open and silent: receives wait, sends go nowhere, pings wait for the end (a half-open
        /// TCP connection, or a connect that never completes).
        case stalled(receivers: [Receiver], pings: [PongHandler])
        /// Over: every later receive fails with its error.
        case ended(Ending)
    }

    /// How an ended connection ended, and the receive loop that kept asking.
    private struct Ending {
        let error: any Error
        /// Set by the server's close or the app's cancel: `.invalid` after a failure.
        var closeCode: URLSessionWebSocketTask.CloseCode = .invalid
        var closeReason: Data?
        /// It had gone silent before it ended: sends still go nowhere.
        var wasSilent = false
        /// Receives asked for after the end was delivered: a loop that does not end asks forever.
        var receivesAfterEnd = 0
        /// Receives held back from such a loop (so it stops spinning on the main actor): answered
        /// with the error when the replay ends.
        var held: [Receiver] = []
    }

    private let lock = NSLock()
    private var state = State()
    /// Told of each message the app sends (the network that judges it), and of each it sent after
    /// the connection was over.
    private let onSend: @Sendable (Message) -> Void
    private let onSendAfterEnd: @Sendable (Message) -> Void
    /// Told once when the app's receive loop asks the ended connection too often (`held`).
    private let onSpin: @Sendable () -> Void
    /// Told when the app cancels the connection while it is open.
    private let onCancel: @Sendable () -> Void

    init(
        url: URL?, connection: Int, onSend: @escaping @Sendable (Message) -> Void,
        onSendAfterEnd: @escaping @Sendable (Message) -> Void = { _ in }, onSpin: @escaping @Sendable () -> Void = {},
        onCancel: @escaping @Sendable () -> Void = {}, connecting: Bool = false, refused: Bool = false
    ) {
        self.onCancel = onCancel
        self.url = url
        self.connection = connection
        self.onSend = onSend
        self.onSendAfterEnd = onSendAfterEnd
        self.onSpin = onSpin
        if refused {
            // As URLSession reports a refused upgrade: the task fails without a close frame.
            state.phase = .ended(
                Ending(
                    error: URLError(
                        .badServerResponse,
                        userInfo: [NSLocalizedDescriptionKey: "the upgrade was answered 503 Service Unavailable"])))
        } else if connecting {
            state.phase = .stalled(receivers: [], pings: [])
        } else if connection == 0 {
            state.phase = .ended(Ending(error: ReplaySocketError.notRecorded))
        }
    }

    /// A socket of the test's own, without a tape, for unit tests of the app's socket code: the test
    /// serves messages with `serve(_:)` and reads what the app sent in `sentMessages`.
    ///
    /// - Parameter url: What `url` reports, for code under test that looks at it; nil by default.
    public convenience init(url: URL? = nil) {
        self.init(url: url, connection: 1, onSend: { _ in })
    }

    // MARK: The task's API, as the app calls it

    /// Opens the socket: the app may send from now on (a send before fails with
    /// `ReplaySocketError.notResumed`). Calling it again does nothing.
    public func resume() { lock.withLock { state.resumed = true } }

    /// Takes one message from the app: `sentMessages` keeps it, and the replay's network checks it
    /// against the tape's next client message.
    ///
    /// - Parameter message: What the app sends.
    /// - Throws: `ReplaySocketError.notResumed` before `resume()`; once the connection is over,
    ///   the error that ended it (`ReplaySocketError.cancelled` after `cancel(with:reason:)`).
    public func send(_ message: Message) async throws {
        try take(message)
    }

    /// Takes one message from the app, as `send(_:)` does, and calls the handler before it returns.
    ///
    /// - Parameters:
    ///   - message: What the app sends.
    ///   - completionHandler: Called at once, on the caller's thread: nil when the message was
    ///     taken, else the error `send(_:)` would throw.
    public func send(_ message: Message, completionHandler: @escaping @Sendable ((any Error)?) -> Void) {
        do {
            try take(message)
            completionHandler(nil)
        } catch {
            completionHandler(error)
        }
    }

    /// On the main actor: an app whose receive loop runs there (a main-actor service) handles
    /// each message before the replay takes its next step, in the same order every run. The app's
    /// task waits on the main queue, where the replay delivers: it comes back without a detour
    /// through the global pool.
    ///
    /// - Returns: The next message the tape's server (or the test's `serve(_:)`) sent, in order.
    /// - Throws: Once the connection is over, the error that ended it: POSIX `ENOTCONN` after the
    ///   server's close, `URLError(.networkConnectionLost)` after a failure,
    ///   `ReplaySocketError.cancelled` after `cancel(with:reason:)`, `ReplaySocketError.notRecorded`
    ///   on a connection the tape did not record.
    @MainActor
    public func receive() async throws -> Message {
        try await ReplayExecution.onMainQueue {
            try await withCheckedThrowingContinuation { continuation in
                enqueue(.continuation(continuation))
            }
        }
    }

    /// Asks for the next message, as `receive()` does, and hands it to a handler.
    ///
    /// - Parameter completionHandler: Called once, on the thread that delivers the message (the
    ///   main thread during a replay), or at once when a message is waiting or the connection is
    ///   over; with the message, or with the error `receive()` would throw.
    public func receive(completionHandler: @escaping @Sendable (Result<Message, any Error>) -> Void) {
        enqueue(.handler(completionHandler))
    }

    /// Answered at once: the tape's server was there to answer; on a connection gone silent (a
    /// stall, `FaultSchedule`) the pong never comes.
    ///
    /// - Parameter pongReceiveHandler: Called before this returns: with nil while the connection
    ///   is open, else with the error that ended it; on a silent connection, only when it ends,
    ///   with its error.
    public func sendPing(pongReceiveHandler: @escaping @Sendable ((any Error)?) -> Void) {
        let answer = lock.withLock { () -> (any Error)?? in
            guard case .stalled(let receivers, let pings) = state.phase, !state.retired else { return .some(state.endError) }
            state.phase = .stalled(receivers: receivers, pings: pings + [pongReceiveHandler])
            return nil
        }
        if let answer { pongReceiveHandler(answer) }
    }

    /// The app closes the connection: unread messages are dropped, a pending receive fails with
    /// `ReplaySocketError.cancelled`, and so does every later send and receive. On a connection
    /// that is already over it does nothing.
    ///
    /// - Parameters:
    ///   - closeCode: What `closeCode` reads from now on.
    ///   - reason: What `closeReason` reads from now on.
    public func cancel(with closeCode: URLSessionWebSocketTask.CloseCode, reason: Data?) {
        if finish(with: ReplaySocketError.cancelled, closeCode: closeCode, reason: reason, droppingUnread: true) { onCancel() }
    }

    /// The code the connection was closed with, by the server or by the app's `cancel`; `.invalid`
    /// while it is open or after a failure without a close frame.
    public var closeCode: URLSessionWebSocketTask.CloseCode {
        lock.withLock { if case .ended(let ending) = state.phase { ending.closeCode } else { .invalid } }
    }
    /// The close frame's reason bytes (UTF-8 text), set with `closeCode`; nil before.
    public var closeReason: Data? {
        lock.withLock { if case .ended(let ending) = state.phase { ending.closeReason } else { nil } }
    }

    // MARK: The replay's side (and a unit test's)

    /// Every message the app sent on this socket, in order.
    public var sentMessages: [Message] { lock.withLock { state.sent } }

    /// Hands the app a message from the server and returns once the app has nothing left to do,
    /// as a replay settles it (its hops off the main actor kept on the main queue meanwhile).
    ///
    /// - Parameter message: The server's message; dropped when the connection is already over.
    @MainActor
    public func serve(_ message: Message) async {
        await Self.settling { deliver(message) }
    }

    /// The server closes the connection (see `deliverClose`), and returns once the app has nothing
    /// left to do.
    ///
    /// - Parameters:
    ///   - code: The close frame's status code (1000 for a normal closure); a code `CloseCode` has
    ///     no case for (4000–4999, say) reads `.invalid` on Linux, as on a real task there.
    ///   - reason: The close frame's reason text; empty by default.
    @MainActor
    public func serveClose(code: Int, reason: String = "") async {
        await Self.settling { deliverClose(code: code, reason: reason) }
    }

    /// The connection breaks (see `deliverFailure`), and returns once the app has nothing left to do.
    ///
    /// - Parameter reason: The failure's description: the app's receive fails with
    ///   `URLError(.networkConnectionLost)` carrying it as its localized description.
    @MainActor
    public func serveFailure(_ reason: String) async {
        await Self.settling { deliverFailure(reason) }
    }

    /// `delivery`, then the app's work until it has nothing left to do, its hops kept on the main
    /// queue meanwhile (`AppWork`), as a replay settles it.
    @MainActor
    private static func settling(_ delivery: () -> Void) async {
        AppWork.begin()
        defer { AppWork.end() }
        delivery()
        _ = await Settling.untilQuiet()
    }

    /// Whether the app has called `resume()`.
    public var isResumed: Bool { lock.withLock { state.resumed } }

    /// Whether the connection is over (closed by either side, or failed).
    public var isEnded: Bool { lock.withLock { state.endError != nil } }

    /// A message from the server: to the app's pending receive, or kept until it asks.
    package func deliver(_ message: Message) {
        let receiver = lock.withLock { () -> Receiver? in
            if case .ended = state.phase { return nil }
            guard let receiver = state.takeReceiver() else {
                state.inbox.append(.success(message))
                return nil
            }
            return receiver
        }
        receiver?.resume(.success(message))
    }

    /// The server closed the connection with `code`: as URLSession reports it, `closeCode` and
    /// `closeReason` are set and receiving fails (POSIX ENOTCONN, "Socket is not connected"). A
    /// code `CloseCode` has no case for (4000–4999, say) reads `.invalid` where `CloseCode` is a
    /// Swift enum (Linux), as it does on a real task there.
    package func deliverClose(code: Int, reason: String) {
        let closeCode = URLSessionWebSocketTask.CloseCode(rawValue: code) ?? .invalid
        finish(with: POSIXError(.ENOTCONN), closeCode: closeCode, reason: Data(reason.utf8))
    }

    /// The connection broke without a close frame: receiving fails with a lost connection.
    package func deliverFailure(_ reason: String) {
        finish(with: URLError(.networkConnectionLost, userInfo: [NSLocalizedDescriptionKey: reason]), closeCode: nil, reason: nil)
    }

    /// Whether the app is reading its socket again with nothing left unread (or the connection is
    /// over, or silent): after it settled, a socket that is not has stopped being read.
    var isReading: Bool { lock.withLock { state.isReading } }

    /// The connection goes silent: open, nothing arrives, pings get no answer (see `Phase.stalled`).
    func stall() {
        lock.withLock {
            switch state.phase {
            case .open(let receivers): state.phase = .stalled(receivers: receivers, pings: [])
            case .stalled: break
            case .ended(var ending):
                ending.wasSilent = true
                state.phase = .ended(ending)
            }
        }
    }

    /// The replay is over: receives held from a loop that did not end, or waiting on a silent
    /// connection, are answered with the end's error (a silent connection's is a lost connection).
    func retire() {
        let (held, pings, error) = lock.withLock { () -> ([Receiver], [PongHandler], any Error) in
            state.retired = true
            switch state.phase {
            case .open:
                return ([], [], URLError(.networkConnectionLost))
            case .stalled(let receivers, let pings):
                state.phase = .stalled(receivers: [], pings: [])
                return (receivers, pings, URLError(.networkConnectionLost))
            case .ended(var ending):
                defer {
                    ending.held = []
                    state.phase = .ended(ending)
                }
                return (ending.held, [], ending.error)
            }
        }
        for receiver in held { receiver.resume(.failure(error)) }
        for ping in pings { ping(error) }
    }

    // MARK: -

    private func take(_ message: Message) throws {
        AppWork.touch()
        let (end, silent): ((any Error)?, Bool) = try lock.withLock {
            guard state.resumed else { throw ReplaySocketError.notResumed }
            if let end = state.endError { return (end, state.isSilent) }
            state.sent.append(message)
            return (nil, state.isSilent)
        }
        if silent { return }
        if let end {
            onSendAfterEnd(message)
            throw end
        }
        onSend(message)
    }

    /// How many receives on an ended socket are answered before the rest are held back: a receive
    /// loop that does not end would otherwise spin on the main actor and hang the replay.
    static let receivesAfterEndAnswered = 100

    /// How often the app asked for a message after the connection was over.
    var receivesAfterEnd: Int {
        lock.withLock { if case .ended(let ending) = state.phase { ending.receivesAfterEnd } else { 0 } }
    }

    private func enqueue(_ receiver: Receiver) {
        AppWork.touch()
        let (ready, spun) = lock.withLock { () -> (Result<Message, any Error>?, Bool) in
            if !state.inbox.isEmpty { return (state.inbox.removeFirst(), false) }
            switch state.phase {
            case .open(let receivers):
                state.phase = .open(receivers: receivers + [receiver])
                return (nil, false)
            case .stalled(let receivers, let pings):
                state.phase = .stalled(receivers: receivers + [receiver], pings: pings)
                return (nil, false)
            case .ended(var ending):
                defer { state.phase = .ended(ending) }
                ending.receivesAfterEnd += 1
                guard ending.receivesAfterEnd > Self.receivesAfterEndAnswered else { return (.failure(ending.error), false) }
                // Held: answered when the replay ends, or never by a socket already retired.
                if !state.retired { ending.held.append(receiver) }
                return (nil, ending.receivesAfterEnd == Self.receivesAfterEndAnswered + 1)
            }
        }
        if let ready { receiver.resume(ready) }
        if spun { onSpin() }
    }

    /// Ends the connection with `error`; false when it had ended already.
    @discardableResult
    private func finish(
        with error: any Error, closeCode: URLSessionWebSocketTask.CloseCode?, reason: Data?, droppingUnread: Bool = false
    ) -> Bool {
        let ended = lock.withLock { () -> (receivers: [Receiver], pings: [PongHandler])? in
            var ending = Ending(error: error)
            if let closeCode {
                ending.closeCode = closeCode
                ending.closeReason = reason
            }
            let waiting: (receivers: [Receiver], pings: [PongHandler])
            switch state.phase {
            case .ended: return nil
            case .open(let receivers): waiting = (receivers, [])
            case .stalled(let receivers, let pings):
                ending.wasSilent = true
                waiting = (receivers, pings)
            }
            if droppingUnread { state.inbox = [] }
            state.phase = .ended(ending)
            return waiting
        }
        guard let ended else { return false }
        for receiver in ended.receivers { receiver.resume(.failure(error)) }
        for ping in ended.pings { ping(error) }
        return true
    }
}

/// Why a `ReplaySocket` refused a call.
public enum ReplaySocketError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A send before `resume()`.
    case notResumed
    /// The app cancelled the task.
    case cancelled
    /// The app opened more connections than the tape recorded.
    case notRecorded

    /// The reason in a sentence, for a test's failure message.
    public var description: String {
        switch self {
        case .notResumed: "the app sent on its WebSocket task before calling resume()"
        case .cancelled: "the app cancelled its WebSocket task"
        case .notRecorded: "the tape recorded no further connection for this task"
        }
    }
}
