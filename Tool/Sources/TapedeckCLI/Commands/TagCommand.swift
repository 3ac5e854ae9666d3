import ArgumentParser
import Foundation
import TapedeckCatalog
import TapedeckTape

/// `tapedeck tag`: adds a label to a tape. The tape is the source of truth, so the label goes
/// into its header (the file is rewritten next to itself and renamed over it); the catalog row
/// is then refreshed.
struct TagCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tag",
        abstract: "Add a label to a tape (in its header, and in its folder's catalog).",
        discussion: """
            LABEL is NAME or KEY=VALUE. Only complete tapes can be tagged: a truncated one would lose its \
            evidence of truncation. A symbolic link is followed: the tape it points to is rewritten, the \
            link stays. Exit codes: 0 when tagged, 1 when the tape cannot be read or written, \
            2 for bad options.
            """)

    @Argument(help: "The tape to tag.")
    var tape: String

    @Argument(help: "NAME or KEY=VALUE.")
    var label: String

    func validate() throws {
        if label.isEmpty || label.hasPrefix("=") { throw ValidationError("LABEL must be NAME or KEY=VALUE (got \"\(label)\").") }
    }

    func run() throws {
        let key: String
        let value: String
        if let equals = label.firstIndex(of: "=") {
            key = String(label[..<equals])
            value = String(label[label.index(after: equals)...])
        } else {
            key = label
            value = ""
        }
        // One safe replacement (ReplacingFile): a temporary name of its own, created with O_EXCL,
        // renamed over the tape it resolves to (a symbolic link stays a link) with the tape's mode,
        // and removed on failure. A fixed name (`TAPE.tagging`) was written through whatever was
        // there: a link's target overwritten, a FIFO hung, a folder deleted (issue 41, finding 1).
        do {
            let reader = try TapeReader(path: tape)
            var metadata = reader.header.metadata
            metadata.labels[key] = value
            let writer = try TapeWriter(path: tape, metadata: metadata, options: TapeWriterOptions(replacesAtClose: true))
            while let record = try reader.next() { try writer.append(record) }
            try writer.close()
        } catch {
            throw CommandFailure.exit("cannot tag \(tape): \(error)", code: 1)
        }
        if let catalogPath = CatalogPaths.find(forTape: tape) {
            let folder = CatalogPaths.folder(of: catalogPath)
            do {
                let scanned = try TapeScanner.scan(
                    tapeAt: tape, catalogPath: CatalogPaths.name(ofTape: tape, inCatalogFolder: folder))
                try Catalog(path: catalogPath).upsert(scanned.tape, types: scanned.types)
            } catch {
                throw CommandFailure.exit("tagged \(tape), but cannot update the catalog \(catalogPath): \(error)", code: 1)
            }
        }
        print("\(tape): \(label)")
    }
}
