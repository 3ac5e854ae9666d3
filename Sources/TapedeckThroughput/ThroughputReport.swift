/// The figures of one `DecodeThroughput` run: per function, messages and megabytes per second of
/// its fastest pass, and how many messages it could not decode.
public struct ThroughputReport: Sendable, Equatable {
    /// One function's figures.
    public struct Row: Sendable, Equatable {
        /// The function's name, as added.
        public var name: String
        /// The fastest pass over every message.
        public var seconds: Double
        /// Messages the function threw on.
        public var failures: Int

        /// One function's figures.
        ///
        /// - Parameters:
        ///   - name: The function's name.
        ///   - seconds: Its fastest pass over every message, in seconds.
        ///   - failures: How many messages it threw on.
        public init(name: String, seconds: Double, failures: Int) {
            self.name = name
            self.seconds = seconds
            self.failures = failures
        }
    }

    /// How many messages each pass decoded.
    public var messages: Int
    /// The messages' bytes together.
    public var bytes: Int
    /// How many passes of each function were timed (the fastest counts).
    public var repeats: Int
    /// A row per function, in the order they were added; the first is the reference of the table's
    /// last column.
    public var rows: [Row]

    /// A report of figures measured elsewhere.
    ///
    /// - Parameters:
    ///   - messages: How many messages each pass decoded.
    ///   - bytes: The messages' bytes together.
    ///   - repeats: How many passes were timed.
    ///   - rows: A row per function.
    public init(messages: Int, bytes: Int, repeats: Int, rows: [Row]) {
        self.messages = messages
        self.bytes = bytes
        self.repeats = repeats
        self.rows = rows
    }

    /// A function's decoding rate in messages.
    ///
    /// - Parameter row: One of `rows`.
    /// - Returns: Messages per second of its fastest pass; 0 when its time is not positive.
    public func messagesPerSecond(_ row: Row) -> Double { row.seconds > 0 ? Double(messages) / row.seconds : 0 }
    /// A function's decoding rate in bytes.
    ///
    /// - Parameter row: One of `rows`.
    /// - Returns: Megabytes (10^6 bytes) per second of its fastest pass; 0 when its time is not positive.
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
