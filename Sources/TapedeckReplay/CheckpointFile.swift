import TapedeckCore
import TapedeckTape

/// The checkpoint file beside a tape (`NAME.checkpoints` for `NAME.tape`): one checkpoint a line,
/// `#` comments, blank lines ignored.
///
/// ```
/// # name          point
/// character-created: first playerObject
/// claimed:           marker "claimed"
/// r100:              record 100
/// t5:                time 5s
/// after-swipe:       after first matchResult
/// settled:           end
/// ```
///
/// Grammar (docs/REPLAY.md):
///
///     line     = [ name ":" point ] [ "#" comment ]
///     name     = 1*( letter / digit / "-" / "_" / "." )     ; not starting with "."
///     point    = [ "after" ] event / "time" duration / "end"
///     event    = "marker" ( quoted / word ) / "record" integer / ordinal [ "s2c" / "c2s" ] type
///     ordinal  = "first" / "second" / ... / "tenth"   ; type: an envelope type, or open, close, error
///     duration = number ( "ns" / "us" / "ms" / "s" / "m" )   ; e.g. 1500ms, 2.5s
///     quoted   = '"' *( char / '\"' / '\\' ) '"'
public enum CheckpointFile {
    /// The checkpoint file that belongs to a tape: the same path with `.checkpoints` instead of `.tape`.
    ///
    /// - Parameter tape: The tape's path.
    /// - Returns: The checkpoint file's path, such as `Recordings/connect.checkpoints`.
    public static func path(forTape tape: String) -> String { TapeFiles.sibling(of: tape, extension: "checkpoints") }

    /// Where a parse error points the reader.
    static let help = "See docs/REPLAY.md, \"Checkpoint files\"."

    /// Reads a checkpoint file: one checkpoint a line; blank lines and `#` comments are skipped.
    ///
    /// - Parameters:
    ///   - text: The file's contents.
    ///   - path: The file's path, for the errors.
    /// - Returns: The checkpoints, in the file's order.
    /// - Throws: `TextFileError` at the first line that does not parse or repeats a name.
    public static func parse(_ text: String, path: String) throws(TextFileError) -> [Checkpoint] {
        var checkpoints: [Checkpoint] = []
        var names: [String: Int] = [:]
        var lineNumber = 0
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            lineNumber += 1
            var scanner = LineScanner(Array(line.unicodeScalars), line: lineNumber, path: path)
            guard let checkpoint = try scanner.entry() else { continue }
            if let first = names[checkpoint.name] {
                throw TextFileError(
                    path: path, line: lineNumber, column: scanner.nameColumn,
                    message: "checkpoint \"\(checkpoint.name)\" is already defined on line \(first); names must be unique",
                    help: help)
            }
            names[checkpoint.name] = lineNumber
            checkpoints.append(checkpoint)
        }
        return checkpoints
    }

    static func quoted(_ text: String) -> String {
        var out = "\""
        for character in text {
            if character == "\"" || character == "\\" { out.append("\\") }
            out.append(character)
        }
        return out + "\""
    }

    /// Scans one line; columns count Unicode scalars from 1.
    struct LineScanner {
        let scalars: [Unicode.Scalar]
        let line: Int
        let path: String
        var index = 0
        var nameColumn = 1

        init(_ scalars: [Unicode.Scalar], line: Int, path: String) {
            var scalars = scalars
            if scalars.last == "\r" { scalars.removeLast() }
            self.scalars = scalars
            self.line = line
            self.path = path
        }

        func fail(_ message: String, at position: Int? = nil) -> TextFileError {
            TextFileError(
                path: path, line: line, column: (position ?? index) + 1, message: message, help: CheckpointFile.help)
        }

        var atEnd: Bool { index >= scalars.count || scalars[index] == "#" }

        mutating func skipSpaces() {
            while index < scalars.count, scalars[index] == " " || scalars[index] == "\t" { index += 1 }
        }

        static func isNameScalar(_ scalar: Unicode.Scalar) -> Bool {
            (scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)))
                || scalar == "-" || scalar == "_" || scalar == "."
        }

        static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
            scalar != " " && scalar != "\t" && scalar != "#" && scalar != "\""
        }

        /// A run of non-space characters (stops at `#`).
        mutating func word() -> String {
            let start = index
            while index < scalars.count, Self.isWordScalar(scalars[index]) { index += 1 }
            var text = ""
            text.unicodeScalars.append(contentsOf: scalars[start..<index])
            return text
        }

        mutating func entry() throws(TextFileError) -> Checkpoint? {
            skipSpaces()
            if atEnd { return nil }
            nameColumn = index + 1
            let nameStart = index
            while index < scalars.count, Self.isNameScalar(scalars[index]) { index += 1 }
            guard index > nameStart else {
                throw fail("expected a checkpoint name (letters, digits, '-', '_', '.'), found '\(scalars[index])'")
            }
            var name = ""
            name.unicodeScalars.append(contentsOf: scalars[nameStart..<index])
            if name.hasPrefix(".") { throw fail("a checkpoint name must not start with '.'", at: nameStart) }
            skipSpaces()
            guard index < scalars.count, scalars[index] == ":" else {
                throw fail(
                    index < scalars.count
                        ? "expected ':' after the checkpoint name, found '\(scalars[index])'"
                        : "expected ':' and a point after the checkpoint name \"\(name)\"")
            }
            index += 1
            skipSpaces()
            let trigger = try point()
            skipSpaces()
            guard atEnd else {
                let extraStart = index
                let extra = scalars[index] == "\"" ? "\"" : word()
                throw fail("unexpected '\(extra)' after the point; put comments after '#'", at: extraStart)
            }
            return Checkpoint(name: name, trigger: trigger, line: line)
        }

        mutating func point() throws(TextFileError) -> Checkpoint.Trigger {
            guard !atEnd else { throw fail("expected a point: marker, record, time, first, after or end") }
            let start = index
            var keyword = word()
            if keyword == "after" {
                skipSpaces()
                guard !atEnd else { throw fail("expected marker, record or first after 'after'") }
                let eventStart = index
                keyword = word()
                guard ["marker", "record"].contains(keyword) || Checkpoint.ordinals.contains(keyword) else {
                    throw fail("expected marker, record or first after 'after', found '\(keyword)'", at: eventStart)
                }
            }
            switch keyword {
            case "end":
                return .end
            case "marker":
                skipSpaces()
                return .marker(try markerName())
            case "record":
                skipSpaces()
                let numberStart = index
                let text = word()
                guard !text.isEmpty, text.allSatisfy(\.isASCIIDigit), let number = Int(text) else {
                    throw fail(
                        text.isEmpty
                            ? "expected a record number after 'record'"
                            : "expected a record number (0, 1, 2...), found '\(text)'", at: numberStart)
                }
                return .record(number)
            case "time":
                skipSpaces()
                let timeStart = index
                let text = word()
                guard let nanoseconds = TapeTime.parse(text) else {
                    throw fail(
                        text.isEmpty
                            ? "expected a time after 'time', such as 5s or 1500ms"
                            : "expected a time such as 5s, 2.5s, 1500ms, 100us or 42ns, found '\(text)'", at: timeStart)
                }
                return .time(nanoseconds)
            case let ordinal where Checkpoint.ordinals.contains(ordinal):
                skipSpaces()
                var typeStart = index
                var type = word()
                var direction: TapeRecord.Direction?
                if type == "s2c" || type == "c2s" {
                    direction = TapeRecord.Direction(name: type)
                    skipSpaces()
                    typeStart = index
                    type = word()
                }
                guard !type.isEmpty else {
                    throw fail("expected a message type after '\(keyword)', such as playerObject", at: typeStart)
                }
                return .message(type: type, direction: direction, occurrence: Checkpoint.ordinals.firstIndex(of: keyword)! + 1)
            default:
                throw fail("unknown point '\(keyword)'; expected marker, record, time, first, after or end", at: start)
            }
        }

        mutating func markerName() throws(TextFileError) -> String {
            guard !atEnd else { throw fail("expected a marker name after 'marker', such as \"claimed\"") }
            guard scalars[index] == "\"" else { return word() }
            let open = index
            index += 1
            var text = ""
            while index < scalars.count {
                let scalar = scalars[index]
                if scalar == "\"" {
                    index += 1
                    return text
                }
                if scalar == "\\" {
                    guard index + 1 < scalars.count, scalars[index + 1] == "\"" || scalars[index + 1] == "\\" else {
                        throw fail("only \\\" and \\\\ may be escaped in a marker name")
                    }
                    index += 1
                }
                text.unicodeScalars.append(scalars[index])
                index += 1
            }
            throw fail("the marker name opened here has no closing '\"'", at: open)
        }
    }
}
