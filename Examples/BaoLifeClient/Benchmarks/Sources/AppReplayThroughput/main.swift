import Foundation
import TapedeckTape
import TapedeckTesting

// Events per second into an app's own code, one run, on the same tape (the corpus's longest):
//   tapedeck replay          Tapedeck's own model, synchronous (TapeReplay): the ceiling
//   AppReplay, adapter       a trivial AppClientAdapter, default settling (four main-queue rounds)
//   AppReplay, replay socket a trivial app reading its ReplaySocket on the main actor
// `swift run -c release AppReplayThroughput [TAPE] [PASSES] [--beside DEBUG_BINARY]`. `make bench`
// passes `--beside` the debug build of this driver, which then runs in the same run, after the
// release figures: one table of both builds with issue 43's ratios (the replay socket at least a
// tenth of tapedeck replay in release; the debug build at least a quarter of its release figure,
// as Xcode runs an app's tests in Debug). `--figures` prints only the rates, one per line.

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

var arguments = Array(CommandLine.arguments.dropFirst())
let figuresOnly = arguments.contains("--figures")
arguments.removeAll { $0 == "--figures" }
var debugBinary: String?
if let flag = arguments.firstIndex(of: "--beside"), flag + 1 < arguments.count {
    debugBinary = arguments[flag + 1]
    arguments.removeSubrange(flag...flag + 1)
}
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

let names = ["tapedeck replay", "AppReplay, adapter", "AppReplay, replay socket"]
let replay = try await measure { _ = try TapeReplay(tapes: [tape], model: ClientState()).run() }
let adapter = await measure {
    _ = await AppReplay(goldens: goldens, record: .none) { CountingAdapter() }.check(tape: tape)
}
let socket = await measure {
    _ = await AppReplay(goldens: goldens, record: .none) { CountingSocketApp(network: $0) }.check(tape: tape)
}
let rates = [replay, adapter, socket]
if figuresOnly {
    for rate in rates { print(String(format: "%.0f", rate)) }
    exit(0)
}

/// The same figures from the debug build of this driver, run now.
func debugRates(_ binary: String) throws -> [Double] {
    let child = Process()
    child.executableURL = URL(fileURLWithPath: binary)
    child.arguments = [tape, String(passes), "--figures"]
    let output = Pipe()
    child.standardOutput = output
    try child.run()
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    child.waitUntilExit()
    let rates = text.split(separator: "\n").compactMap { Double($0) }
    guard child.terminationStatus == 0, rates.count == names.count else {
        throw CocoaError(.fileReadCorruptFile, userInfo: [NSLocalizedDescriptionKey: "\(binary) printed \(text)"])
    }
    return rates
}

let debug = try debugBinary.map(debugRates)
func column(_ text: String, _ width: Int) -> String {
    String(repeating: " ", count: max(0, width - text.count)) + text
}
func rate(_ value: Double) -> String { column(String(format: "%.0f", value), 14) }

print("AppReplay throughput: \(tape) (\(records) records) x\(passes), best of 3, events/s")
print(
    "".padding(toLength: 26, withPad: " ", startingAt: 0) + column("release", 14)
        + (debug == nil ? "" : column("debug", 14) + column("debug/release", 15)))
for (index, name) in names.enumerated() {
    var line = name.padding(toLength: 26, withPad: " ", startingAt: 0) + rate(rates[index])
    if let debug { line += rate(debug[index]) + column(String(format: "%.2f", debug[index] / rates[index]), 15) }
    print(line)
}
print(String(format: "replay socket / tapedeck replay, release: %.3f (goal: at least 0.1)", socket / replay))
if let debug {
    print(String(format: "replay socket, debug / release:           %.3f (goal: at least 0.25)", debug[2] / socket))
}
