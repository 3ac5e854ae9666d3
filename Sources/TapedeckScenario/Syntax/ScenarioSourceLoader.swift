import TapedeckTape

/// Where scenario text comes from: files, or a dictionary in tests.
public protocol ScenarioSourceLoader: Sendable {
    /// The text of the file at `path`, or an error message saying why it cannot be read.
    func load(_ path: String) -> Result<String, ScenarioSourceLoadError>
}

public struct ScenarioSourceLoadError: Error, Sendable, Equatable, CustomStringConvertible {
    public var path: String
    public var reason: String
    public init(path: String, reason: String) { self.path = path; self.reason = reason }
    public var description: String { "cannot read \(path): \(reason)" }
}

/// Scenarios in memory, by path (tests, tools that generate scenarios).
public struct InMemoryScenarioLoader: ScenarioSourceLoader {
    public var files: [String: String]
    public init(_ files: [String: String]) { self.files = files }

    public func load(_ path: String) -> Result<String, ScenarioSourceLoadError> {
        files[ScenarioPaths.normalized(path)].map { .success($0) }
            ?? .failure(ScenarioSourceLoadError(path: path, reason: "no such file"))
    }
}

/// Scenarios on disk, read as UTF-8.
public struct FileScenarioLoader: ScenarioSourceLoader {
    public init() {}

    public func load(_ path: String) -> Result<String, ScenarioSourceLoadError> {
        let bytes: [UInt8]
        do {
            bytes = try BoundedFile.read(path, limit: BoundedFile.Limit.scenario)
        } catch {
            return .failure(ScenarioSourceLoadError(path: path, reason: error.reason))
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            return .failure(ScenarioSourceLoadError(path: path, reason: "it is not valid UTF-8 text"))
        }
        return .success(text)
    }
}

/// Path arithmetic for includes, without touching the file system.
public enum ScenarioPaths {
    /// The directory part of a path ("" for a bare file name).
    public static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return path == "/" ? "/" : String(path[..<slash]).isEmpty ? "/" : String(path[..<slash])
    }

    /// `relative` resolved against `directory` (unless it is absolute), with `.` and `..` removed.
    public static func resolve(_ relative: String, against directory: String) -> String {
        if relative.hasPrefix("/") || directory.isEmpty { return normalized(relative) }
        return normalized(directory + "/" + relative)
    }

    /// Removes `.` components, empty components and `name/..` pairs; leading `..` stay.
    public static func normalized(_ path: String) -> String {
        let absolute = path.hasPrefix("/")
        var parts: [Substring] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            if part == "." { continue }
            if part == "..", let last = parts.last, last != ".." {
                parts.removeLast()
            } else if part == "..", absolute {
                continue
            } else {
                parts.append(part)
            }
        }
        let joined = parts.joined(separator: "/")
        return absolute ? "/" + joined : (joined.isEmpty ? "." : joined)
    }
}
