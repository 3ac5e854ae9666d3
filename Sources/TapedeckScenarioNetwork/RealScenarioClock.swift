import NIOCore
import TapedeckScenario
import TapedeckState

/// The scenario clock of a live target: monotonic real time since the clock was made. (The pure
/// core never reads a clock; this adapter at the network edge does.)
public final class RealScenarioClock: ScenarioClock, Sendable {
    private let start: NIODeadline

    public init() { start = .now() }

    public var now: VirtualTime {
        let elapsed = NIODeadline.now().uptimeNanoseconds &- start.uptimeNanoseconds
        return VirtualTime(nanoseconds: elapsed)
    }

    public func sleep(until time: VirtualTime) async {
        let current = now
        guard time > current else { return }
        try? await Task.sleep(nanoseconds: time.nanoseconds - current.nanoseconds)
    }
}
