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

    /// How many rounds in a row must run none of the app's work before it counts as quiet: a hop
    /// the app queues on the main queue for itself (`Task { @MainActor in … }`, Combine's
    /// `receive(on:)`) runs in the round after the one that queued it, and a chain of such hops
    /// that never passes through the pool is followed this far.
    static let quietRounds = 3

    /// How many rounds the app may keep busy before the replay calls it spinning: an app that
    /// loops without ever waiting on the replay (a `Task.yield()` loop) is given up on after this
    /// count, not after a time. The count is of the process's moved work, so another replay
    /// running beside this one only adds rounds; the bound is high so that it never adds a finding.
    static let busyRounds = 100_000

    /// Lets the app run until it has nothing left to do (see `AppWork`): `quietRounds` rounds in a
    /// row through the main queue in which none of its work moved there ran or was queued, and it
    /// called nothing of the replay's.
    ///
    /// - Parameter busyRounds: How many busy rounds before it gives up.
    /// - Returns: False when the app was still busy after `busyRounds` rounds.
    @MainActor
    static func untilQuiet(busyRounds: Int = busyRounds) async -> Bool {
        await ReplayExecution.onMainQueue {
            var quiet = 0
            var busy = 0
            while quiet < quietRounds {
                let before = AppWork.progress
                await Self.throughMainQueue()
                let after = AppWork.progress
                if after.idle && after.done == before.done {
                    quiet += 1
                } else {
                    quiet = 0
                    busy += 1
                    if busy > busyRounds { return false }
                }
            }
            return true
        }
    }

    /// One block through the main queue: everything queued there before it, the main actor's jobs
    /// and the app's moved work among them, has run when it returns.
    @MainActor
    private static func throughMainQueue() async {
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            DispatchQueue.main.async { done.resume() }
        }
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
