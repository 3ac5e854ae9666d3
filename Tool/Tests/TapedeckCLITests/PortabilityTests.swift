import Foundation
import Testing

/// TapedeckTesting goes into an app's iOS test target: everything it links must build for iOS
/// with no system library (no liblz4 through pkg-config) and no SwiftNIO. Checked on the
/// package's own dependency graph, as `swift package dump-package` prints it.
@Suite struct PortabilityTests {
    /// The manifest as JSON: what `swift package dump-package` prints for the package root.
    private static func manifest() async throws -> [String: Any] {
        // A scratch path of its own, so the command never waits for the lock of a running build.
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("tapedeck-dump-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let result = try await TapedeckBinary.runProcess(
            "/usr/bin/env",
            [
                "swift", "package", "--package-path", TapedeckBinary.repositoryRoot.path, "--scratch-path", scratch.path,
                "dump-package",
            ])
        #expect(result.status == 0, "swift package dump-package: \(result.stderr)")
        return try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    }

    /// A target's dependencies: targets of this package by name, and products as (name, package).
    private static func dependencies(of target: [String: Any], localTargets: Set<String>)
        -> (targets: [String], products: [(name: String, package: String?)])
    {
        var targets: [String] = []
        var products: [(String, String?)] = []
        for dependency in target["dependencies"] as? [[String: Any]] ?? [] {
            if let byName = dependency["byName"] as? [Any], let name = byName.first as? String {
                if localTargets.contains(name) { targets.append(name) } else { products.append((name, nil)) }
            } else if let target = dependency["target"] as? [Any], let name = target.first as? String {
                targets.append(name)
            } else if let product = dependency["product"] as? [Any], let name = product.first as? String {
                products.append((name, product.count > 1 ? product[1] as? String : nil))
            }
        }
        return (targets, products)
    }

    /// The products an app links into its test or benchmark targets.
    @Test(arguments: ["TapedeckTesting", "TapedeckThroughput", "TapedeckRecorder"])
    func appFacingLibraryLinksNoSystemLibraryAndNoSwiftNIO(library: String) async throws {
        let manifest = try await Self.manifest()
        let targetList = try #require(manifest["targets"] as? [[String: Any]])
        var targets: [String: [String: Any]] = [:]
        for target in targetList { if let name = target["name"] as? String { targets[name] = target } }
        let local = Set(targets.keys)

        // Every target TapedeckTesting reaches, and every product of other packages they use.
        var closure: Set<String> = []
        var products: [(name: String, package: String?, from: String)] = []
        var pending = [library]
        while let name = pending.popLast() {
            guard closure.insert(name).inserted else { continue }
            let target = try #require(targets[name], "no target \(name) in the manifest")
            let (dependencies, used) = Self.dependencies(of: target, localTargets: local)
            pending += dependencies
            products += used.map { ($0.name, $0.package, name) }
        }
        #expect(closure.contains("TapedeckTape"))
        #expect(!closure.contains("TapedeckLZ4Reference"), "TapedeckLZ4Reference needs liblz4")

        for name in closure.sorted() {
            let type = targets[name]?["type"] as? String
            #expect(
                type != "system" && type != "system-target" && type != "systemLibrary",
                "\(name), a system library target, is linked by \(library)")
        }
        let nioProducts = [
            "NIO", "NIOCore", "NIOPosix", "NIOHTTP1", "NIOWebSocket", "NIOConcurrencyHelpers", "NIOSSL", "NIOFoundationCompat",
            "NIOEmbedded",
        ]
        for product in products {
            #expect(
                product.package != "swift-nio" && product.package != "swift-nio-ssl" && !nioProducts.contains(product.name),
                "\(product.from) uses \(product.name) of \(product.package ?? "another package")")
        }
    }

    @Test func theManifestDeclaresIOS() async throws {
        let platforms = try #require(try await Self.manifest()["platforms"] as? [[String: Any]])
        let names = platforms.compactMap { $0["platformName"] as? String }
        #expect(names.contains("ios"), "platforms: \(names)")
        #expect(names.contains("macos"), "platforms: \(names)")
        let ios = platforms.first { $0["platformName"] as? String == "ios" }
        #expect((ios?["version"] as? String).map { $0.hasPrefix("16") } ?? false, "iOS \(String(describing: ios?["version"]))")
    }
}
