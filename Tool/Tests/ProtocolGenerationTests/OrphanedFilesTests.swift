import Foundation
import Testing

@testable import ProtocolGeneration

/// Issue 35, item 6: a generated file whose schema group is gone must not keep compiling with the
/// staleness test green. Generated into a scratch copy of the package: the schema input with one
/// group dropped (its objects merged into another group, as a refactor of the schema would do)
/// leaves that group's two files behind; `stale` reports them and `write` removes them, and only
/// them.
@Suite struct OrphanedFilesTests {
    static let root = GeneratedFilesTests.root

    @Test func aDroppedSchemaGroupLeavesOrphansThatAreReportedAndRemoved() throws {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("orphans-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        for folder in ["Protocol", "docs", "Sources/TapedeckProtocol/Codec"] {
            try FileManager.default.createDirectory(
                at: scratch.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        for path in [ProtocolGenerator.schemaPath, ProtocolGenerator.protocolDocPath] {
            try FileManager.default.copyItem(
                at: Self.root.appendingPathComponent(path), to: scratch.appendingPathComponent(path))
        }
        // A hand-written file beside the generated ones, which must be left alone.
        let handWritten = "Sources/TapedeckProtocol/Codec/Envelope.swift"
        try FileManager.default.copyItem(
            at: Self.root.appendingPathComponent(handWritten), to: scratch.appendingPathComponent(handWritten))

        let full = ProtocolGenerator(
            schema: try ProtocolSchema.load(scratch.appendingPathComponent(ProtocolGenerator.schemaPath)))
        let first = try full.write(root: scratch)
        #expect(first.written.count == full.sources().count) // docs/PROTOCOL.md, copied, is up to date
        #expect(first.removed.isEmpty)
        #expect(try full.stale(root: scratch).isEmpty)

        // The schema input without its "Achievement" group: its object moves to the "Habit" group.
        let schemaURL = scratch.appendingPathComponent(ProtocolGenerator.schemaPath)
        var json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: schemaURL)) as? [String: Any])
        var groups = try #require(json["groups"] as? [[String: Any]])
        let dropped = try #require(groups.firstIndex { $0["file"] as? String == "Achievement" })
        let habit = try #require(groups.firstIndex { $0["file"] as? String == "Habit" })
        let moved = try #require(groups[dropped]["objects"] as? [Any])
        groups[habit]["objects"] = try #require(groups[habit]["objects"] as? [Any]) + moved
        groups.remove(at: dropped)
        json["groups"] = groups
        try JSONSerialization.data(withJSONObject: json, options: [.prettyPrinted]).write(to: schemaURL)
        let smaller = ProtocolGenerator(schema: try ProtocolSchema.load(schemaURL))
        #expect(smaller.schema.groups.count == full.schema.groups.count - 1)

        let orphans = [
            "Sources/TapedeckProtocol/Generated/Codec/Achievement+Wire.swift",
            "Sources/TapedeckProtocol/Generated/Model/Achievement.swift",
        ]
        let stale = try smaller.stale(root: scratch)
        for orphan in orphans { #expect(stale.contains(orphan), "\(orphan) not reported: \(stale)") }

        let second = try smaller.write(root: scratch)
        #expect(second.removed == orphans)
        for orphan in orphans {
            #expect(!FileManager.default.fileExists(atPath: scratch.appendingPathComponent(orphan).path))
        }
        #expect(FileManager.default.fileExists(atPath: scratch.appendingPathComponent(handWritten).path))
        #expect(try smaller.stale(root: scratch).isEmpty)
    }

    /// Only a header on the first line marks a file as generated: a file that quotes it further
    /// down (docs/PROTOCOL.md's generated regions) is not an orphan.
    @Test func aHeaderBelowTheFirstLineDoesNotMakeAFileGenerated() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("header-\(UUID().uuidString).swift")
        defer { try? FileManager.default.removeItem(at: file) }
        try ("// hand-written\n" + GeneratedFile.header + "\n").write(to: file, atomically: true, encoding: .utf8)
        #expect(try !GeneratedFile.saysGenerated(file))
        try (GeneratedFile.swiftHeader + "\n").write(to: file, atomically: true, encoding: .utf8)
        #expect(try GeneratedFile.saysGenerated(file))
        try (GeneratedFile.yamlHeader + "\nasyncapi: 3.0.0\n").write(to: file, atomically: true, encoding: .utf8)
        #expect(try GeneratedFile.saysGenerated(file))
    }
}
