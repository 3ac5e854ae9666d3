/// A small YAML tree and its block-style text, enough for the AsyncAPI document. Strings are
/// always double-quoted with JSON escapes (valid YAML), so no value is read as another type.
indirect enum YAMLNode {
    case map([(String, YAMLNode)])
    case list([YAMLNode])
    case string(String)
    case int(Int)
    case bool(Bool)

    func text() -> String {
        var out = ""
        write(to: &out, indent: "")
        return out
    }

    private func write(to out: inout String, indent: String) {
        switch self {
        case .map(let entries):
            for (key, value) in entries {
                out += indent + Self.key(key) + ":"
                value.writeValue(to: &out, indent: indent + "  ")
            }
        case .list(let items):
            for item in items {
                out += indent + "-"
                item.writeValue(to: &out, indent: indent + "  ")
            }
        default:
            out += indent + scalar + "\n"
        }
    }

    /// After `key:` or `-`: a scalar or an empty collection on the same line, anything else below.
    private func writeValue(to out: inout String, indent: String) {
        switch self {
        case .map(let entries) where entries.isEmpty: out += " {}\n"
        case .list(let items) where items.isEmpty: out += " []\n"
        case .map, .list:
            out += "\n"
            write(to: &out, indent: indent)
        default:
            out += " " + scalar + "\n"
        }
    }

    private var scalar: String {
        switch self {
        case .string(let text): SwiftText.quoted(text)
        case .int(let value): String(value)
        case .bool(let value): String(value)
        case .map, .list: ""
        }
    }

    private static func key(_ name: String) -> String {
        let plain = name.unicodeScalars.allSatisfy {
            ($0 >= "a" && $0 <= "z") || ($0 >= "A" && $0 <= "Z") || ($0 >= "0" && $0 <= "9") || $0 == "_" || $0 == "."
        }
        return plain && !name.isEmpty ? name : SwiftText.quoted(name)
    }
}
