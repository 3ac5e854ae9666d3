/// Time in the pure core: nanoseconds since the session started, taken from the tape (or the
/// scenario runner), never from the wall clock.
public struct VirtualTime: Sendable, Hashable, Comparable {
    public var nanoseconds: UInt64

    public init(nanoseconds: UInt64) { self.nanoseconds = nanoseconds }

    public static let zero = VirtualTime(nanoseconds: 0)

    public static func < (lhs: VirtualTime, rhs: VirtualTime) -> Bool { lhs.nanoseconds < rhs.nanoseconds }
}
