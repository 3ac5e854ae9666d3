import NIOConcurrencyHelpers
import NIOCore

/// Counts one listener's open connections against `ConnectionLimits.maxConnections`.
package final class ConnectionGate: Sendable {
    package let limits: ConnectionLimits
    /// Who is refusing, for the 503's text ("tapedeck server", "recording proxy", ...).
    package let name: String
    private let open = NIOLockedValueBox(0)
    private let trim = IdleMemoryTrim()

    package init(limits: ConnectionLimits, name: String) {
        self.limits = limits
        self.name = name
    }

    /// Counts `channel` as open until it closes and returns true, or returns false (and does not
    /// count it) when `maxConnections` are open already.
    package func admit(_ channel: Channel) -> Bool {
        let admitted = open.withLockedValue { open in
            guard open < limits.maxConnections else { return false }
            open += 1
            return true
        }
        if admitted {
            let eventLoop = channel.eventLoop
            channel.closeFuture.whenComplete { _ in
                let left = self.open.withLockedValue { open in
                    open -= 1
                    return open
                }
                if left == 0 { self.trim.lastConnectionClosed(on: eventLoop) { self.openConnections == 0 } }
            }
        }
        return admitted
    }

    /// Connections open now.
    package var openConnections: Int { open.withLockedValue { $0 } }
}
