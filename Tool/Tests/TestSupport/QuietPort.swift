import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A free loopback port below the system's ephemeral range, for a server that must listen on a
/// port chosen before it starts (PostgreSQL) or listen again on its port after a kill (the inbox
/// end to end). Every listener bound to port 0 and every outgoing connection takes its port from
/// the ephemeral range: a port from there, free a moment ago, could be taken by another test in
/// between, or be the port another test just closed and expects refused (a proxy test once
/// reached a collector restarted there).
public enum QuietPort {
    /// A port from 20,000 up to the ephemeral range that nothing listens on now.
    public static func free() throws -> Int {
        let candidates = 20_000..<ephemeralStart()
        for _ in 0..<200 {
            let port = Int.random(in: candidates)
            if isFree(port) { return port }
        }
        throw ChildProcessError(message: "no free port in \(candidates) after 200 tries")
    }

    /// The first port the system gives to port-0 binds and outgoing connections.
    static func ephemeralStart() -> Int {
        #if os(Linux)
        if let text = try? String(contentsOfFile: "/proc/sys/net/ipv4/ip_local_port_range", encoding: .utf8),
            let low = text.split(whereSeparator: \.isWhitespace).first.flatMap({ Int($0) }), low > 21_000
        {
            return low
        }
        return 32_768
        #else
        return 49_152
        #endif
    }

    private static func isFree(_ port: Int) -> Bool {
        #if canImport(Glibc)
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let fd = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 }
        }
    }
}
