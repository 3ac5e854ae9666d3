import Foundation
import Testing

/// docs/ARCHITECTURE.md's table of targets is Package.swift's, read from `swift package
/// dump-package`: every target has a row, every row names a target, and each row's "depends on"
/// column lists exactly the package's own targets that the target depends on (external packages
/// may be named beside them). A moved boundary that the page does not follow fails here.
@Suite struct ArchitectureDocTests {
    struct Row {
        var targets: [String]
        var dependsOn: [String]
    }

    struct Manifest: Decodable {
        struct Product: Decodable { var name: String }
        struct Target: Decodable {
            struct Dependency: Decodable {
                var byName: [String?]?
                var target: [String?]?
            }
            var name: String
            var type: String
            var dependencies: [Dependency]
        }
        var targets: [Target]
        var products: [Product]
    }

    /// `swift package dump-package`'s JSON; without `benchmarks`, as every build but `make bench`'s
    /// sees the package (TAPEDECK_BENCHMARKS unset, even when the tests run with it).
    static func dumpPackage(benchmarks: Bool = false) async throws -> String {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("tapedeck-dump-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        // Its own scratch path, so it never waits for the lock of the build running these tests.
        let run = try await TapedeckBinary.runProcess(
            "/usr/bin/env", ["swift", "package", "--scratch-path", scratch.path, "dump-package"],
            environment: ["TAPEDECK_BENCHMARKS": benchmarks ? "1" : "0"])
        try #require(run.status == 0, "swift package dump-package failed: \(run.stderr)")
        return run.stdout
    }

    static func decode(_ dump: String) throws -> Manifest { try JSONDecoder().decode(Manifest.self, from: Data(dump.utf8)) }

    static func manifest() async throws -> Manifest { try decode(try await dumpPackage()) }

    /// Target name → the package's own targets it depends on; test targets left out.
    static func packageTargets() async throws -> [String: Set<String>] {
        var graph: [String: [String]] = [:]
        for target in try await manifest().targets where target.type != "test" {
            graph[target.name] = target.dependencies.compactMap { ($0.byName ?? $0.target)?.first ?? nil }
        }
        return graph.mapValues { Set($0.filter { graph[$0] != nil }) }
    }

    /// The backticked names in the first cell of each row of the table under `heading`.
    static func firstCellNames(under heading: String) throws -> [String] {
        let page = try String(
            contentsOf: TapedeckBinary.packageRoot.appendingPathComponent("docs/ARCHITECTURE.md"), encoding: .utf8)
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
            contentsOf: TapedeckBinary.packageRoot.appendingPathComponent("docs/ARCHITECTURE.md"), encoding: .utf8)
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
        let products = try await Self.manifest().products.map(\.name)
        let documented = try Self.firstCellNames(under: "## Products")
        #expect(
            documented.sorted() == products.sorted(),
            "Package.swift's products \(products.sorted()); the page's \(documented.sorted())")
    }

    /// The benchmark targets and package-benchmark join the package only with TAPEDECK_BENCHMARKS=1
    /// (`make bench`), so no other build, test or dependent package resolves package-benchmark.
    @Test func theBenchmarksJoinThePackageOnlyWithTheirSwitch() async throws {
        let benchmarkTargets: Set = ["DecodeLoop", "DecodeBenchmarks", "DecodeProfile"]
        let plain = try await Self.dumpPackage()
        let withBenchmarks = try await Self.dumpPackage(benchmarks: true)
        let plainTargets = try Self.decode(plain).targets.map(\.name)
        let benchTargets = try Self.decode(withBenchmarks).targets.map(\.name)
        #expect(Set(plainTargets).isDisjoint(with: benchmarkTargets))
        #expect(!plain.contains("ordo-one/package-benchmark"))
        #expect(Set(benchTargets).isSuperset(of: benchmarkTargets))
        #expect(withBenchmarks.contains("ordo-one/package-benchmark"))
        #expect(Set(benchTargets).subtracting(benchmarkTargets) == Set(plainTargets))
    }

    @Test func theTableListsEveryTargetOfThePackage() async throws {
        let package = try await Self.packageTargets()
        let rows = try Self.documentedRows()
        let documented = rows.flatMap(\.targets)
        #expect(
            Set(documented) == Set(package.keys),
            "in Package.swift only: \(Set(package.keys).subtracting(documented).sorted()); on the page only: \(Set(documented).subtracting(package.keys).sorted())"
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
                "\(row.targets.joined(separator: ", ")): the page says \(named.sorted()), Package.swift says \(actual.sorted())")
        }
    }
}
