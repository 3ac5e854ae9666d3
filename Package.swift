// swift-tools-version:6.1
import PackageDescription

// Layers (dependencies point down only; see docs/ARCHITECTURE.md):
//   CLI          tapedeck, TapedeckCLI
//   testing      TapedeckTesting -> TapedeckReplay, TapedeckSocket
//   app seam     TapedeckSocket: no dependency; the WebSocket task protocol an app's production code holds
//   network edge TapedeckWebSocket -> SwiftNIO (the WebSocket core: machines, aggregator, pipeline)
//                TapedeckProxy -> TapedeckWebSocket, TapedeckTape, TapedeckRedaction (recording proxy)
//                TapedeckServers -> TapedeckWebSocket, TapedeckGame, TapedeckReplay (reference and tape servers)
//                TapedeckScenarioNetwork -> TapedeckScenario, TapedeckServers (live scenario targets)
//   pure core    TapedeckScenario -> TapedeckState, TapedeckTape ; TapedeckGame -> TapedeckProtocol
//                TapedeckInvestigation (repro, shrink, diff, report) -> TapedeckReplay
//                TapedeckReplay -> TapedeckState, TapedeckTape ; TapedeckCatalog -> TapedeckTape, GRDB
//                TapedeckState -> TapedeckProtocol ; TapedeckRedaction -> swift-crypto
//                TapedeckTape -> TapedeckCore (LZ4 frames read and written in Swift: the one tape writer), builds for iOS
//   reference    TapedeckLZ4Reference -> TapedeckTape, CLZ4 (liblz4): what tests and benchmarks check the Swift LZ4 against
//   bottom       TapedeckCore: no dependency; dates, UTF-8, base64, hex, the JSON reader. Every target
//                that reads dates or JSON outside the protocol's codec uses it
// SwiftNIO as the network targets use it: the event loops, HTTP/1.1, WebSocket and TLS.
let nio: [Target.Dependency] = [
    .product(name: "NIOCore", package: "swift-nio"),
    .product(name: "NIOPosix", package: "swift-nio"),
    .product(name: "NIOHTTP1", package: "swift-nio"),
    .product(name: "NIOWebSocket", package: "swift-nio"),
    .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
    .product(name: "NIOSSL", package: "swift-nio-ssl"),
]

let package = Package(
    name: "Tapedeck",
    platforms: [.macOS(.v14), .iOS(.v16)],
    products: [
        // What users link (docs/ARCHITECTURE.md, "Products"): the command line; for an app,
        // TapedeckSocket (its release build's socket seam), TapedeckTesting (its tests; re-exports the
        // protocol, state and replay types its API uses), TapedeckRecorder (its debug builds' flight
        // recorder), TapedeckThroughput (its decoding benchmarks); for a tool, TapedeckTape (reading
        // tapes, such as the recorder's exports).
        .executable(name: "tapedeck", targets: ["tapedeck"]),
        .library(name: "TapedeckTesting", targets: ["TapedeckTesting"]),
        .library(name: "TapedeckSocket", targets: ["TapedeckSocket"]),
        .library(name: "TapedeckRecorder", targets: ["TapedeckRecorder"]),
        .library(name: "TapedeckThroughput", targets: ["TapedeckThroughput"]),
        .library(name: "TapedeckTape", targets: ["TapedeckTape"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-asn1", from: "1.7.4"),
        .package(url: "https://github.com/apple/swift-certificates", from: "1.21.1"),
        .package(url: "https://github.com/apple/swift-crypto", "3.12.3"..<"5.0.0"),
        .package(url: "https://github.com/apple/swift-nio", .upToNextMinor(from: "2.101.0")),
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.37.6"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        // `make docs`: the DocC catalogs of the products (swift package generate-documentation).
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        // liblz4's block and frame API (lz4.h, lz4hc.h, lz4frame.h), linked from the system: only
        // TapedeckLZ4Reference (and tests) use it; reading and writing tapes needs no system library.
        .systemLibrary(
            name: "CLZ4",
            pkgConfig: "liblz4",
            providers: [.apt(["liblz4-dev"]), .brew(["lz4"])]
        ),
        // The shared bottom layer (issue 19): calendar dates and RFC 3339 times, UTF-8 checks, base64,
        // the strict JSON reader and its byte scanner. No dependency, no clock, no locale.
        .target(name: "TapedeckCore"),
        // Tapes: the format, the streaming reader and the one writer (LZ4 frames in Swift), JSON Lines.
        .target(name: "TapedeckTape", dependencies: ["TapedeckCore"]),
        // liblz4 as the reference: its frame decoder, which tests and benchmarks check the Swift LZ4 against.
        .target(name: "TapedeckLZ4Reference", dependencies: ["TapedeckTape", "CLZ4"]),
        .target(name: "TapedeckProtocol"),
        .target(
            name: "TapedeckState",
            dependencies: [
                "TapedeckCore", "TapedeckProtocol",
                .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),
        // The replayer: tapes through ClientState (or any ClientModel), checkpoints, goldens, diffs.
        .target(
            name: "TapedeckReplay",
            dependencies: [
                "TapedeckCore", "TapedeckTape", "TapedeckProtocol", "TapedeckState",
                .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),
        // Investigating a session: its first failure, the state at any record, shrinking, diffs,
        // promotion to a regression check, and the HTML report.
        .target(
            name: "TapedeckInvestigation",
            dependencies: [
                "TapedeckCore", "TapedeckReplay", "TapedeckTape", "TapedeckProtocol", "TapedeckState",
            ]
        ),
        // The HTML page of a session (`tapedeck report`): page model and rendering, no clock.
        // The SQLite catalog of tapes and check results (GRDB only here).
        .target(
            name: "TapedeckCatalog",
            dependencies: [
                "TapedeckCore", "TapedeckTape",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),
        // For an app's own test target: replay tapes into its own code (through its socket seam, or
        // an adapter) and assert checkpoints and what it sends.
        .target(
            name: "TapedeckTesting",
            dependencies: [
                "TapedeckCore", "TapedeckReplay", "TapedeckTape", "TapedeckProtocol", "TapedeckState", "TapedeckSocket",
            ]
        ),
        // The socket seam an app's production code holds (`WebSocketTasking`, which
        // URLSessionWebSocketTask adopts): Foundation only, so release builds link it at no cost.
        .target(name: "TapedeckSocket"),
        // For an app's benchmarks: its decode functions timed over recorded messages beside the
        // typed decoder and JSONDecoder (portable like TapedeckTesting).
        .target(name: "TapedeckThroughput", dependencies: ["TapedeckTape", "TapedeckProtocol"]),
        // The in-app flight recorder (issue 21): rolling tape segments written with LZ4 in Swift,
        // redacted in-process; portable like TapedeckTesting (no NIO, no system library).
        .target(name: "TapedeckRecorder", dependencies: ["TapedeckCore", "TapedeckTape", "TapedeckRedaction"]),
        // Redaction of secrets before a record reaches disk: pure, the per-tape key is passed in.
        .target(
            name: "TapedeckRedaction",
            dependencies: ["TapedeckCore", .product(name: "Crypto", package: "swift-crypto")]
        ),
        // The reference game server's seeded simulation: pure, no I/O, no clock.
        .target(name: "TapedeckGame", dependencies: ["TapedeckCore", "TapedeckProtocol"]),
        // The WebSocket core on SwiftNIO: the peer and endpoint machines, the aggregator, the pipeline
        // every listener and client sets up (TLS, upgrade, handshake timeout, connection limits).
        .target(
            name: "TapedeckWebSocket",
            dependencies: ["TapedeckCore"] + nio
        ),
        // The recording proxy, reverse and forward: the relay machine, the recorder, the local CA.
        .target(
            name: "TapedeckProxy",
            dependencies: [
                "TapedeckWebSocket", "TapedeckCore", "TapedeckTape", "TapedeckRedaction",
                // The local CA for wss:// towards the app, made in-process (no openssl).
                .product(name: "X509", package: "swift-certificates"),
                .product(name: "SwiftASN1", package: "swift-asn1"),
                .product(name: "Crypto", package: "swift-crypto"),
            ] + nio
        ),
        // The servers: the reference game server (`tapedeck server`) and the tape server (`tapedeck serve`).
        .target(
            name: "TapedeckServers",
            dependencies: [
                "TapedeckWebSocket", "TapedeckCore", "TapedeckGame", "TapedeckProtocol", "TapedeckTape", "TapedeckReplay",
            ] + nio
        ),
        .target(
            name: "TapedeckScenario",
            dependencies: ["TapedeckProtocol", "TapedeckState", "TapedeckTape", "TapedeckReplay"]
        ),
        // The scenario language's live targets: a WebSocket transport, the reference server in virtual time.
        .target(
            name: "TapedeckScenarioNetwork",
            dependencies: [
                "TapedeckScenario", "TapedeckWebSocket", "TapedeckServers", "TapedeckState", "TapedeckTape", "TapedeckReplay",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOWebSocket", package: "swift-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
            ]
        ),
        // The measured loops behind `tapedeck bench` and `tapedeck dev bench`, and the synthetic tapes
        // they run on: kept out of the command line so the commands stay thin.
        .target(
            name: "TapedeckBenchmarks",
            dependencies: [
                "TapedeckCore", "TapedeckTape", "TapedeckLZ4Reference", "TapedeckProtocol", "TapedeckState", "TapedeckReplay",
                "TapedeckRedaction", "TapedeckThroughput", "TapedeckRecorder",
            ]
        ),
        .target(
            name: "TapedeckCLI",
            dependencies: [
                "TapedeckCore", "TapedeckTape", "TapedeckProtocol", "TapedeckState", "TapedeckReplay",
                "TapedeckCatalog", "TapedeckInvestigation", "TapedeckRedaction", "TapedeckThroughput", "TapedeckRecorder",
                "TapedeckScenario", "TapedeckGame", "TapedeckWebSocket", "TapedeckProxy", "TapedeckServers",
                "TapedeckScenarioNetwork",
                "TapedeckBenchmarks",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "NIOCore", package: "swift-nio"),
            ]
        ),
        .executableTarget(name: "tapedeck", dependencies: ["TapedeckCLI"]),
        // The proxy's per-frame path on EmbeddedChannels, for callgrind (scripts/bench-proxy-instructions.sh).
        .executableTarget(
            name: "tapedeck-proxy-profile",
            dependencies: [
                "TapedeckProxy", "TapedeckWebSocket",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOWebSocket", package: "swift-nio"),
                .product(name: "NIOEmbedded", package: "swift-nio"),
            ]
        ),
        // The protocol generator (issue 18): Protocol/baolife.schema.json -> codec, baselines, doc tables.
        .target(name: "ProtocolGeneration"),
        .executableTarget(name: "tapedeck-generate", dependencies: ["ProtocolGeneration"]),
        // What the tests share: an async child process (no test holds a concurrency-pool thread).
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        // The tests' shared fixtures: temporary folders, tapes built from messages, records or the
        // JSON Lines in Fixtures/, tapes read back, BaoLife messages, the peers' scripts and certificates.
        .target(
            name: "TapedeckTestFixtures",
            dependencies: [
                "TapedeckTape", "TapedeckProtocol", "TapedeckState", "TapedeckReplay", "TestSupport",
            ],
            path: "Tests/TapedeckTestFixtures",
            resources: [.copy("Fixtures")]
        ),
        .testTarget(name: "TapedeckCoreTests", dependencies: ["TapedeckCore", "TestSupport"]),
        .testTarget(name: "ProtocolGenerationTests", dependencies: ["ProtocolGeneration", "TapedeckProtocol", "TestSupport"]),
        .testTarget(
            name: "TapedeckTapeTests",
            dependencies: ["TapedeckTape", "TapedeckLZ4Reference", "CLZ4", "TestSupport", "TapedeckTestFixtures"],
            resources: [.copy("Fixtures")]
        ),
        .testTarget(name: "TapedeckProtocolTests", dependencies: ["TapedeckProtocol", "TestSupport"]),
        .testTarget(name: "TapedeckStateTests", dependencies: ["TapedeckState", "TapedeckProtocol", "TestSupport"]),
        .testTarget(
            name: "TapedeckReplayTests",
            dependencies: [
                "TapedeckReplay", "TapedeckCore", "TapedeckTape", "TapedeckProtocol", "TapedeckState", "TapedeckTestFixtures",
                "TestSupport",
            ]
        ),
        .testTarget(
            name: "TapedeckTestingTests",
            dependencies: [
                "TapedeckTesting", "TapedeckReplay", "TapedeckSocket", "TapedeckCore", "TapedeckTape",
                "TapedeckTestFixtures",
            ]
        ),
        .testTarget(name: "TapedeckRedactionTests", dependencies: ["TapedeckRedaction", "TapedeckCore"]),
        .testTarget(name: "TapedeckCatalogTests", dependencies: ["TapedeckCatalog", "TapedeckTape"]),
        .testTarget(
            name: "TapedeckScenarioTests",
            dependencies: [
                "TapedeckScenario", "TapedeckState", "TapedeckProtocol", "TapedeckTape", "TapedeckReplay", "TestSupport",
            ]
        ),
        .testTarget(
            name: "TapedeckCLITests",
            dependencies: [
                "TapedeckCLI", "TapedeckBenchmarks", "TapedeckCore", "TapedeckTape", "TapedeckCatalog",
                "TapedeckProtocol", "TestSupport", "TapedeckTestFixtures",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            exclude: ["Peers"]
        ),
        .testTarget(name: "TapedeckThroughputTests", dependencies: ["TapedeckThroughput", "TapedeckTape"]),
        .testTarget(
            name: "TapedeckRecorderTests",
            dependencies: [
                "TapedeckRecorder", "TapedeckTape", "TapedeckRedaction", "TapedeckProtocol", "TestSupport",
                "TapedeckTestFixtures",
            ]
        ),
        .testTarget(name: "TapedeckGameTests", dependencies: ["TapedeckGame", "TapedeckProtocol", "TapedeckState"]),
        .testTarget(
            name: "TapedeckWebSocketTests",
            dependencies: [
                "TapedeckWebSocket", "TestSupport",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOWebSocket", package: "swift-nio"),
                .product(name: "NIOEmbedded", package: "swift-nio"),
            ]
        ),
        .testTarget(
            name: "TapedeckServersTests",
            dependencies: [
                "TapedeckWebSocket", "TapedeckServers", "TapedeckGame", "TapedeckProtocol", "TestSupport", "TapedeckTestFixtures",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOWebSocket", package: "swift-nio"),
            ],
            exclude: ["Peers", "Fixtures"]
        ),
        .testTarget(
            name: "TapedeckScenarioNetworkTests",
            dependencies: [
                "TapedeckScenarioNetwork", "TapedeckScenario", "TapedeckWebSocket", "TapedeckServers", "TapedeckState",
                "TapedeckTape",
                "TapedeckProtocol", "TapedeckReplay", "TapedeckTesting", "TapedeckSocket", "TestSupport",
                "TapedeckTestFixtures",
            ],
            exclude: ["Peers"]
        ),
        .testTarget(
            name: "TapedeckInvestigationTests",
            dependencies: [
                "TapedeckInvestigation", "TapedeckReplay", "TapedeckScenario", "TapedeckTape", "TapedeckProtocol",
                "TapedeckState", "TestSupport", "TapedeckTestFixtures",
            ]
        ),
        .testTarget(
            name: "TapedeckProxyTests",
            dependencies: [
                "TapedeckWebSocket", "TapedeckProxy", "TapedeckServers", "TapedeckTape", "TapedeckCatalog", "TestSupport",
                "TapedeckTestFixtures",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOWebSocket", package: "swift-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "NIOEmbedded", package: "swift-nio"),
            ],
            exclude: ["Peers"]
        ),
    ]
)

// `make bench` (TAPEDECK_BENCHMARKS=1, set by the Makefile's benchmark targets only): the decoding
// benchmarks with ordo-one/package-benchmark (malloc counts, instructions, throughput per stage,
// checked against Benchmarks/Thresholds/) and DecodeProfile, the plain driver callgrind counts
// (scripts/bench-instructions.sh). In this package, so they measure the stages through its own
// targets, not through products; behind the switch, so a normal build, test or dependent package
// never resolves package-benchmark and its malloc interposer. The plugin finds a benchmark by its
// folder's parent, `Benchmarks/`; the two plain targets live in `Benchmarks/Sources/` so it does
// not take DecodeProfile for one.
if Context.environment["TAPEDECK_BENCHMARKS"] == "1" {
    package.dependencies.append(
        .package(url: "https://github.com/ordo-one/package-benchmark", from: "1.38.1", traits: ["MallocInterposer"]))
    package.targets += [
        // The decode and replay loop both drivers measure.
        .target(
            name: "DecodeLoop", dependencies: ["TapedeckTape", "TapedeckProtocol", "TapedeckState"],
            path: "Benchmarks/Sources/DecodeLoop"),
        .executableTarget(
            name: "DecodeBenchmarks",
            dependencies: [
                "DecodeLoop", "TapedeckTape", "TapedeckProtocol", "TapedeckState",
                .product(name: "Benchmark", package: "package-benchmark"),
            ],
            path: "Benchmarks/Benchmarks/DecodeBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "package-benchmark")]
        ),
        // A plain driver for counting instructions per message under callgrind.
        .executableTarget(
            name: "DecodeProfile",
            dependencies: [
                "DecodeLoop", "TapedeckTape", "TapedeckLZ4Reference", "TapedeckProtocol", "TapedeckState", "TapedeckReplay",
            ],
            path: "Benchmarks/Sources/DecodeProfile"
        ),
    ]
}

// `make sanitize` and `make fuzz` (issue 18) build in their own scratch paths with sanitizers,
// which rebuild every target from scratch. TAPEDECK_SUBSET, set by those two targets only, trims
// the package to what they run, so they do not compile NIO, GRDB and the CLI for nothing. Unset
// (every other build) the package above is unchanged.
switch Context.environment["TAPEDECK_SUBSET"] {
case "sanitize":
    // The core, protocol and state tests under AddressSanitizer, and what they import.
    let kept: Set = [
        "TapedeckCore", "TapedeckProtocol", "TapedeckState", "TapedeckCoreTests", "TapedeckProtocolTests", "TapedeckStateTests",
        "TestSupport",
    ]
    package.targets = package.targets.filter { kept.contains($0.name) }
    package.products = []
    package.dependencies = package.dependencies.filter {
        if case .sourceControl(_, let location, _) = $0.kind { return location.hasSuffix("/swift-crypto") }
        return false
    }
case "fuzz":
    // The libFuzzer target over the envelope decoders: TapedeckProtocol only.
    package.targets =
        package.targets.filter { $0.name == "TapedeckProtocol" }
        + [
            .target(name: "CFuzzerDriver", path: "Fuzz/CFuzzerDriver"),
            .executableTarget(
                name: "tapedeck-fuzz-envelope", dependencies: ["TapedeckProtocol", "CFuzzerDriver"], path: "Fuzz/EnvelopeFuzzer"),
        ]
    package.products = []
    package.dependencies = []
default:
    break
}
