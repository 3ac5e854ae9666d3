import TapedeckState

/// The scenario's time: virtual when the target is offline (nothing ever waits), real when it is
/// a live server (implemented at the network edge: the core never reads a clock).
package protocol ScenarioClock: AnyObject {
    /// Time since the scenario started.
    var now: VirtualTime { get }
    /// Returns once `now` has reached `time`.
    func sleep(until time: VirtualTime) async
}

/// Virtual time, moved forward only by `advance` (offline transports, when they wait) and
/// `sleep` (which returns at once).
package final class VirtualScenarioClock: ScenarioClock {
    package private(set) var now: VirtualTime

    package init(start: VirtualTime = .zero) { now = start }

    package func sleep(until time: VirtualTime) async { advance(to: time) }

    /// Moves to `time`; never backwards.
    package func advance(to time: VirtualTime) {
        if time > now { now = time }
    }
}
