import TapedeckTape

/// Where scenario text comes from: files, or a dictionary in tests.
package protocol ScenarioSourceLoader: Sendable {
    /// The text of the file at `path`, or an error message saying why it cannot be read.
    func load(_ path: String) -> Result<String, ScenarioSourceLoadError>
}

package struct ScenarioSourceLoadError: Error, Sendable, Equatable, CustomStringConvertible {
    package var path: String
    package var reason: String
    package init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }
    package var description: String { "cannot read \(path): \(reason)" }
}

/// Scenarios on disk, read as UTF-8.
package struct FileScenarioLoader: ScenarioSourceLoader {
    package init() {}

    package func load(_ path: String) -> Result<String, ScenarioSourceLoadError> {
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
package enum ScenarioPaths {
    /// The directory part of a path ("" for a bare file name).
    package static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return path == "/" ? "/" : String(path[..<slash]).isEmpty ? "/" : String(path[..<slash])
    }

    /// `relative` resolved against `directory` (unless it is absolute), with `.` and `..` removed.
    package static func resolve(_ relative: String, against directory: String) -> String {
        if relative.hasPrefix("/") || directory.isEmpty { return normalized(relative) }
        return normalized(directory + "/" + relative)
    }

    /// Removes `.` components, empty components and `name/..` pairs; leading `..` stay.
    package static func normalized(_ path: String) -> String {
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
