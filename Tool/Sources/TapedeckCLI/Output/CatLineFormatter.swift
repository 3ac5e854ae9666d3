import TapedeckCore
import TapedeckTape

/// One readable line per record for `tapedeck cat`:
/// `   12.345678 c0 s2c  text   messageEvent     {"type":"messageEvent",...}`, cut to a width.
struct CatLineFormatter {
    var width: Int

    func line(_ record: TapeRecord) -> String {
        var line = InfoReport.seconds(record.time, decimals: 6).leftPadded(to: 12)
        line += " c\(record.connection)"
        line += " " + record.direction.name.rightPadded(to: 4)
        line += " " + record.kind.name.rightPadded(to: 6)
        var type = ""
        if record.kind == .text, let bytes = EnvelopeTypeScanner.type(in: record.payload) {
            type = Self.printable(bytes)
        }
        line += " " + type.rightPadded(to: 16)
        line += " " + payloadText(record)
        while line.last == " " { line.removeLast() }
        return Self.cut(line, to: width)
    }

    private func payloadText(_ record: TapeRecord) -> String {
        var text = ""
        if let fragments = record.fragmentCount { text += "[\(fragments) fragments] " }
        switch record.kind {
        case .close:
            if let code = record.closeCode { text += "\(code) " }
            text += "\"" + Self.printable(record.payload) + "\""
        case .text, .marker, .error, .handshake:
            text += Self.printable(record.payload)
        case .open, .binary, .ping, .pong:
            guard !record.payload.isEmpty else { break }
            if UTF8Validation.isValid(record.payload) {
                text += Self.printable(record.payload)
            } else {
                text += "<\(record.payload.count) bytes> " + Hex.lowercase(record.payload.prefix(64), separator: " ")
            }
        }
        return text
    }

    /// The bytes as one line of text: control characters escaped, invalid UTF-8 as \xNN.
    static func printable(_ bytes: [UInt8]) -> String {
        if UTF8Validation.isValid(bytes), !bytes.contains(where: { $0 < 0x20 || $0 == 0x7F }) {
            return String(decoding: bytes, as: UTF8.self)
        }
        var output = ""
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case 0x0A:
                output += "\\n"
                index += 1
            case 0x0D:
                output += "\\r"
                index += 1
            case 0x09:
                output += "\\t"
                index += 1
            case 0..<0x20, 0x7F:
                output += "\\x" + Hex.lowercase([byte])
                index += 1
            case 0x20..<0x80:
                output.unicodeScalars.append(Unicode.Scalar(byte))
                index += 1
            default:
                // Take the longest valid UTF-8 sequence here, else escape one byte.
                let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : 2
                let end = min(index + length, bytes.count)
                let sequence = Array(bytes[index..<end])
                if sequence.count == length, UTF8Validation.isValid(sequence) {
                    output += String(decoding: sequence, as: UTF8.self)
                    index = end
                } else {
                    output += "\\x" + Hex.lowercase([byte])
                    index += 1
                }
            }
        }
        return output
    }

    /// Cuts to `width` characters, ending with "…" when something was cut.
    static func cut(_ line: String, to width: Int) -> String {
        guard line.count > width else { return line }
        guard width > 1 else { return String(line.prefix(max(width, 0))) }
        return String(line.prefix(width - 1)) + "…"
    }
}
