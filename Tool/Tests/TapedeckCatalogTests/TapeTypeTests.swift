import Foundation
import TapedeckCatalog
import Testing

/// The `tapeType` table behind `tapedeck ls --type`.
@Suite struct TapeTypeTests {
    func row(_ path: String) -> TapeRow {
        TapeRow(
            path: path, sha256: "00", startedAt: "2026-01-01T00:00:00.000Z", recordCount: 3, messageCount: 2,
            compressedBytes: 10, uncompressedBytes: 20, durationNanoseconds: 5, tool: "tests", complete: true)
    }

    @Test func typesAreReplacedWithTheirTapeAndFilterByDirection() throws {
        let folder = NSTemporaryDirectory() + "tapedeck-tapetype-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let catalog = try Catalog(path: folder + "/catalog.sqlite")
        try catalog.upsert(
            row("a.tape"),
            types: [
                TapeTypeRow(tapePath: "a.tape", direction: "c2s", type: "login", count: 1),
                TapeTypeRow(tapePath: "a.tape", direction: "s2c", type: "u", count: 4),
            ])
        try catalog.upsert(row("b.tape"), types: [TapeTypeRow(tapePath: "b.tape", direction: "s2c", type: "login", count: 2)])
        #expect(try catalog.tapePaths(withType: "login") == ["a.tape", "b.tape"])
        #expect(try catalog.tapePaths(withType: "login", direction: "c2s") == ["a.tape"])
        // Upserting again replaces the counts rather than adding to them.
        try catalog.upsert(row("a.tape"), types: [TapeTypeRow(tapePath: "a.tape", direction: "s2c", type: "u", count: 5)])
        #expect(try catalog.types(tapePath: "a.tape").map(\.count) == [5])
        #expect(try catalog.tapePaths(withType: "login") == ["b.tape"])
        try catalog.removeTape(path: "b.tape")
        #expect(try catalog.tapes().map(\.path) == ["a.tape"])
        #expect(try catalog.tapePaths(withType: "login").isEmpty)
    }
}
