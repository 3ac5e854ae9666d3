import TapedeckCatalog
import TapedeckProxy

/// Adds each tape the proxy closes to the catalog of its folder (`DIR/catalog.sqlite`), naming it
/// by its path relative to that folder.
struct TapeCataloguer: Sendable {
    let catalog: Catalog
    let folder: String

    func add(_ tape: RecordedTape) -> String? {
        let name = CatalogPaths.name(ofTape: tape.path, inCatalogFolder: folder)
        do {
            let scanned = try TapeScanner.scan(tapeAt: tape.path, catalogPath: name)
            try catalog.upsert(scanned.tape, types: scanned.types)
            return nil
        } catch {
            return "cannot add \(tape.path) to the catalog \(catalog.path): \(error)"
        }
    }
}
