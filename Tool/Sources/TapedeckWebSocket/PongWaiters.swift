import NIOConcurrencyHelpers
import NIOCore

extension WebSocketClient {
    /// Callers of `roundTrip` waiting for the pong that echoes their ping's payload.
    package final class PongWaiters: Sendable {
        private struct Waiter {
            package var continuation: CheckedContinuation<Void, Error>
            /// The timeout, cancelled when the pong (or the close) comes first.
            package var timer: Scheduled<Void>?
        }

        private struct State {
            package var waiting: [[UInt8]: Waiter] = [:]
            /// Set once the connection is gone (with its close code, if any): later waits fail at once.
            package var closed: UInt16?? = nil
        }

        private let state = NIOLockedValueBox(State())

        /// Registers a waiter for `payload`, runs `send`, and waits for the pong or the timeout.
        package func wait(
            for payload: [UInt8], on eventLoop: EventLoop, timeout: TimeAmount,
            send: @escaping @Sendable () async throws -> Void
        ) async throws {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, Error>) in
                let closed: UInt16?? = state.withLockedValue { state in
                    if let code = state.closed { return .some(code) }
                    state.waiting[payload] = Waiter(continuation: continuation)
                    return nil
                }
                if let closed {
                    continuation.resume(throwing: WebSocketClientError.closed(code: closed))
                    return
                }
                let timer = eventLoop.scheduleTask(in: timeout) { () -> Void in
                    self.take(payload)?.continuation.resume(
                        throwing: WebSocketClientError.timedOut(what: "a pong", seconds: seconds(timeout)))
                }
                let stillWaiting = state.withLockedValue { state in
                    guard state.waiting[payload] != nil else { return false }
                    state.waiting[payload]?.timer = timer
                    return true
                }
                if !stillWaiting { timer.cancel() }
                Task {
                    do {
                        try await send()
                    } catch {
                        self.finish(payload, with: error)
                    }
                }
            }
        }

        package func received(_ payload: [UInt8]) {
            finish(payload, with: nil)
        }

        package func connectionClosed(code: UInt16?) {
            let all = state.withLockedValue { state in
                state.closed = .some(code)
                defer { state.waiting.removeAll() }
                return Array(state.waiting.values)
            }
            for waiter in all {
                waiter.timer?.cancel()
                waiter.continuation.resume(throwing: WebSocketClientError.closed(code: code))
            }
        }

        private func finish(_ payload: [UInt8], with error: Error?) {
            guard let waiter = take(payload) else { return }
            waiter.timer?.cancel()
            if let error { waiter.continuation.resume(throwing: error) } else { waiter.continuation.resume() }
        }

        private func take(_ payload: [UInt8]) -> Waiter? {
            state.withLockedValue { $0.waiting.removeValue(forKey: payload) }
        }
    }
}
