import ArgumentParser
import Foundation
import TapedeckCatalog
import TapedeckTape

/// `tapedeck catalog`: maintenance of a recording folder's catalog.
struct CatalogCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "catalog",
        abstract: "Maintain a recording folder's catalog.",
        subcommands: [CatalogRebuildCommand.self])
}

/// `tapedeck catalog rebuild DIR`: rescans every tape under DIR into DIR/catalog.sqlite. Tapes are
/// the source of truth; the catalog is derived from them and can always be rebuilt.
struct CatalogRebuildCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rebuild",
        abstract: "Rescan every tape under DIR into DIR/catalog.sqlite (rows of missing tapes are removed).",
        discussion: """
            Check results stored by `tapedeck check` are kept. Files that are not tapes are reported and skipped; \
            truncated tapes are catalogued as incomplete. Exit codes: 0, 1 when some file could not be \
            catalogued or the catalog cannot be written, 2 when DIR is not a folder.
            """)

    @Argument(help: "The recording folder.")
    var directory: String

    func run() throws {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isFolder) else {
            throw CommandFailure.exit("\(directory): no such folder. Pass the recording folder that holds the tapes.", code: 2)
        }
        guard isFolder.boolValue else {
            throw CommandFailure.exit(
                "\(directory) is a file, not a folder. Pass the recording folder that holds the tapes.", code: 2)
        }
        let catalogPath = directory + "/catalog.sqlite"
        let catalog: Catalog
        do { catalog = try Catalog(path: catalogPath) } catch { throw CommandFailure.exit("\(error)", code: 1) }
        var found: Set<String> = []
        var problems = 0
        let enumerator = FileManager.default.enumerator(atPath: directory)
        var files: [String] = []
        while let file = enumerator?.nextObject() as? String {
            if file.hasSuffix(".tape") { files.append(file) }
        }
        for file in files.sorted() {
            let path = directory + "/" + file
            do {
                let scanned = try TapeScanner.scan(tapeAt: path, catalogPath: file)
                try catalog.upsert(scanned.tape, types: scanned.types)
                found.insert(file)
            } catch {
                problems += 1
                CommandFailure.printError("\(path): skipped: \(error)")
            }
        }
        do {
            for row in try catalog.tapes() where !row.path.hasPrefix("/") && !found.contains(row.path) {
                try catalog.removeTape(path: row.path)
            }
        } catch {
            throw CommandFailure.exit("\(error)", code: 1)
        }
        print("catalogued \(found.count) tape\(found.count == 1 ? "" : "s") in \(catalogPath)")
        if problems > 0 { throw ExitCode(1) }
    }
}
