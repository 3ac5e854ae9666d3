/// Time in the pure core: nanoseconds since the session started, taken from the tape (or the
/// scenario runner), never from the wall clock.
public struct VirtualTime: Sendable, Hashable, Comparable {
    /// Nanoseconds since the session started.
    public var nanoseconds: UInt64

    /// A time.
    ///
    /// - Parameter nanoseconds: Nanoseconds since the session started.
    public init(nanoseconds: UInt64) { self.nanoseconds = nanoseconds }

    /// The session's start.
    public static let zero = VirtualTime(nanoseconds: 0)

    public static func < (lhs: VirtualTime, rhs: VirtualTime) -> Bool { lhs.nanoseconds < rhs.nanoseconds }
}
