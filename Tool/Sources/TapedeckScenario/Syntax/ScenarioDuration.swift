import TapedeckReplay

/// A duration written in a scenario: `500ms`, `2s`, `1m`, `2.5s`, `100us` (TapeTime's grammar).
/// Stored in nanoseconds.
package struct ScenarioDuration: Sendable, Hashable, CustomStringConvertible {
    package var nanoseconds: UInt64

    package init(nanoseconds: UInt64) { self.nanoseconds = nanoseconds }

    package static func milliseconds(_ value: UInt64) -> ScenarioDuration { .init(nanoseconds: value * 1_000_000) }
    package static func seconds(_ value: UInt64) -> ScenarioDuration { .init(nanoseconds: value * 1_000_000_000) }

    /// The shortest exact spelling: `1m`, `90s`, `500ms`; below a millisecond's precision, TapeTime's (`2.5ms` is `2500us`).
    package var description: String {
        guard nanoseconds % 1_000_000 == 0 else { return TapeTime.text(nanoseconds) }
        let ms = nanoseconds / 1_000_000
        if ms % 60_000 == 0, ms > 0 { return "\(ms / 60_000)m" }
        if ms % 1000 == 0, ms > 0 { return "\(ms / 1000)s" }
        return "\(ms)ms"
    }
}
