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
/// and waits after each until the app is reading again. What the app sends goes to the
/// `ReplayNetwork` that made the socket, which matches it against the tape's client messages.
/// Completion handlers run on the thread that delivers (the main thread during a replay); the async
/// forms resume as a task would.
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

    private struct State {
        var resumed = false
        var inbox: [Result<Message, any Error>] = []
        var receivers: [Receiver] = []
        /// Set once the connection is over: every later receive fails with it.
        var end: (any Error)?
        var closeCode: URLSessionWebSocketTask.CloseCode = .invalid
        var closeReason: Data?
        var sent: [Message] = []
        /// The replay waiting for the app to read again, and until when it waits.
        var idleWaiters: [(deadline: DispatchTime, continuation: CheckedContinuation<Bool, Never>)] = []
        /// Whether a timer will look for waiters past their deadline.
        var watchdogArmed = false
        /// Receives asked for after the end was delivered: a loop that does not end asks forever.
        var receivesAfterEnd = 0
        /// Receives held back from such a loop, so it stops spinning on the main actor.
        var parked: [Receiver] = []

        /// The app is reading again (or the connection is over) and nothing is left to read.
        var isIdle: Bool { inbox.isEmpty && (!receivers.isEmpty || end != nil) }
    }

    private let lock = NSLock()
    private var state = State()
    /// Told of each message the app sends (the network that judges it), and of each it sent after
    /// the connection was over.
    private let onSend: @Sendable (Message) -> Void
    private let onSendAfterEnd: @Sendable (Message) -> Void

    init(
        url: URL?, connection: Int, onSend: @escaping @Sendable (Message) -> Void,
        onSendAfterEnd: @escaping @Sendable (Message) -> Void = { _ in }
    ) {
        self.url = url
        self.connection = connection
        self.onSend = onSend
        self.onSendAfterEnd = onSendAfterEnd
        if connection == 0 { state.end = ReplaySocketError.notRecorded }
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

    /// Answered at once: the tape's server was there to answer.
    ///
    /// - Parameter pongReceiveHandler: Called before this returns: with nil while the connection
    ///   is open, else with the error that ended it.
    public func sendPing(pongReceiveHandler: @escaping @Sendable ((any Error)?) -> Void) {
        pongReceiveHandler(lock.withLock { state.end })
    }

    /// The app closes the connection: unread messages are dropped, a pending receive fails with
    /// `ReplaySocketError.cancelled`, and so does every later send and receive. On a connection
    /// that is already over it does nothing.
    ///
    /// - Parameters:
    ///   - closeCode: What `closeCode` reads from now on.
    ///   - reason: What `closeReason` reads from now on.
    public func cancel(with closeCode: URLSessionWebSocketTask.CloseCode, reason: Data?) {
        finish(with: ReplaySocketError.cancelled, closeCode: closeCode, reason: reason, droppingUnread: true)
    }

    /// The code the connection was closed with, by the server or by the app's `cancel`; `.invalid`
    /// while it is open or after a failure without a close frame.
    public var closeCode: URLSessionWebSocketTask.CloseCode { lock.withLock { state.closeCode } }
    /// The close frame's reason bytes (UTF-8 text), set with `closeCode`; nil before.
    public var closeReason: Data? { lock.withLock { state.closeReason } }

    // MARK: The replay's side (and a unit test's)

    /// Every message the app sent on this socket, in order.
    public var sentMessages: [Message] { lock.withLock { state.sent } }

    /// Hands the app a message from the server and returns once it has handled it: it reads its
    /// socket again, and the main queue and the main actor have run once more.
    ///
    /// - Parameter message: The server's message; dropped when the connection is already over.
    @MainActor
    public func serve(_ message: Message) async {
        deliver(message)
        _ = await waitUntilIdle()
        await Settling.mainQueue(rounds: 1)
    }

    /// The server closes the connection (see `deliverClose`), and the app has handled it.
    ///
    /// - Parameters:
    ///   - code: The close frame's status code (1000 for a normal closure); a code `CloseCode` has
    ///     no case for (4000–4999, say) reads `.invalid` on Linux, as on a real task there.
    ///   - reason: The close frame's reason text; empty by default.
    @MainActor
    public func serveClose(code: Int, reason: String = "") async {
        deliverClose(code: code, reason: reason)
        await Settling.mainQueue(rounds: 1)
    }

    /// The connection breaks (see `deliverFailure`), and the app has handled it.
    ///
    /// - Parameter reason: The failure's description: the app's receive fails with
    ///   `URLError(.networkConnectionLost)` carrying it as its localized description.
    @MainActor
    public func serveFailure(_ reason: String) async {
        deliverFailure(reason)
        await Settling.mainQueue(rounds: 1)
    }

    /// Whether the app has called `resume()`.
    public var isResumed: Bool { lock.withLock { state.resumed } }

    /// Whether the connection is over (closed by either side, or failed).
    public var isEnded: Bool { lock.withLock { state.end != nil } }

    /// A message from the server: to the app's pending receive, or kept until it asks.
    package func deliver(_ message: Message) {
        let receiver = lock.withLock { () -> Receiver? in
            guard state.end == nil else { return nil }
            if state.receivers.isEmpty {
                state.inbox.append(.success(message))
                return nil
            }
            return state.receivers.removeFirst()
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

    /// How long the app may take to read its socket again before a replay calls it stopped. Only a
    /// guard against a hang: a settled app reads again at once.
    static let readTimeout: Duration = .seconds(60)

    /// Returns true once the app has read everything delivered and is reading again (or the
    /// connection is over); false when `timeout` passes first: the app stopped reading.
    @MainActor
    func waitUntilIdle(timeout: Duration = readTimeout) async -> Bool {
        await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
            let deadline = DispatchTime.now() + .nanoseconds(Int(timeout.wholeNanoseconds))
            let arming = lock.withLock { () -> Bool? in
                if state.isIdle { return nil }
                state.idleWaiters.append((deadline, continuation))
                defer { state.watchdogArmed = true }
                return !state.watchdogArmed
            }
            guard let arming else { return continuation.resume(returning: true) }
            if arming { armWatchdog(at: deadline) }
        }
    }

    /// One timer for every wait of the socket, not one per wait: a settled app reads again within
    /// microseconds, and a timer per message cost more than the message (issue 43).
    private func armWatchdog(at deadline: DispatchTime) {
        DispatchQueue.global().asyncAfter(deadline: deadline) { [weak self] in self?.watchdogFired() }
    }

    private func watchdogFired() {
        let now = DispatchTime.now()
        let (expired, next) = lock.withLock { () -> ([CheckedContinuation<Bool, Never>], DispatchTime?) in
            let expired = state.idleWaiters.filter { $0.deadline <= now }.map(\.continuation)
            state.idleWaiters.removeAll { $0.deadline <= now }
            let next = state.idleWaiters.map(\.deadline).min()
            state.watchdogArmed = next != nil
            return (expired, next)
        }
        for waiter in expired { waiter.resume(returning: false) }
        if let next { armWatchdog(at: next) }
    }

    // MARK: -

    private func take(_ message: Message) throws {
        let end: (any Error)? = try lock.withLock {
            guard state.resumed else { throw ReplaySocketError.notResumed }
            if let end = state.end { return end }
            state.sent.append(message)
            return nil
        }
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
    var receivesAfterEnd: Int { lock.withLock { state.receivesAfterEnd } }

    private func enqueue(_ receiver: Receiver) {
        let (ready, idle) = lock.withLock { () -> (Result<Message, any Error>?, [CheckedContinuation<Bool, Never>]) in
            if !state.inbox.isEmpty { return (state.inbox.removeFirst(), []) }
            if let end = state.end {
                state.receivesAfterEnd += 1
                if state.receivesAfterEnd > Self.receivesAfterEndAnswered {
                    state.parked.append(receiver)
                    return (nil, [])
                }
                return (.failure(end), [])
            }
            state.receivers.append(receiver)
            return (nil, takeIdleWaiters())
        }
        if let ready { receiver.resume(ready) }
        for waiter in idle { waiter.resume(returning: true) }
    }

    private func finish(
        with error: any Error, closeCode: URLSessionWebSocketTask.CloseCode?, reason: Data?, droppingUnread: Bool = false
    ) {
        let (receivers, idle) = lock.withLock { () -> ([Receiver], [CheckedContinuation<Bool, Never>]) in
            guard state.end == nil else { return ([], []) }
            state.end = error
            if droppingUnread { state.inbox = [] }
            if let closeCode {
                state.closeCode = closeCode
                state.closeReason = reason
            }
            defer { state.receivers = [] }
            return (state.receivers, takeIdleWaiters())
        }
        for receiver in receivers { receiver.resume(.failure(error)) }
        for waiter in idle { waiter.resume(returning: true) }
    }

    /// Called with the lock held.
    private func takeIdleWaiters() -> [CheckedContinuation<Bool, Never>] {
        guard state.isIdle else { return [] }
        defer { state.idleWaiters = [] }
        return state.idleWaiters.map(\.continuation)
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
