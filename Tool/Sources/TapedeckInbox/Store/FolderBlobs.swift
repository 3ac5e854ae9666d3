import Foundation
import TapedeckTape

/// Tapes as files under a folder: `DIR/reports/ID.tape`, `DIR/groups/ID.shrunk.tape`. Each put
/// writes a temporary file and renames it, so a reader never sees half a tape.
package struct FolderBlobs: TapeBlobs {
    package let folder: String

    package init(folder: String) { self.folder = folder }

    package var location: String { folder }

    package func put(_ key: String, bytes: [UInt8]) async throws(InboxError) {
        let path = try self.path(of: key)
        do {
            let parent = (path as NSString).deletingLastPathComponent
            try FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: true)
            try ReplacingFile.write(bytes, to: path)
        } catch {
            throw InboxError("\(path): cannot store the tape: \(error)")
        }
    }

    package func get(_ key: String) async throws(InboxError) -> [UInt8]? {
        let path = try self.path(of: key)
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        do { return try BoundedFile.read(path, limit: largestStoredTape) } catch {
            throw InboxError("\(path): cannot read the stored tape: \(error)")
        }
    }

    /// The file of a key, refusing keys that would leave the folder.
    private func path(of key: String) throws(InboxError) -> String {
        let parts = key.split(separator: "/", omittingEmptySubsequences: false)
        guard !parts.isEmpty, parts.allSatisfy({ !$0.isEmpty && $0 != "." && $0 != ".." }) else {
            throw InboxError("\(key): not a tape key of the inbox")
        }
        return folder + "/" + key
    }
}
