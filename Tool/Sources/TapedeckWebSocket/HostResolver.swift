import Dispatch
import NIOCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Every address the system gives for a host, looked up once so that the forward proxy judges
/// and connects to the same addresses (a second lookup at connect time could answer otherwise).
/// `getaddrinfo` takes every spelling the system connects to: names, `0x7f.1`, `2130706433`,
/// `0177.0.0.1`, `::ffff:127.0.0.1`. It blocks, so it runs on a Dispatch thread, as NIO's own
/// resolver does.
package enum HostResolver {
    /// How the forward proxy looks hosts up: `resolve`, or a fixed answer in byte-for-byte tests.
    package typealias Function =
        @Sendable (_ host: String, _ port: Int, _ eventLoop: EventLoop) -> EventLoopFuture<[SocketAddress]>

    package struct Failure: Error, CustomStringConvertible {
        package var description: String
    }

    package static func resolve(_ host: String, port: Int, on eventLoop: EventLoop) -> EventLoopFuture<[SocketAddress]> {
        let promise = eventLoop.makePromise(of: [SocketAddress].self)
        DispatchQueue.global().async {
            promise.completeWith(Result { try addresses(host, port: port) })
        }
        return promise.futureResult
    }

    package static func addresses(_ host: String, port: Int) throws -> [SocketAddress] {
        var hints = addrinfo()
        #if canImport(Glibc)
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        #else
        hints.ai_socktype = SOCK_STREAM
        #endif
        var found: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, String(port), &hints, &found)
        guard status == 0 else {
            throw Failure(description: "cannot resolve the host name \(host) (\(String(cString: gai_strerror(status))))")
        }
        defer { freeaddrinfo(found) }
        var addresses: [SocketAddress] = []
        var next = found
        while let info = next?.pointee {
            next = info.ai_next
            guard let raw = info.ai_addr else { continue }
            switch info.ai_family {
            case AF_INET:
                addresses.append(
                    raw.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { SocketAddress($0.pointee, host: host) })
            case AF_INET6:
                addresses.append(
                    raw.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { SocketAddress($0.pointee, host: host) })
            default: continue
            }
        }
        guard !addresses.isEmpty else { throw Failure(description: "the host name \(host) has no IP address") }
        return addresses
    }
}
