/// The files that live beside a tape: `NAME.tape`, `NAME.checkpoints`, `NAME.golden/`.
public enum TapeFiles {
    /// The tape's path with its `.tape` extension replaced (or the extension added when it has none).
    public static func sibling(of tape: String, extension newExtension: String) -> String {
        let slash = tape.lastIndex(of: "/")
        if tape.hasSuffix(".tape"), tape.count > 5, slash.map({ tape.distance(from: $0, to: tape.endIndex) > 6 }) ?? true {
            return String(tape.dropLast(5)) + "." + newExtension
        }
        return tape + "." + newExtension
    }

    /// The folder of golden snapshots of a tape.
    public static func goldenDirectory(forTape tape: String) -> String { sibling(of: tape, extension: "golden") }

    /// The tape's file name without folder and `.tape`: `Recordings/connect.tape` → `connect`.
    public static func name(ofTape tape: String) -> String {
        let file = tape.split(separator: "/", omittingEmptySubsequences: false).last.map(String.init) ?? tape
        return file.hasSuffix(".tape") && file.count > 5 ? String(file.dropLast(5)) : file
    }
}
