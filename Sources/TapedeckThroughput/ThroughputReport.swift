/// The figures of one `DecodeThroughput` run: per function, messages and megabytes per second of
/// its fastest pass, and how many messages it could not decode.
public struct ThroughputReport: Sendable, Equatable {
    public struct Row: Sendable, Equatable {
        public var name: String
        /// The fastest pass over every message.
        public var seconds: Double
        /// Messages the function threw on.
        public var failures: Int

        public init(name: String, seconds: Double, failures: Int) {
            self.name = name
            self.seconds = seconds
            self.failures = failures
        }
    }

    public var messages: Int
    public var bytes: Int
    public var repeats: Int
    public var rows: [Row]

    public init(messages: Int, bytes: Int, repeats: Int, rows: [Row]) {
        self.messages = messages
        self.bytes = bytes
        self.repeats = repeats
        self.rows = rows
    }

    public func messagesPerSecond(_ row: Row) -> Double { row.seconds > 0 ? Double(messages) / row.seconds : 0 }
    public func megabytesPerSecond(_ row: Row) -> Double { row.seconds > 0 ? Double(bytes) / row.seconds / 1_000_000 : 0 }

    /// A table: the first function is the reference of the last column.
    public var text: String {
        let width = max(8, rows.map(\.name.count).max() ?? 0)
        func pad(_ text: String, _ count: Int, left: Bool = false) -> String {
            let space = String(repeating: " ", count: max(0, count - text.count))
            return left ? text + space : space + text
        }
        var lines = [
            "\(messages) messages, \(Self.fixed(Double(bytes) / 1_000_000, 1)) MB of payload, fastest of \(repeats) passes:",
            "  " + pad("function", width, left: true) + pad("msg/s", 13) + pad("MB/s", 9) + pad("failed", 8) + pad("× first", 9),
        ]
        let reference = rows.first.map(messagesPerSecond) ?? 0
        for row in rows {
            let ratio = reference > 0 ? messagesPerSecond(row) / reference : 0
            lines.append(
                "  " + pad(row.name, width, left: true) + pad(Self.grouped(messagesPerSecond(row)), 13)
                    + pad(Self.fixed(megabytesPerSecond(row), 1), 9) + pad(String(row.failures), 8)
                    + pad(Self.fixed(ratio, 2) + "x", 9))
        }
        return lines.joined(separator: "\n")
    }

    /// Locale-free: `1234567.8` as `1,234,568`.
    static func grouped(_ value: Double) -> String {
        var digits = String(Int(value.rounded()))
        var out = ""
        while digits.count > 3 {
            out = "," + digits.suffix(3) + out
            digits.removeLast(3)
        }
        return digits + out
    }

    /// Locale-free fixed decimals.
    static func fixed(_ value: Double, _ places: Int) -> String {
        var scale = 1.0
        for _ in 0..<places { scale *= 10 }
        let scaled = Int((value * scale).rounded())
        let whole = scaled / Int(scale)
        let fraction = String(abs(scaled) % Int(scale))
        return places == 0 ? String(whole) : "\(whole)." + String(repeating: "0", count: places - fraction.count) + fraction
    }
}
