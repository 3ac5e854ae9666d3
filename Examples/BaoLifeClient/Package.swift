// swift-tools-version:6.1
import PackageDescription

// A worked example of testing an app's own client code with Tapedeck (docs/TESTING-YOUR-APP.md):
// a miniature of the BaoLife app's client layer in two versions, before and after phase 3 of the
// refactoring design, replayed through the regression corpus (../../Recordings) by the tests.
//
//   BaoLifeBefore  the monolithic WebSocketService (ObservableObject, @Published, JSONSerialization)
//                  with GameStateViewModel and PlayerViewModel fed through Combine
//   BaoLifeAfter   phase 3: a networking-only WebSocketService, Codable models, @Observable
//                  main-actor view models in an AppContainer
//
// Combine where the SDK has it; OpenCombine on Linux.
let package = Package(
    name: "BaoLifeClient",
    platforms: [.macOS(.v14), .iOS(.v17)],
    products: [
        .library(name: "BaoLifeBefore", targets: ["BaoLifeBefore"]),
        .library(name: "BaoLifeAfter", targets: ["BaoLifeAfter"]),
    ],
    dependencies: [
        .package(name: "Tapedeck", path: "../.."),
        .package(url: "https://github.com/OpenCombine/OpenCombine", from: "0.14.0"),
    ],
    targets: [
        .target(
            name: "BaoLifeBefore",
            dependencies: [
                .product(name: "TapedeckSocket", package: "Tapedeck"),
                .product(name: "OpenCombine", package: "OpenCombine", condition: .when(platforms: [.linux])),
                .product(name: "OpenCombineDispatch", package: "OpenCombine", condition: .when(platforms: [.linux])),
                .product(name: "OpenCombineFoundation", package: "OpenCombine", condition: .when(platforms: [.linux])),
            ]
        ),
        // Both versions reach the network through TapedeckSocket's `WebSocketTasking`
        // (URLSessionWebSocketTask in the app, TapedeckTesting's ReplaySocket in the tests). The
        // after-phase-3 service records into TapedeckRecorder when the app gives it one.
        .target(
            name: "BaoLifeAfter",
            dependencies: [
                .product(name: "TapedeckRecorder", package: "Tapedeck"), .product(name: "TapedeckSocket", package: "Tapedeck"),
            ]
        ),
        .testTarget(
            name: "BaoLifeClientTests",
            dependencies: [
                "BaoLifeBefore", "BaoLifeAfter",
                .product(name: "TapedeckTesting", package: "Tapedeck"),
                .product(name: "TapedeckRecorder", package: "Tapedeck"),
                .product(name: "TapedeckTape", package: "Tapedeck"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
