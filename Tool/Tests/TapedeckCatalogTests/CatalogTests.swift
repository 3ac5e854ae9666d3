import Foundation
import TapedeckTape
import Testing

@testable import TapedeckCatalog

@Suite struct CatalogTests {
    func temporaryFolder() throws -> String {
        let path = NSTemporaryDirectory() + "tapedeck-catalog-tests-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    func result(_ checkpoint: String, _ passed: Bool, label: String, at time: String) -> CheckResultRow {
        CheckResultRow(
            tapePath: "login.tape", checkpoint: checkpoint, passed: passed, digest: passed ? "aa" : "bb",
            toolVersion: "0.1.0", label: label, runAt: time, detail: passed ? "" : "differs from its golden")
    }

    @Test func migrationsCreateTheSchemaInARealSQLiteFile() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/catalog.sqlite"
        let catalog = try Catalog(path: path)
        #expect(try catalog.appliedMigrations() == ["v1: tape and checkResult", "v2: tapeType"])
        #expect(FileManager.default.fileExists(atPath: path))
        let header = try #require(FileManager.default.contents(atPath: path)).prefix(16)
        #expect(String(decoding: header, as: UTF8.self) == "SQLite format 3\0")
        // Opening again applies nothing twice and keeps the data.
        try catalog.record([result("end", true, label: "a", at: "2026-01-01T00:00:00.000Z")])
        let reopened = try Catalog(path: path)
        #expect(try reopened.appliedMigrations() == ["v1: tape and checkResult", "v2: tapeType"])
        #expect(try reopened.results(tapePath: "login.tape").count == 1)
    }

    @Test func resultsAreStoredPerRunAndHistoryFindsWhereFailingBegan() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let catalog = try Catalog(path: folder + "/catalog.sqlite")
        let runs: [(String, Bool, Bool)] = [
            ("build-1", true, true), ("build-2", true, true), ("build-3", false, true), ("build-4", false, true),
        ]
        for (index, (label, claimedPasses, endPasses)) in runs.enumerated() {
            let time = "2026-01-0\(index + 1)T02:00:00.000Z"
            let run = try catalog.record([
                result("claimed", claimedPasses, label: label, at: time),
                result("end", endPasses, label: label, at: time),
            ])
            #expect(run == index + 1)
        }
        let stored = try catalog.results(tapePath: "login.tape")
        #expect(stored.count == 8)
        #expect(stored.first?.run == 4)
        #expect(stored.first?.label == "build-4")
        #expect(stored.first?.detail == "differs from its golden")

        let history = try catalog.history(tapePath: "login.tape")
        #expect(history.map(\.checkpoint) == ["claimed", "end"])
        #expect(history[0].runs.map(\.run) == [4, 3, 2, 1])
        #expect(
            history[0].summary == "first failed at run 3 (build-3, 2026-01-03T02:00:00.000Z) "
                + "after passing at run 2 (build-2, 2026-01-02T02:00:00.000Z)")
        #expect(history[1].summary == "passing (4 runs)")
    }

    @Test func aCheckpointThatNeverPassedSaysSo() {
        let history = CheckpointHistory(
            checkpoint: "x",
            runs: [
                CheckResultRow(
                    run: 2, tapePath: "t", checkpoint: "x", passed: false, toolVersion: "0.1.0", runAt: "2026-01-02T00:00:00.000Z"
                ),
                CheckResultRow(
                    run: 1, tapePath: "t", checkpoint: "x", passed: false, toolVersion: "0.1.0", label: "first",
                    runAt: "2026-01-01T00:00:00.000Z"),
            ])
        #expect(
            history.summary == "first failed at run 1 (first, 2026-01-01T00:00:00.000Z), its first recorded run: it never passed")
    }

    @Test func aTapeRowIsBuiltByScanningTheTapeAndUpsertedByPath() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let tape = folder + "/login.tape"
        let writer = try TapeWriter(
            path: tape,
            metadata: TapeMetadata(
                created: "2026-01-01T23:59:59.500Z", tool: "tapedeck 0.1.0", upstreamURL: "wss://game.example/ws",
                clientAddress: "127.0.0.1:5000", labels: ["scenario": "login", "appVersion": "2.4.0", "device": "say \"hi\""]))
        try writer.append(TapeRecord(time: 0, direction: .c2s, kind: .open))
        try writer.append(
            TapeRecord(
                time: 400_000_000, direction: .s2c, kind: .text, payload: Array(#"{"type":"u","message":{"energy":1}}"#.utf8)))
        try writer.append(TapeRecord(time: 1_000_000_000, direction: .c2s, kind: .close, closeCode: 1000))
        try writer.close()

        var row = try TapeScanner.row(forTapeAt: tape, catalogPath: "login.tape")
        #expect(row.recordCount == 3)
        #expect(row.messageCount == 1)
        #expect(row.startedAt == "2026-01-01T23:59:59.500Z")
        #expect(row.endedAt == "2026-01-02T00:00:00.500Z")
        #expect(row.durationNanoseconds == 1_000_000_000)
        #expect(row.labels == #"{"appVersion":"2.4.0","device":"say \"hi\"","scenario":"login"}"#)
        #expect(row.appVersion == "2.4.0")
        #expect(row.complete)
        #expect(row.sha256.count == 64)
        #expect(row.compressedBytes == Int64(try #require(FileManager.default.contents(atPath: tape)).count))

        let catalog = try Catalog(path: folder + "/catalog.sqlite")
        try catalog.upsert(row)
        row.recordCount = 99
        try catalog.upsert(row)
        let stored = try #require(try catalog.tape(path: "login.tape"))
        #expect(stored.recordCount == 99)
        #expect(stored.upstream == "wss://game.example/ws")
    }
}
