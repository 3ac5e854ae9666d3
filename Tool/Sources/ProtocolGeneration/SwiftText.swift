/// Small text helpers shared by the writers.
enum SwiftText {
    /// `text` as a double-quoted Swift or JSON string literal.
    static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    /// `items` joined with ", " after `head`, wrapped before any item that would take a line past
    /// `width` columns; continuation lines start with `indent`. Ends with `tail`.
    static func wrapped(head: String, items: [String], tail: String, indent: String, width: Int = 117) -> String {
        var lines: [String] = []
        var line = head
        for (index, item) in items.enumerated() {
            let piece = item + (index == items.count - 1 ? tail : ",")
            let atStart = line == head || line == indent
            if !atStart && line.count + 1 + piece.count > width {
                lines.append(line)
                line = indent + piece
            } else {
                line += (atStart ? "" : " ") + piece
            }
        }
        lines.append(line)
        return lines.joined(separator: "\n")
    }

    /// `text` as `///` comment lines of at most 100 columns; nothing when it is empty.
    static func comment(_ text: String, indent: String, width: Int = 100) -> String {
        guard !text.isEmpty else { return "" }
        var lines: [String] = []
        var line = indent + "///"
        for word in text.split(separator: " ") {
            if line.count + 1 + word.count > width && line != indent + "///" {
                lines.append(line)
                line = indent + "///"
            }
            line += " " + word
        }
        lines.append(line)
        return lines.joined(separator: "\n") + "\n"
    }
}
