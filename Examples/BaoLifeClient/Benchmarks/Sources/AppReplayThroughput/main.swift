import Foundation
import TapedeckTape
import TapedeckTesting

// Events per second into an app's own code, one run, on the same tape (the corpus's longest):
//   tapedeck replay          Tapedeck's own model, synchronous (TapeReplay): the ceiling
//   AppReplay, adapter       a trivial AppClientAdapter, default settling (four main-queue rounds)
//   AppReplay, replay socket a trivial app reading its ReplaySocket on the main actor
// Release build: `make bench` runs it (`swift run -c release AppReplayThroughput [TAPE] [PASSES]`).

/// A trivial app without a socket seam: counts what its adapter hands it.
@MainActor
final class CountingAdapter: AppClientAdapter {
    var received = 0
    func handle(_ event: SocketEvent, at time: VirtualTime) { if case .received = event { received += 1 } }
    func snapshot() -> Int { received }
}

/// A trivial app on the seam: reads its socket in a main-actor loop and counts.
@MainActor
final class CountingSocketApp: AppSocketAdapter {
    let network: ReplayNetwork
    var received = 0
    init(network: ReplayNetwork) { self.network = network }
    func connect() {
        let socket = network.webSocketTask(with: URL(string: "ws://bench.invalid/")!)
        socket.resume()
        Task { @MainActor in
            while (try? await socket.receive()) != nil { self.received += 1 }
        }
    }
    func performUserAction(for message: SocketMessage) -> UserAction { .unavailable }
    func snapshot() -> Int { received }
}

let arguments = CommandLine.arguments.dropFirst()
let recordings = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("../../../../../Recordings").standardized
let tape = arguments.first ?? recordings.appendingPathComponent("five-minute-session.tape").path
let passes = arguments.dropFirst().first.flatMap(Int.init) ?? 20
var records = 0
let reader = try TapeReader(path: tape)
while try reader.next() != nil { records += 1 }
let goldens = FileManager.default.temporaryDirectory.appendingPathComponent("app-replay-throughput").path

/// Best of three runs of `passes` replays: events per second.
@MainActor
func measure(_ run: @MainActor () async throws -> Void) async rethrows -> Double {
    var best = Double.infinity
    for _ in 0..<3 {
        let start = ContinuousClock.now
        for _ in 0..<passes { try await run() }
        let elapsed = ContinuousClock.now - start
        best = min(best, Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
    }
    return Double(records * passes) / best
}

let replay = try await measure { _ = try TapeReplay(tapes: [tape], model: ClientState()).run() }
let adapter = await measure {
    _ = await AppReplay(goldens: goldens, record: .none) { CountingAdapter() }.check(tape: tape)
}
let socket = await measure {
    _ = await AppReplay(goldens: goldens, record: .none) { CountingSocketApp(network: $0) }.check(tape: tape)
}
print("AppReplay throughput: \(tape) (\(records) records) x\(passes), best of 3")
for (name, rate) in [("tapedeck replay", replay), ("AppReplay, adapter", adapter), ("AppReplay, replay socket", socket)] {
    print(
        name.padding(toLength: 26, withPad: " ", startingAt: 0) + String(format: "%12.0f events/s  %6.2fx", rate, rate / socket))
}
