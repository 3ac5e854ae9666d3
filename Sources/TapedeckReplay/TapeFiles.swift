/// The files that live beside a tape: `NAME.tape`, `NAME.checkpoints`, `NAME.golden/`.
public enum TapeFiles {
    /// The tape's path with its `.tape` extension replaced (or the extension added when it has none).
    ///
    /// - Parameters:
    ///   - tape: The tape's path, such as `Recordings/connect.tape`.
    ///   - newExtension: The sibling's extension, without the dot, such as `checkpoints`.
    /// - Returns: The sibling's path, such as `Recordings/connect.checkpoints`.
    public static func sibling(of tape: String, extension newExtension: String) -> String {
        let slash = tape.lastIndex(of: "/")
        if tape.hasSuffix(".tape"), tape.count > 5, slash.map({ tape.distance(from: $0, to: tape.endIndex) > 6 }) ?? true {
            return String(tape.dropLast(5)) + "." + newExtension
        }
        return tape + "." + newExtension
    }

    /// The folder of golden snapshots of a tape.
    ///
    /// - Parameter tape: The tape's path.
    /// - Returns: `NAME.golden` beside the tape.
    public static func goldenDirectory(forTape tape: String) -> String { sibling(of: tape, extension: "golden") }

    /// The tape's file name without folder and `.tape`: `Recordings/connect.tape` → `connect`.
    ///
    /// - Parameter tape: The tape's path.
    /// - Returns: The name; a file called just `.tape` keeps its name.
    public static func name(ofTape tape: String) -> String {
        let file = tape.split(separator: "/", omittingEmptySubsequences: false).last.map(String.init) ?? tape
        return file.hasSuffix(".tape") && file.count > 5 ? String(file.dropLast(5)) : file
    }
}
