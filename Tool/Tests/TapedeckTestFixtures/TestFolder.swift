import Foundation

/// A fresh empty folder under the system's temporary folder, for one test: the tapes, goldens,
/// catalogs and outputs a test writes never meet another test's.
public struct TestFolder: Sendable {
    public let path: String
    public var url: URL { URL(fileURLWithPath: path) }

    /// `NAME-UUID` under the temporary folder; `name` says which tests made it.
    public init(_ name: String = "tapedeck-tests") throws {
        path = NSTemporaryDirectory() + name + "-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    /// The path of `name` inside the folder.
    public func file(_ name: String) -> String { path + "/" + name }

    /// Writes `text` to `name`, creating the folders on its way.
    public func write(_ text: String, to name: String) throws {
        let url = URL(fileURLWithPath: file(name))
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    /// The text of `name`, or nil when there is no such file.
    public func read(_ name: String) -> String? {
        FileManager.default.contents(atPath: file(name)).map { String(decoding: $0, as: UTF8.self) }
    }

    public func exists(_ name: String) -> Bool { FileManager.default.fileExists(atPath: file(name)) }

    /// The `.tape` files directly in the folder, in name order.
    public func tapes() -> [String] { Self.tapes(in: path) }

    /// The `.tape` files directly in `folder`, in name order.
    public static func tapes(in folder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [])
            .filter { $0.hasSuffix(".tape") }.sorted().map { folder + "/" + $0 }
    }

    public func remove() { try? FileManager.default.removeItem(atPath: path) }
}
