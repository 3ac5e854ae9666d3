/// Locale-free formatting of tape times, so reports are the same bytes everywhere.
public enum DurationText {
    /// Nanoseconds as seconds with millisecond precision: `1.250s`.
    ///
    /// - Parameter nanoseconds: The duration; below a millisecond is dropped, not rounded.
    /// - Returns: The text.
    public static func seconds(_ nanoseconds: UInt64) -> String {
        let milliseconds = nanoseconds / 1_000_000
        let fraction = String(milliseconds % 1000)
        return "\(milliseconds / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction + "s"
    }
}
