import Foundation

/// The field app's `--name value` options, and running its clients side by side.
struct FieldAppOptions: Sendable {
    private var values: [String: [String]] = [:]

    init(_ arguments: ArraySlice<String>) {
        var rest = arguments
        while let name = rest.popFirst(), name.hasPrefix("--"), let value = rest.popFirst() {
            values[String(name.dropFirst(2)), default: []].append(value)
        }
    }

    func text(_ name: String) -> String? { values[name]?.last }
    func all(_ name: String) -> [String] { values[name] ?? [] }
    func number(_ name: String, _ fallback: Int) -> Int { text(name).flatMap { Int($0) } ?? fallback }

    struct Results {
        var outcomes: [FieldClient.Outcome?]
        var failures: [String]

        var json: Data {
            let clients = outcomes.enumerated().map { index, outcome -> [String: Any] in
                [
                    "index": index, "reportIDs": outcome?.reportIDs ?? [], "duplicated": outcome?.duplicated ?? 0,
                    "delivered": outcome?.delivered ?? 0, "failedAttempts": outcome?.failedAttempts ?? 0,
                ]
            }
            let object: [String: Any] = ["clients": clients, "failures": failures]
            return ((try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data()) + Data("\n".utf8)
        }
    }

    /// Runs every client on a thread of its own (all at once, not as many as there are cores)
    /// and collects what they did.
    static func run(_ clients: [FieldClient], deadline: Date) -> Results {
        let lock = NSLock()
        let group = DispatchGroup()
        nonisolated(unsafe) var results = Results(outcomes: Array(repeating: nil, count: clients.count), failures: [])
        for (index, client) in clients.enumerated() {
            group.enter()
            Thread {
                defer { group.leave() }
                do {
                    let outcome = try client.run(deadline: deadline)
                    lock.withLock { results.outcomes[index] = outcome }
                } catch {
                    lock.withLock { results.failures.append("\(error)") }
                }
            }.start()
        }
        group.wait()
        return results
    }
}
