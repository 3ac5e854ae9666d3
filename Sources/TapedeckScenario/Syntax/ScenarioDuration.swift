/// A duration written in a scenario: `500ms`, `2s`, `1m`. Stored in nanoseconds.
public struct ScenarioDuration: Sendable, Hashable, CustomStringConvertible {
    public var nanoseconds: UInt64

    public init(nanoseconds: UInt64) { self.nanoseconds = nanoseconds }

    public static func milliseconds(_ value: UInt64) -> ScenarioDuration { .init(nanoseconds: value * 1_000_000) }
    public static func seconds(_ value: UInt64) -> ScenarioDuration { .init(nanoseconds: value * 1_000_000_000) }

    /// The shortest exact spelling: `1m`, `90s`, `500ms`.
    public var description: String {
        let ms = nanoseconds / 1_000_000
        if ms % 60_000 == 0, ms > 0 { return "\(ms / 60_000)m" }
        if ms % 1000 == 0, ms > 0 { return "\(ms / 1000)s" }
        return "\(ms)ms"
    }
}
