/// Tape times written by people: `42ns`, `100us`, `1500ms`, `2.5s`, `1m`.
public enum TapeTime {
    static let units: [(suffix: String, nanoseconds: UInt64)] = [
        ("ns", 1), ("us", 1_000), ("ms", 1_000_000), ("s", 1_000_000_000), ("m", 60_000_000_000),
    ]

    /// The units a tape time may be written in, smallest first.
    public static var unitSuffixes: [String] { units.map(\.suffix) }

    /// Nanoseconds, or nil when the text is not a number with a unit. Decimal fractions are exact
    /// down to the nanosecond (`2.5s` is 2,500,000,000 ns); finer digits are an error.
    ///
    /// - Parameter text: A number with a unit suffix (`ns`, `us`, `ms`, `s`, `m`), no spaces or sign.
    /// - Returns: The time in nanoseconds; nil when the text does not parse or overflows `UInt64`.
    public static func parse(_ text: String) -> UInt64? {
        guard let unit = units.sorted(by: { $0.suffix.count > $1.suffix.count }).first(where: { text.hasSuffix($0.suffix) })
        else { return nil }
        let number = text.dropLast(unit.suffix.count)
        let parts = number.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        guard let wholeText = parts.first, !wholeText.isEmpty, wholeText.allSatisfy(\.isASCIIDigit),
            let whole = UInt64(wholeText)
        else { return nil }
        var total = whole.multipliedReportingOverflow(by: unit.nanoseconds)
        guard !total.overflow else { return nil }
        if parts.count == 2 {
            let fraction = parts[1]
            guard !fraction.isEmpty, fraction.allSatisfy(\.isASCIIDigit) else { return nil }
            var scale = unit.nanoseconds
            for digit in fraction {
                guard scale % 10 == 0 else { return nil }
                scale /= 10
                // 18446744073.709551616s: whole seconds that fit and a fraction that does not (issue 51).
                total = total.partialValue.addingReportingOverflow(UInt64(digit.asciiValue! - 48) * scale)
                guard !total.overflow else { return nil }
            }
        }
        return total.partialValue
    }

    /// The shortest exact spelling: `2.5s`, `1500us`, `42ns`.
    ///
    /// - Parameter nanoseconds: A time in nanoseconds.
    /// - Returns: The time in the largest of `s`, `ms`, `us` that spells it exactly (`s` with up to three decimals), else in `ns`.
    public static func text(_ nanoseconds: UInt64) -> String {
        for (suffix, size) in [("s", UInt64(1_000_000_000)), ("ms", 1_000_000), ("us", 1_000)] where nanoseconds >= size {
            if nanoseconds % size == 0 { return "\(nanoseconds / size)\(suffix)" }
            if suffix == "s", nanoseconds % 1_000_000 == 0 {
                var fraction = String(nanoseconds % size / 1_000_000)
                fraction = String(repeating: "0", count: 3 - fraction.count) + fraction
                while fraction.hasSuffix("0") { fraction.removeLast() }
                return "\(nanoseconds / size).\(fraction)s"
            }
        }
        return "\(nanoseconds)ns"
    }
}

extension Character {
    var isASCIIDigit: Bool { isASCII && isNumber }
}
