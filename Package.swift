// swift-tools-version:6.1
import PackageDescription

// Tapedeck's runtime: the libraries an app links, and nothing else, with no dependency (its two
// hashes, SHA-256 for snapshot digests and HMAC-SHA256 for redaction tokens, are TapedeckCore's).
// The `tapedeck` command line, the proxy, the servers and every test live in the tool package,
// Tool/, which depends on this one (docs/ARCHITECTURE.md).
//
// Layers (dependencies point down only):
//   testing      TapedeckTesting -> TapedeckChecks, TapedeckReplay, TapedeckSocket
//   app seam     TapedeckSocket: no dependency; the WebSocket task protocol an app's production code holds
//   recorder     TapedeckRecorder -> TapedeckTape, TapedeckRedaction
//   pure core    TapedeckChecks -> TapedeckReplay ; TapedeckReplay -> TapedeckState, TapedeckTape
//                TapedeckState -> TapedeckProtocol -> TapedeckCore
//                TapedeckThroughput -> TapedeckTape, TapedeckProtocol ; TapedeckRedaction -> TapedeckTape
//                TapedeckTape -> TapedeckCore (LZ4 frames read and written in Swift: the one tape writer)
//   bottom       TapedeckCore: no dependency; dates, UTF-8, base64, hex, SHA-256, the JSON reader
let package = Package(
    name: "Tapedeck",
    platforms: [.macOS(.v14), .iOS(.v16)],
    products: [
        // What an app links (docs/TESTING-YOUR-APP.md): TapedeckSocket (its release build's socket
        // seam), TapedeckTesting (its tests; re-exports the protocol, state and replay types its API
        // uses), TapedeckRecorder (its debug builds' flight recorder), TapedeckThroughput (its
        // decoding benchmarks), TapedeckTape (reading tapes, such as the recorder's exports).
        .library(name: "TapedeckTesting", targets: ["TapedeckTesting"]),
        .library(name: "TapedeckSocket", targets: ["TapedeckSocket"]),
        .library(name: "TapedeckRecorder", targets: ["TapedeckRecorder"]),
        .library(name: "TapedeckThroughput", targets: ["TapedeckThroughput"]),
        .library(name: "TapedeckTape", targets: ["TapedeckTape"]),
        // The tool package's (Tool/), one product for the six targets it builds on besides those
        // five, so Xcode's product list shows an app the five it may pick and one it may not need.
        .library(
            name: "TapedeckToolSupport",
            targets: [
                "TapedeckCore", "TapedeckProtocol", "TapedeckState", "TapedeckReplay", "TapedeckChecks", "TapedeckRedaction",
            ]
        ),
    ],
    targets: [
        // The shared bottom layer: calendar dates and RFC 3339 times, UTF-8 checks, base64, the
        // strict JSON reader and its byte scanner. No dependency, no clock, no locale.
        .target(name: "TapedeckCore"),
        // Tapes: the format, the streaming reader and the one writer (LZ4 frames in Swift), JSON Lines.
        .target(name: "TapedeckTape", dependencies: ["TapedeckCore"]),
        .target(name: "TapedeckProtocol", dependencies: ["TapedeckCore"]),
        .target(
            name: "TapedeckState",
            dependencies: ["TapedeckCore", "TapedeckProtocol"]
        ),
        // The replayer: tapes through ClientState (or any ClientModel), checkpoints, goldens, diffs.
        .target(
            name: "TapedeckReplay",
            dependencies: ["TapedeckCore", "TapedeckTape", "TapedeckProtocol", "TapedeckState"]
        ),
        // The checks and reports around the replayer: a tape against its checkpoints and goldens,
        // folders of tapes, digest traces, coverage, a client's sends against the recording (serve
        // verification), JUnit. TapedeckTesting runs them without re-exporting them; the tool links them.
        .target(
            name: "TapedeckChecks",
            dependencies: ["TapedeckCore", "TapedeckTape", "TapedeckProtocol", "TapedeckState", "TapedeckReplay"]
        ),
        // For an app's own test target: replay tapes into its own code (through its socket seam, or
        // an adapter) and assert checkpoints and what it sends.
        .target(
            name: "TapedeckTesting",
            dependencies: [
                "TapedeckCore", "TapedeckReplay", "TapedeckChecks", "TapedeckTape", "TapedeckProtocol", "TapedeckState",
                "TapedeckSocket",
            ]
        ),
        // The socket seam an app's production code holds (`WebSocketTasking`, which
        // URLSessionWebSocketTask adopts): Foundation only, so release builds link it at no cost.
        .target(name: "TapedeckSocket"),
        // For an app's benchmarks: its decode functions timed over recorded messages beside the
        // typed decoder and JSONDecoder (portable like TapedeckTesting).
        .target(name: "TapedeckThroughput", dependencies: ["TapedeckTape", "TapedeckProtocol"]),
        // The in-app flight recorder: rolling tape segments written with LZ4 in Swift, redacted
        // in-process; portable like TapedeckTesting (no NIO, no system library).
        .target(name: "TapedeckRecorder", dependencies: ["TapedeckCore", "TapedeckTape", "TapedeckRedaction"]),
        // Redaction of secrets before a record reaches disk: pure, the per-tape key is passed in.
        .target(name: "TapedeckRedaction", dependencies: ["TapedeckCore", "TapedeckTape"]),
    ]
)

// `make docs` (TAPEDECK_DOCS=1, set there only): the DocC catalogs of the products through
// swift-docc-plugin, which an app depending on this package never resolves.
if Context.environment["TAPEDECK_DOCS"] == "1" {
    package.dependencies = [.package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0")]
}
