import Foundation
import TapedeckTape

/// Builds tapes from the JSON Lines fixtures in a fresh temporary folder per test, so goldens and
/// catalogs written by one test never leak into another.
struct FixtureTapes {
    let directory: String

    init() throws {
        directory = NSTemporaryDirectory() + "tapedeck-replay-tests-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }

    static var fixtures: String {
        Bundle.module.path(forResource: "Fixtures", ofType: nil)!
    }

    /// Imports `Fixtures/NAME.jsonl` as `DIRECTORY/NAME.tape` (and copies `NAME.checkpoints` if any).
    @discardableResult
    func tape(_ name: String, as tapeName: String? = nil, subfolder: String? = nil) throws -> String {
        let folder = subfolder.map { directory + "/" + $0 } ?? directory
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let path = folder + "/" + (tapeName ?? name) + ".tape"
        try TapeImport.jsonLines(
            from: Self.fixtures + "/" + name + ".jsonl", to: path,
            metadata: TapeMetadata(created: "2026-01-01T00:00:00.000Z", tool: "tests"))
        let checkpoints = Self.fixtures + "/" + name + ".checkpoints"
        if FileManager.default.fileExists(atPath: checkpoints) {
            try FileManager.default.copyItem(atPath: checkpoints, toPath: folder + "/" + (tapeName ?? name) + ".checkpoints")
        }
        return path
    }

    func write(_ text: String, to name: String) throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: directory + "/" + name))
    }

    func read(_ name: String) -> String? {
        FileManager.default.contents(atPath: directory + "/" + name).map { String(decoding: $0, as: UTF8.self) }
    }

    func exists(_ name: String) -> Bool { FileManager.default.fileExists(atPath: directory + "/" + name) }

    func remove() { try? FileManager.default.removeItem(atPath: directory) }
}
