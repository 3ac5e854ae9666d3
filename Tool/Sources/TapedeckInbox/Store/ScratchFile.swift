import Foundation

/// A scratch copy of a tape for a reader that takes paths: written plainly, never synced, since
/// it is removed as soon as it is read (the stored copy is the blob store's, written durably).
enum ScratchFile {
    static func write(_ bytes: [UInt8], to path: String) throws(InboxError) {
        guard FileManager.default.createFile(atPath: path, contents: Data(bytes)) else {
            throw InboxError("\(path): cannot write a scratch file (\(String(cString: strerror(errno))))")
        }
    }
}
