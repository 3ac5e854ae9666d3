import Foundation
import Testing

/// docs/ARCHITECTURE.md's table of targets is the two packages', read from `swift package
/// dump-package` (the runtime at the repository's root, the tool in Tool/): every target has a row,
/// every row names a target, and each row's "depends on" column lists exactly the Tapedeck targets
/// that the target depends on (external packages may be named beside them). A product of several
/// targets (TapedeckToolSupport) stands for those of its targets the depending target imports. A
/// moved boundary that the page does not follow fails here.
@Suite struct ArchitectureDocTests {
    struct Row {
        var targets: [String]
        var dependsOn: [String]
    }

    struct Manifest: Decodable {
        struct Product: Decodable {
            var name: String
            var targets: [String]
        }
        struct Target: Decodable {
            struct Dependency: Decodable {
                var byName: [String?]?
                var target: [String?]?
                var product: [String?]?
            }
            var name: String
            var type: String
            var path: String?
            var dependencies: [Dependency]

            /// Every dependency by the module name it is imported as (a product's is its name).
            var dependencyNames: Set<String> {
                Set(dependencies.compactMap { ($0.byName ?? $0.target ?? $0.product)?.first ?? nil })
            }
        }
        var targets: [Target]
        var products: [Product]
    }

    /// The runtime package's folder (the repository's root) and the tool package's.
    static let runtimePackage = TapedeckBinary.repositoryRoot
    static let toolPackage = TapedeckBinary.repositoryRoot.appendingPathComponent("Tool")

    /// `swift package dump-package`'s JSON for the package in `folder`; with `environment` set for
    /// the manifest (TAPEDECK_BENCHMARKS, TAPEDECK_DOCS: unset as every other build sees them).
    static func dumpPackage(_ folder: URL, environment: [String: String] = [:]) async throws -> String {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("tapedeck-dump-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        // Its own scratch path, so it never waits for the lock of the build running these tests.
        let run = try await TapedeckBinary.runProcess(
            "/usr/bin/env", ["swift", "package", "--package-path", folder.path, "--scratch-path", scratch.path, "dump-package"],
            environment: ["TAPEDECK_BENCHMARKS": "0", "TAPEDECK_DOCS": "0"].merging(environment) { $1 })
        try #require(run.status == 0, "swift package dump-package failed: \(run.stderr)")
        return run.stdout
    }

    static func decode(_ dump: String) throws -> Manifest { try JSONDecoder().decode(Manifest.self, from: Data(dump.utf8)) }

    /// Both packages' manifests: the runtime's, then the tool's.
    static func manifests() async throws -> [Manifest] {
        [try decode(try await dumpPackage(runtimePackage)), try decode(try await dumpPackage(toolPackage))]
    }

    /// The runtime's products by name, with their targets.
    static func runtimeProducts(_ manifests: [Manifest]) -> [String: [String]] {
        Dictionary(uniqueKeysWithValues: manifests[0].products.map { ($0.name, $0.targets) })
    }

    /// The folder of a target's sources in the package at `folder`.
    static func sources(of target: Manifest.Target, in folder: URL) -> URL {
        folder.appendingPathComponent(target.path ?? ((target.type == "test" ? "Tests/" : "Sources/") + target.name))
    }

    /// Target name → the Tapedeck targets it depends on (the tool's through the runtime's products:
    /// a product's targets that it imports); test targets left out.
    static func packageTargets() async throws -> [String: Set<String>] {
        let manifests = try await manifests()
        let products = runtimeProducts(manifests)
        var graph: [String: [String]] = [:]
        for (folder, manifest) in zip([runtimePackage, toolPackage], manifests) {
            for target in manifest.targets where target.type != "test" {
                let imported = try importedModules(under: sources(of: target, in: folder))
                graph[target.name] = target.dependencies.flatMap { dependency -> [String] in
                    if let product = dependency.product, product.count > 1, product[1] == "Tapedeck", let name = product[0] {
                        return (products[name] ?? [name]).filter { imported.contains($0) }
                    }
                    return [(dependency.byName ?? dependency.target)?.first ?? nil].compactMap { $0 }
                }
            }
        }
        return graph.mapValues { Set($0.filter { graph[$0] != nil }) }
    }

    /// The backticked names in the first cell of each row of the table under `heading`.
    static func firstCellNames(under heading: String) throws -> [String] {
        let page = try String(
            contentsOf: TapedeckBinary.repositoryRoot.appendingPathComponent("docs/ARCHITECTURE.md"), encoding: .utf8)
        let section = try #require(page.components(separatedBy: heading).dropFirst().first)
        return section.split(separator: "\n").prefix { !$0.hasPrefix("## ") }.flatMap { line -> [String] in
            let cells = line.split(separator: "|", omittingEmptySubsequences: false)
            guard cells.count > 2 else { return [] }
            return cells[1].split(separator: "`", omittingEmptySubsequences: false).enumerated()
                .filter { $0.offset % 2 == 1 }.map { String($0.element) }
        }
    }

    /// The rows of the table under "## Targets and layers": `| layer | targets | what | depends on |`.
    static func documentedRows() throws -> [Row] {
        let page = try String(
            contentsOf: TapedeckBinary.repositoryRoot.appendingPathComponent("docs/ARCHITECTURE.md"), encoding: .utf8)
        let section = try #require(page.components(separatedBy: "## Targets and layers").dropFirst().first)
        let lines = section.split(separator: "\n").prefix { !$0.hasPrefix("## ") }
        return lines.compactMap { line -> Row? in
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            guard cells.count == 6, cells[2].hasPrefix("`") else { return nil }
            let targets = cells[2].split(separator: "`", omittingEmptySubsequences: false).enumerated().filter {
                $0.offset % 2 == 1
            }.map { String($0.element) }
            let dependsOn = cells[4].split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            return Row(targets: targets, dependsOn: dependsOn)
        }
    }

    @Test func theProductsAreTheDocumentedOnes() async throws {
        let products = try await Self.manifests().flatMap(\.products).map(\.name)
        let documented = try Self.firstCellNames(under: "## Products")
        #expect(
            documented.sorted() == products.sorted(),
            "the manifests' products \(products.sorted()); the page's \(documented.sorted())")
    }

    /// Xcode's "Add Package" lists the runtime's products: the five an app picks from and one for
    /// the tool package, which holds every other runtime target (issue 53).
    @Test func theRuntimeOffersFiveAppProductsAndOneForTheTool() async throws {
        let runtime = try Self.decode(try await Self.dumpPackage(Self.runtimePackage))
        let products = Self.runtimeProducts([runtime])
        let app = ["TapedeckTesting", "TapedeckSocket", "TapedeckRecorder", "TapedeckThroughput", "TapedeckTape"]
        #expect(products.keys.sorted() == (app + ["TapedeckToolSupport"]).sorted())
        for name in app { #expect(products[name] == [name]) }
        let tool = Set(products["TapedeckToolSupport"] ?? [])
        #expect(tool.isDisjoint(with: app))
        #expect(tool.union(app) == Set(runtime.targets.map(\.name)), "every runtime target is in one product")
    }

    /// What an app resolves is the runtime package's dependencies: none (the DocC plugin joins only
    /// with TAPEDECK_DOCS=1, for `make docs`).
    @Test func theRuntimePackageHasNoDependency() async throws {
        let plain = try await Self.dumpPackage(Self.runtimePackage)
        let withDocs = try await Self.dumpPackage(Self.runtimePackage, environment: ["TAPEDECK_DOCS": "1"])
        let json = try #require(try JSONSerialization.jsonObject(with: Data(plain.utf8)) as? [String: Any])
        let dependencies = try #require(json["dependencies"] as? [[String: Any]])
        #expect(dependencies.isEmpty, "\(dependencies)")
        #expect(withDocs.contains("swiftlang/swift-docc-plugin"))
    }

    /// The benchmark targets and package-benchmark join the tool package only with
    /// TAPEDECK_BENCHMARKS=1 (`make bench`), so no other build or test resolves package-benchmark.
    @Test func theBenchmarksJoinThePackageOnlyWithTheirSwitch() async throws {
        let benchmarkTargets: Set = ["DecodeLoop", "DecodeBenchmarks", "DecodeProfile"]
        let plain = try await Self.dumpPackage(Self.toolPackage)
        let withBenchmarks = try await Self.dumpPackage(Self.toolPackage, environment: ["TAPEDECK_BENCHMARKS": "1"])
        let plainTargets = try Self.decode(plain).targets.map(\.name)
        let benchTargets = try Self.decode(withBenchmarks).targets.map(\.name)
        #expect(Set(plainTargets).isDisjoint(with: benchmarkTargets))
        #expect(!plain.contains("ordo-one/package-benchmark"))
        #expect(Set(benchTargets).isSuperset(of: benchmarkTargets))
        #expect(withBenchmarks.contains("ordo-one/package-benchmark"))
        #expect(Set(benchTargets).subtracting(benchmarkTargets) == Set(plainTargets))
    }

    /// The modules a target's files import, from lines like `import X`, `@testable import X`,
    /// `@_spi(S) import X` or `import struct X.Y`.
    static func importedModules(under folder: URL) throws -> Set<String> {
        var modules: Set<String> = []
        let files = FileManager.default.enumerator(atPath: folder.path)?.compactMap { $0 as? String } ?? []
        for file in files where file.hasSuffix(".swift") {
            for line in try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8).split(separator: "\n") {
                // Attributes (`@testable`, `@_spi(X)`) and an access level (`internal import`) come first.
                var words = line.split(separator: " ").drop {
                    $0.hasPrefix("@") || ["public", "package", "internal", "fileprivate", "private"].contains($0)
                }
                guard words.first == "import" else { continue }
                words = words.dropFirst()
                if let kind = words.first, ["struct", "class", "enum", "protocol", "func", "var", "typealias"].contains(kind) {
                    words = words.dropFirst()
                }
                if let module = words.first?.split(separator: ".").first { modules.insert(String(module)) }
            }
        }
        return modules
    }

    /// Every dependency a target declares is imported by one of its files (a product of several
    /// targets: one of them): none is kept after the code stopped using it (the build already
    /// fails on an import that is not declared).
    @Test func everyDeclaredDependencyIsImported() async throws {
        var unused: [String] = []
        let manifests = try await Self.manifests()
        let products = Self.runtimeProducts(manifests)
        for (folder, manifest) in zip([Self.runtimePackage, Self.toolPackage], manifests) {
            for target in manifest.targets where target.type != "system" {
                let imported = try Self.importedModules(under: Self.sources(of: target, in: folder))
                let never = target.dependencyNames.filter { name in
                    guard let targets = products[name], targets.count > 1 else { return !imported.contains(name) }
                    return imported.isDisjoint(with: targets)
                }
                if !never.isEmpty { unused.append("\(target.name): \(never.sorted().joined(separator: ", "))") }
            }
        }
        #expect(unused.isEmpty, "declared, never imported:\n\(unused.joined(separator: "\n"))")
    }

    @Test func theTableListsEveryTargetOfThePackage() async throws {
        let package = try await Self.packageTargets()
        let rows = try Self.documentedRows()
        let documented = rows.flatMap(\.targets)
        #expect(
            Set(documented) == Set(package.keys),
            "in the manifests only: \(Set(package.keys).subtracting(documented).sorted()); on the page only: \(Set(documented).subtracting(package.keys).sorted())"
        )
        #expect(documented.count == Set(documented).count, "a target has two rows")
    }

    @Test func eachRowNamesExactlyItsTargetsDependencies() async throws {
        let package = try await Self.packageTargets()
        for row in try Self.documentedRows() {
            let own = Set(row.targets)
            let actual = own.reduce(into: Set<String>()) { $0.formUnion(package[$1] ?? []) }.subtracting(own)
            let named = Set(row.dependsOn.filter { package[$0] != nil })
            #expect(
                named == actual,
                "\(row.targets.joined(separator: ", ")): the page says \(named.sorted()), the manifests say \(actual.sorted())")
        }
    }
}
