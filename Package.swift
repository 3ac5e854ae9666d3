// swift-tools-version:6.1
import PackageDescription

// Layers (dependencies point down only; see docs/ARCHITECTURE.md):
//   CLI          tapedeck, TapedeckCLI
//   pure core    TapedeckScenario -> TapedeckState, TapedeckTape
//                TapedeckState -> TapedeckProtocol ; TapedeckTape -> CLZ4
let package = Package(
    name: "Tapedeck",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "tapedeck", targets: ["tapedeck"]),
        .library(name: "TapedeckTape", targets: ["TapedeckTape"]),
        .library(name: "TapedeckProtocol", targets: ["TapedeckProtocol"]),
        .library(name: "TapedeckState", targets: ["TapedeckState"]),
        .library(name: "TapedeckScenario", targets: ["TapedeckScenario"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-crypto", "3.12.3"..<"5.0.0"),
    ],
    targets: [
        // liblz4's frame API (lz4frame.h), linked from the system.
        .systemLibrary(
            name: "CLZ4",
            pkgConfig: "liblz4",
            providers: [.apt(["liblz4-dev"]), .brew(["lz4"])]
        ),
        .target(name: "TapedeckTape", dependencies: ["CLZ4"]),
        .target(name: "TapedeckProtocol"),
        .target(
            name: "TapedeckState",
            dependencies: [
                "TapedeckProtocol",
                .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),
        .target(
            name: "TapedeckScenario",
            dependencies: ["TapedeckProtocol", "TapedeckState", "TapedeckTape"]
        ),
        .target(
            name: "TapedeckCLI",
            dependencies: [
                "TapedeckTape", "TapedeckProtocol", "TapedeckState", "TapedeckScenario",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .executableTarget(name: "tapedeck", dependencies: ["TapedeckCLI"]),
        .testTarget(
            name: "TapedeckTapeTests",
            dependencies: ["TapedeckTape"],
            resources: [.copy("Fixtures")]
        ),
        .testTarget(name: "TapedeckProtocolTests", dependencies: ["TapedeckProtocol"]),
        .testTarget(name: "TapedeckStateTests", dependencies: ["TapedeckState", "TapedeckProtocol"]),
        .testTarget(
            name: "TapedeckScenarioTests",
            dependencies: ["TapedeckScenario", "TapedeckState", "TapedeckProtocol", "TapedeckTape"]
        ),
        .testTarget(name: "TapedeckCLITests", dependencies: ["TapedeckCLI", "TapedeckTape"]),
    ]
)
