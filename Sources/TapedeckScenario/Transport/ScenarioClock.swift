import TapedeckState

/// The scenario's time: virtual when the target is offline (nothing ever waits), real when it is
/// a live server (implemented at the network edge: the core never reads a clock).
public protocol ScenarioClock: AnyObject {
    /// Time since the scenario started.
    var now: VirtualTime { get }
    /// Returns once `now` has reached `time`.
    func sleep(until time: VirtualTime) async
}

/// Virtual time, moved forward only by `advance` (offline transports, when they wait) and
/// `sleep` (which returns at once).
public final class VirtualScenarioClock: ScenarioClock {
    public private(set) var now: VirtualTime

    public init(start: VirtualTime = .zero) { now = start }

    public func sleep(until time: VirtualTime) async { advance(to: time) }

    /// Moves to `time`; never backwards.
    public func advance(to time: VirtualTime) {
        if time > now { now = time }
    }
}
