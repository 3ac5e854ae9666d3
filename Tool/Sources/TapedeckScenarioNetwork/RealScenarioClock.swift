import NIOCore
import TapedeckScenario
import TapedeckState

/// The scenario clock of a live target: monotonic real time since the clock was made. (The pure
/// core never reads a clock; this adapter at the network edge does.)
package final class RealScenarioClock: ScenarioClock, Sendable {
    private let start: NIODeadline

    package init() { start = .now() }

    package var now: VirtualTime {
        let elapsed = NIODeadline.now().uptimeNanoseconds &- start.uptimeNanoseconds
        return VirtualTime(nanoseconds: elapsed)
    }

    package func sleep(until time: VirtualTime) async {
        let current = now
        guard time > current else { return }
        try? await Task.sleep(nanoseconds: time.nanoseconds - current.nanoseconds)
    }
}
