import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A plain blocking TCP socket (on loopback unless told), for clients no library would be: silent, half a
/// request, a byte at a time, garbage. `@unchecked Sendable`: its one property, the descriptor, is
/// a constant; each test uses a socket from one task at a time.
public final class RawSocket: @unchecked Sendable {
    private let fd: Int32

    public init(port: Int, host: String = "127.0.0.1") throws {
        // Stored only once connected: a throwing init of a whole object runs deinit, which would
        // close the number a second time (by then perhaps another test's socket).
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw ChildProcessError(message: "socket: \(String(cString: strerror(errno)))") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr(host)
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard result == 0 else {
            let reason = String(cString: strerror(errno))
            close(fd)
            throw ChildProcessError(message: "connect to port \(port): \(reason)")
        }
        self.fd = fd
    }

    deinit { close(fd) }

    /// Sends `text`; false when the peer has already gone (EPIPE, ECONNRESET).
    @discardableResult
    public func send(_ text: String) -> Bool { send(bytes: Array(text.utf8)) }

    /// Sends `bytes`; false when the peer has already gone.
    @discardableResult
    public func send(bytes: [UInt8]) -> Bool {
        return bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) } == bytes.count
    }

    /// How the connection ended while reading: the peer closed it (end of file or reset), or
    /// it was still open when the wait ran out.
    public enum End: Equatable, Sendable { case closedByPeer, stillOpen }

    /// Reads until the peer closes the connection or `seconds` pass; returns what arrived. Polls
    /// without blocking and sleeps between polls, so no concurrency-pool thread is held. A task
    /// starved past the deadline (CPU-bound tests holding every pool thread) still reads what came
    /// meanwhile: the socket is drained once more before the wait counts as run out.
    public func readUntilClosed(seconds: Double) async -> (bytes: [UInt8], end: End) {
        let deadline = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
        var received: [UInt8] = []
        while true {
            let pastDeadline = ContinuousClock.now >= deadline
            switch drain(into: &received) {
            case .closedByPeer: return (received, .closedByPeer)
            case .stillOpen: if pastDeadline { return (received, .stillOpen) }
            }
            do { try await Task.sleep(for: .milliseconds(10)) } catch { return (received, .stillOpen) }
        }
    }

    /// What has arrived so far, without blocking.
    public func readAvailable() -> [UInt8] {
        var received: [UInt8] = []
        _ = drain(into: &received)
        return received
    }

    /// Reads everything waiting now, without blocking.
    private func drain(into received: inout [UInt8]) -> End {
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 0) > 0 else { return .stillOpen }
            let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if count > 0 {
                received += buffer[0..<count]
                continue
            }
            if count < 0 && errno == EINTR { continue }
            return .closedByPeer
        }
    }
}
