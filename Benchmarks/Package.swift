// swift-tools-version:6.1
import PackageDescription

// The decoding benchmarks with ordo-one/package-benchmark: malloc counts, instructions (where the
// kernel allows perf counters) and throughput for each stage, checked against the static
// thresholds in Thresholds/. Run from the repository root with `make bench`. Its own package so
// that building and testing Tapedeck never pulls in the benchmark dependencies.
let package = Package(
    name: "TapedeckBenchmarks",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(name: "Tapedeck", path: ".."),
        .package(url: "https://github.com/ordo-one/package-benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        // The decode and replay loop both drivers measure.
        .target(
            name: "DecodeLoop",
            dependencies: [
                .product(name: "TapedeckTape", package: "Tapedeck"),
                .product(name: "TapedeckProtocol", package: "Tapedeck"),
                .product(name: "TapedeckState", package: "Tapedeck"),
            ]
        ),
        .executableTarget(
            name: "DecodeBenchmarks",
            dependencies: [
                "DecodeLoop",
                .product(name: "Benchmark", package: "package-benchmark"),
                .product(name: "TapedeckTape", package: "Tapedeck"),
                .product(name: "TapedeckProtocol", package: "Tapedeck"),
                .product(name: "TapedeckState", package: "Tapedeck"),
            ],
            path: "Benchmarks/DecodeBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "package-benchmark")]
        ),
        // A plain driver for counting instructions per message under callgrind.
        .executableTarget(
            name: "DecodeProfile",
            dependencies: [
                "DecodeLoop",
                .product(name: "TapedeckTape", package: "Tapedeck"),
                .product(name: "TapedeckLZ4Reference", package: "Tapedeck"),
                .product(name: "TapedeckProtocol", package: "Tapedeck"),
                .product(name: "TapedeckState", package: "Tapedeck"),
                .product(name: "TapedeckReplay", package: "Tapedeck"),
            ]
        ),
    ]
)
