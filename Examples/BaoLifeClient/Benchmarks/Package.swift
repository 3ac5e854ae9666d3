// swift-tools-version:6.1
import PackageDescription

// How fast the example app parses the messages of the regression corpus, before the refactor
// (JSONSerialization) and after it (Codable), beside Tapedeck's typed decoder and JSONDecoder:
//   BaoLifeDecodeReport      one run, every function and baseline in one table (msg/s, MB/s)
//   BaoLifeDecodeBenchmarks  package-benchmark: mallocs per pass over the corpus, per function
//   AppReplayThroughput      events per second into an app through AppReplay, beside tapedeck replay
// `make bench` runs both from the repository root. Its own package so the example's tests never
// build package-benchmark.
let package = Package(
    name: "BaoLifeClientBenchmarks",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(name: "BaoLifeClient", path: ".."),
        .package(name: "Tapedeck", path: "../../.."),
        .package(url: "https://github.com/ordo-one/package-benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        // The corpus and the functions both drivers measure.
        .target(
            name: "BaoLifeDecoders",
            dependencies: [
                .product(name: "BaoLifeBefore", package: "BaoLifeClient"),
                .product(name: "BaoLifeAfter", package: "BaoLifeClient"),
                .product(name: "TapedeckThroughput", package: "Tapedeck"),
            ]
        ),
        .executableTarget(name: "BaoLifeDecodeReport", dependencies: ["BaoLifeDecoders"]),
        // Events per second into an app's code through AppReplay (adapter, replay socket) beside
        // tapedeck's own replay, on the same tape.
        .executableTarget(
            name: "AppReplayThroughput",
            dependencies: [
                .product(name: "TapedeckTesting", package: "Tapedeck"), .product(name: "TapedeckTape", package: "Tapedeck"),
            ]
        ),
        .executableTarget(
            name: "BaoLifeDecodeBenchmarks",
            dependencies: ["BaoLifeDecoders", .product(name: "Benchmark", package: "package-benchmark")],
            path: "Benchmarks/BaoLifeDecodeBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "package-benchmark")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
