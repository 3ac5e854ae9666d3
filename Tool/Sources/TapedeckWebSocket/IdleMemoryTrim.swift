import NIOConcurrencyHelpers
import NIOCore

#if canImport(Glibc)
import Glibc
#endif

/// Gives memory back to the system once a listener has no connection left. glibc's malloc keeps
/// the pages a burst of sessions freed (2,000 proxy sessions open at once left ~250 MB resident
/// for good, though nothing was leaked); `malloc_trim` returns them. Runs a second after the last
/// connection closed, at most once a second, and only if still idle then.
package final class IdleMemoryTrim: Sendable {
    private let pending = NIOLockedValueBox(false)
    private let delay: TimeAmount

    package init(delay: TimeAmount = .seconds(1)) {
        self.delay = delay
    }

    /// The listener's last connection closed: trims after `delay` if `isIdle` still holds.
    package func lastConnectionClosed(on eventLoop: EventLoop, isIdle: @escaping @Sendable () -> Bool) {
        let schedule = pending.withLockedValue { pending in
            defer { pending = true }
            return !pending
        }
        guard schedule else { return }
        eventLoop.scheduleTask(in: delay) {
            self.pending.withLockedValue { $0 = false }
            guard isIdle(), let trim = Self.mallocTrim else { return }
            _ = trim(0)
        }
    }

    /// glibc's `malloc_trim`, looked up at run time: `<malloc.h>` is not in Swift's Glibc module,
    /// and other C libraries (macOS, musl) have no such call, which makes this a no-op there.
    private static let mallocTrim: (@convention(c) (Int) -> Int32)? = {
        #if canImport(Glibc)
        guard let symbol = dlsym(nil, "malloc_trim") else { return nil }
        return unsafeBitCast(symbol, to: (@convention(c) (Int) -> Int32).self)
        #else
        return nil
        #endif
    }()
}
