import Dispatch

/// Ways for an adapter to wait until the app's pending work has landed.
public enum Settling {
    /// Lets the work queued on the main queue and the main actor run, `rounds` times over: each
    /// round sends a block through `DispatchQueue.main` (where Combine's `receive(on:
    /// DispatchQueue.main)` and `RunLoop.main` deliveries wait) and yields the main actor (where
    /// `Task { @MainActor in … }` hops wait). Work that queues more work is covered as long as the
    /// chain is no longer than `rounds`.
    ///
    /// - Parameter rounds: How many rounds; 4 by default. 0 returns at once.
    @MainActor
    public static func mainQueue(rounds: Int = 4) async {
        await ReplayExecution.onMainQueue { await Self.rounds(rounds) }
    }

    /// The same rounds with the task resuming through the global pool each time, as the app's own
    /// tasks do: slower, but they also let the app's hops through the pool land (a sleep on the
    /// replay's clock, which is nonisolated, is registered there).
    @MainActor
    static func throughGlobalPool(rounds: Int) async {
        await ReplayExecution.onGlobalPool { await Self.rounds(rounds) }
    }

    @MainActor
    private static func rounds(_ rounds: Int) async {
        for _ in 0..<rounds {
            await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
                DispatchQueue.main.async { done.resume() }
            }
            await Task.yield()
        }
    }
}
