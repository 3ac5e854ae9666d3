// swift-tools-version:6.1
import PackageDescription

// The tool package: the `tapedeck` command line, the recording proxy, the servers, the scenario
// language, the benchmarks, and the tests of both packages. It builds on the runtime package, the
// repository's root (`..`), which holds the libraries an app links; apps never resolve this one
// (docs/ARCHITECTURE.md). Build it from the repository's root with `make` (`swift build
// --package-path Tool`); the binary lands in Tool/.build/debug/tapedeck.
//
// Layers (dependencies point down only):
//   CLI          tapedeck, TapedeckCLI
//   network edge TapedeckWebSocket -> SwiftNIO (the WebSocket core: machines, aggregator, pipeline)
//                TapedeckProxy -> TapedeckWebSocket, TapedeckTape, TapedeckRedaction (recording proxy)
//                TapedeckServers -> TapedeckWebSocket, TapedeckGame, TapedeckReplay (reference and tape servers)
//                TapedeckScenarioNetwork -> TapedeckScenario, TapedeckServers (live scenario targets)
//                TapedeckS3 -> SwiftNIO, swift-crypto (AWS SigV4 and a small S3 client: the inbox's bucket)
//   pure core    TapedeckScenario -> TapedeckState, TapedeckTape ; TapedeckGame -> TapedeckProtocol
//                TapedeckInvestigation (repro, shrink, diff, report) -> TapedeckReplay
//                TapedeckCatalog -> TapedeckTape, GRDB
//   reference    TapedeckLZ4Reference -> TapedeckTape, CLZ4 (liblz4): what tests and benchmarks check the Swift LZ4 against
//   runtime      the root package's products: the five an app links (TapedeckTape, TapedeckTesting,
//                TapedeckSocket, TapedeckRecorder, TapedeckThroughput) and TapedeckToolSupport, this
//                package's (TapedeckCore, TapedeckProtocol, TapedeckState, TapedeckReplay,
//                TapedeckChecks, TapedeckRedaction)

/// A library of the runtime package (the repository's root) that an app links too: TapedeckTape,
/// TapedeckTesting, TapedeckSocket, TapedeckRecorder, TapedeckThroughput.
func runtime(_ name: String) -> Target.Dependency { .product(name: name, package: "Tapedeck") }

/// The runtime's targets an app does not name, as the one product the runtime keeps for this
/// package: TapedeckCore, TapedeckProtocol, TapedeckState, TapedeckReplay, TapedeckChecks and
/// TapedeckRedaction (a target imports those of them it uses).
let toolSupport: Target.Dependency = .product(name: "TapedeckToolSupport", package: "Tapedeck")

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
    name: "TapedeckTool",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "tapedeck", targets: ["tapedeck"])
    ],
    dependencies: [
        // The runtime package, by path; named, so the products above resolve whatever the clone's folder is called.
        .package(name: "Tapedeck", path: ".."),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-asn1", from: "1.7.4"),
        .package(url: "https://github.com/apple/swift-certificates", from: "1.21.1"),
        .package(url: "https://github.com/apple/swift-crypto", "3.12.3"..<"5.0.0"),
        .package(url: "https://github.com/apple/swift-nio", .upToNextMinor(from: "2.101.0")),
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.37.6"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
    ],
    targets: [
        // liblz4's block and frame API (lz4.h, lz4hc.h, lz4frame.h), linked from the system: only
        // TapedeckLZ4Reference (and tests) use it; reading and writing tapes needs no system library.
        .systemLibrary(
            name: "CLZ4",
            pkgConfig: "liblz4",
            providers: [.apt(["liblz4-dev"]), .brew(["lz4"])]
        ),
        // liblz4 as the reference: its frame decoder, which tests and benchmarks check the Swift LZ4 against.
        .target(name: "TapedeckLZ4Reference", dependencies: [runtime("TapedeckTape"), "CLZ4"]),
        // Investigating a session: its first failure, the state at any record, shrinking, diffs,
        // promotion to a regression check, and the HTML report.
        .target(
            name: "TapedeckInvestigation",
            dependencies: [
                toolSupport, runtime("TapedeckTape"),
            ]
        ),
        // The SQLite catalog of tapes and check results (GRDB only here).
        .target(
            name: "TapedeckCatalog",
            dependencies: [
                toolSupport, runtime("TapedeckTape"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),
        // The bug-report inbox (`tapedeck inbox`): uploads from the flight recorder checked and
        // stored, triage by first failure, groups, the team's page; rows in SQLite or PostgreSQL,
        // tapes in a folder or an S3 bucket, served over HTTP/1.1 on SwiftNIO.
        .target(
            name: "TapedeckInbox",
            dependencies: [
                toolSupport, runtime("TapedeckTape"), "TapedeckInvestigation", "TapedeckWebSocket", "TapedeckS3",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
            ]
        ),
        // Seeded streams of plausible BaoLife messages, for benchmarks, the demo and the tests.
        .target(name: "TapedeckSynthetic", dependencies: [toolSupport]),
        // The reference game server's seeded simulation: pure, no I/O, no clock.
        .target(name: "TapedeckGame", dependencies: [toolSupport]),
        // The WebSocket core on SwiftNIO: the peer and endpoint machines, the aggregator, the pipeline
        // every listener and client sets up (TLS, upgrade, handshake timeout, connection limits).
        .target(
            name: "TapedeckWebSocket",
            dependencies: [toolSupport] + nio
        ),
        // The recording proxy, reverse and forward: the relay machine, the recorder, the local CA.
        .target(
            name: "TapedeckProxy",
            dependencies: [
                "TapedeckWebSocket", toolSupport, runtime("TapedeckTape"),
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
                toolSupport,
                "TapedeckWebSocket", "TapedeckGame", runtime("TapedeckTape"),
            ] + nio
        ),
        .target(
            name: "TapedeckScenario",
            dependencies: [
                toolSupport, runtime("TapedeckTape"),
            ]
        ),
        // The scenario language's live targets: a WebSocket transport, the reference server in virtual time.
        .target(
            name: "TapedeckScenarioNetwork",
            dependencies: [
                "TapedeckScenario", "TapedeckWebSocket", "TapedeckServers", toolSupport,
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
            ]
        ),
        // The measured loops behind `tapedeck bench` and `tapedeck dev bench`, and the synthetic tapes
        // they run on: kept out of the command line so the commands stay thin.
        .target(
            name: "TapedeckBenchmarks",
            dependencies: [
                "TapedeckSynthetic",
                toolSupport, runtime("TapedeckTape"), "TapedeckLZ4Reference", runtime("TapedeckThroughput"),
                runtime("TapedeckRecorder"), "TapedeckInbox",
            ]
        ),
        .target(
            name: "TapedeckCLI",
            dependencies: [
                toolSupport,
                "TapedeckSynthetic",
                runtime("TapedeckTape"), "TapedeckCatalog", "TapedeckInvestigation", runtime("TapedeckRecorder"),
                "TapedeckScenario", "TapedeckGame", "TapedeckWebSocket", "TapedeckProxy", "TapedeckServers",
                "TapedeckScenarioNetwork",
                "TapedeckBenchmarks", "TapedeckInbox", "TapedeckS3",
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
        // The field app of the inbox's end-to-end test: installs of an app sending flight recorder
        // reports to collectors, one build with a planted decode bug (InboxEndToEndTests).
        .executableTarget(name: "tapedeck-field-app", dependencies: [runtime("TapedeckRecorder")]),
        // AWS Signature Version 4 and a small S3 client on SwiftNIO (issue 52: the inbox keeps tapes in
        // a bucket). Self-contained: no Tapedeck target, no HTTP client library.
        .target(
            name: "TapedeckS3",
            dependencies: [
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
            ]
        ),
        // The protocol generator (issue 18): Protocol/baolife.schema.json -> codec, baselines, doc tables.
        .target(name: "ProtocolGeneration"),
        .executableTarget(name: "tapedeck-generate", dependencies: ["ProtocolGeneration"]),
        // What the tests share: an async child process (no test holds a concurrency-pool thread), and
        // moto's S3 server (MotoServer).
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        // The tests' shared fixtures: temporary folders, tapes built from messages, records or the
        // JSON Lines in Fixtures/, tapes read back, BaoLife messages, the peers' scripts and certificates,
        // the WebSocket client's test-only reads.
        .target(
            name: "TapedeckTestFixtures",
            dependencies: [
                runtime("TapedeckTape"), toolSupport, "TestSupport", "TapedeckWebSocket", "TapedeckScenario",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
            ],
            path: "Tests/TapedeckTestFixtures",
            resources: [.copy("Fixtures")]
        ),
        .testTarget(name: "TapedeckCoreTests", dependencies: [toolSupport, "TestSupport"]),
        .testTarget(
            name: "ProtocolGenerationTests", dependencies: ["ProtocolGeneration", "TestSupport"]),
        .testTarget(
            name: "TapedeckTapeTests",
            dependencies: [runtime("TapedeckTape"), "TapedeckLZ4Reference", "CLZ4", "TestSupport", "TapedeckTestFixtures"],
            resources: [.copy("Fixtures")]
        ),
        .testTarget(
            name: "TapedeckProtocolTests",
            dependencies: [toolSupport, "TapedeckSynthetic", "TestSupport"]),
        .testTarget(
            name: "TapedeckStateTests",
            dependencies: [toolSupport, "TestSupport"]),
        .testTarget(
            name: "TapedeckReplayTests",
            dependencies: [
                toolSupport,
                "TapedeckSynthetic",
                runtime("TapedeckTape"), "TapedeckTestFixtures",
                "TestSupport",
            ]
        ),
        .testTarget(
            name: "TapedeckTestingTests",
            dependencies: [
                toolSupport,
                runtime("TapedeckTesting"), runtime("TapedeckSocket"), runtime("TapedeckTape"),
                "TapedeckTestFixtures",
            ]
        ),
        .testTarget(
            name: "TapedeckRedactionTests",
            dependencies: [
                toolSupport, .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),
        .testTarget(name: "TapedeckCatalogTests", dependencies: ["TapedeckCatalog", runtime("TapedeckTape")]),
        .testTarget(
            name: "TapedeckScenarioTests",
            dependencies: [
                toolSupport,
                "TapedeckScenario", runtime("TapedeckTape"),
                "TestSupport", "TapedeckTestFixtures",
            ]
        ),
        .testTarget(
            name: "TapedeckCLITests",
            dependencies: [
                "TapedeckCLI", "TapedeckBenchmarks", toolSupport, runtime("TapedeckTape"), "TapedeckCatalog",
                "TestSupport", "TapedeckTestFixtures",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            exclude: ["Peers"]
        ),
        .testTarget(
            name: "TapedeckInboxTests",
            dependencies: [
                "TapedeckInbox", "TapedeckS3", toolSupport, runtime("TapedeckTape"), "TapedeckInvestigation", "TestSupport",
                "TapedeckTestFixtures",
            ],
            exclude: ["Peers"]
        ),
        .testTarget(name: "TapedeckThroughputTests", dependencies: [runtime("TapedeckThroughput"), runtime("TapedeckTape")]),
        .testTarget(
            name: "TapedeckRecorderTests",
            dependencies: [
                toolSupport, "TapedeckSynthetic",
                runtime("TapedeckRecorder"), runtime("TapedeckTape"), "TestSupport",
                "TapedeckTestFixtures",
                // The collector the uploads go to in the tests: HTTP/1.1 on loopback.
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ]
        ),
        .testTarget(
            name: "TapedeckGameTests", dependencies: ["TapedeckGame", toolSupport]),
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
                "TapedeckWebSocket", "TapedeckServers", "TapedeckGame", toolSupport, "TestSupport",
                "TapedeckTestFixtures",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOWebSocket", package: "swift-nio"),
            ],
            exclude: ["Peers", "Fixtures"]
        ),
        .testTarget(
            name: "TapedeckScenarioNetworkTests",
            dependencies: [
                toolSupport,
                "TapedeckScenarioNetwork", "TapedeckScenario", "TapedeckWebSocket", "TapedeckServers", runtime("TapedeckTape"),
                runtime("TapedeckTesting"), runtime("TapedeckSocket"),
                "TestSupport",
                "TapedeckTestFixtures",
            ],
            exclude: ["Peers"]
        ),
        .testTarget(
            name: "TapedeckInvestigationTests",
            dependencies: [
                toolSupport,
                "TapedeckSynthetic",
                "TapedeckInvestigation", "TapedeckScenario", runtime("TapedeckTape"),
                "TestSupport", "TapedeckTestFixtures",
            ]
        ),
        .testTarget(
            name: "TapedeckS3Tests",
            dependencies: [
                "TapedeckS3", "TestSupport",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
            ],
            resources: [.copy("Fixtures")]
        ),
        .testTarget(
            name: "TapedeckProxyTests",
            dependencies: [
                "TapedeckWebSocket", "TapedeckProxy", "TapedeckServers", runtime("TapedeckTape"), "TapedeckCatalog",
                "TestSupport",
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
            name: "DecodeLoop", dependencies: [runtime("TapedeckTape"), toolSupport],
            path: "Benchmarks/Sources/DecodeLoop"),
        .executableTarget(
            name: "DecodeBenchmarks",
            dependencies: [
                "TapedeckSynthetic",
                "DecodeLoop", runtime("TapedeckTape"), toolSupport, .product(name: "Benchmark", package: "package-benchmark"),
            ],
            path: "Benchmarks/Benchmarks/DecodeBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "package-benchmark")]
        ),
        // A plain driver for counting instructions per message under callgrind.
        .executableTarget(
            name: "DecodeProfile",
            dependencies: [
                "TapedeckSynthetic",
                "DecodeLoop", runtime("TapedeckTape"), "TapedeckLZ4Reference", toolSupport,
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
        "TapedeckCoreTests", "TapedeckProtocolTests", "TapedeckStateTests", "TestSupport", "TapedeckSynthetic",
    ]
    package.targets = package.targets.filter { kept.contains($0.name) }
    package.products = []
    package.dependencies = package.dependencies.filter { if case .fileSystem = $0.kind { true } else { false } }
case "fuzz":
    // The libFuzzer target over the envelope decoders: TapedeckProtocol only.
    package.targets = [
        .target(name: "CFuzzerDriver", path: "Fuzz/CFuzzerDriver"),
        .executableTarget(
            name: "tapedeck-fuzz-envelope", dependencies: [toolSupport, "CFuzzerDriver"],
            path: "Fuzz/EnvelopeFuzzer"),
    ]
    package.products = []
    package.dependencies = package.dependencies.filter { if case .fileSystem = $0.kind { true } else { false } }
default:
    break
}
