import TapedeckCatalog

enum TapedeckCatalogAccess {
    static func histories(catalog: String, tape: String) throws -> [CheckpointHistory] {
        try Catalog(path: catalog).history(tapePath: tape)
    }
}
