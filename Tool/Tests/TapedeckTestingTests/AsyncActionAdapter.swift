import Foundation
import TapedeckSocket
import TapedeckTesting

/// An app whose user action is `async`: claiming a reward awaits the send.
@MainActor
final class ClaimingApp {
    let makeTask: (URL) -> any WebSocketTasking
    private var task: (any WebSocketTasking)?
    private(set) var claimed: [String] = []

    init(makeTask: @escaping (URL) -> any WebSocketTasking) { self.makeTask = makeTask }

    func connect() {
        let task = makeTask(URL(string: "ws://app.invalid/")!)
        self.task = task
        task.resume()
        Task { while (try? await task.receive()) != nil {} }
    }

    func claim(_ eventId: String) async throws {
        try await task?.send(.string(#"{"type":"claimEvent","message":{"eventId":"\#(eventId)"}}"#))
        claimed.append(eventId)
    }
}

/// Its adapter: the tap starts the action in a task, and `settle()`, which the replay calls next,
/// waits for it.
@MainActor
final class AsyncActionAdapter: AppSocketAdapter {
    let app: ClaimingApp
    private var action: Task<Void, Never>?

    init(network: ReplayNetwork) { app = ClaimingApp(makeTask: network.webSocketTask(with:)) }

    func connect() { app.connect() }

    func performUserAction(for message: SocketMessage) -> UserAction {
        guard let body = try? JSONSerialization.jsonObject(with: Data(message.bytes)) as? [String: Any],
            body["type"] as? String == "claimEvent",
            let eventId = (body["message"] as? [String: Any])?["eventId"] as? String
        else { return .unavailable }
        action = Task { try? await self.app.claim(eventId) }
        return .performed
    }

    func settle() async {
        await action?.value
        action = nil
    }

    func snapshot() -> [String] { app.claimed }
}
