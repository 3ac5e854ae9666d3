import Foundation

/// How tapes are named in the catalog: by their path relative to the catalog's folder, so the same
/// tape has the same name whatever folder `check` or `history` was run from.
enum CatalogPaths {
    static func absolute(_ path: String) -> String {
        let full = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        return URL(fileURLWithPath: full).standardizedFileURL.path
    }

    /// `tape` relative to `folder` when it is inside it, else its absolute path.
    static func name(ofTape tape: String, inCatalogFolder folder: String) -> String {
        let tapePath = absolute(tape)
        let base = absolute(folder)
        let prefix = base.hasSuffix("/") ? base : base + "/"
        return tapePath.hasPrefix(prefix) ? String(tapePath.dropFirst(prefix.count)) : tapePath
    }

    static func folder(of path: String) -> String {
        let url = URL(fileURLWithPath: absolute(path))
        return url.deletingLastPathComponent().path
    }

    /// The nearest `catalog.sqlite` in the tape's folder or a folder above it.
    static func find(forTape tape: String) -> String? {
        var folder = URL(fileURLWithPath: folder(of: tape))
        while true {
            let candidate = folder.appendingPathComponent("catalog.sqlite").path
            if FileManager.default.fileExists(atPath: candidate) { return candidate }
            let parent = folder.deletingLastPathComponent()
            if parent.path == folder.path { return nil }
            folder = parent
        }
    }
}
