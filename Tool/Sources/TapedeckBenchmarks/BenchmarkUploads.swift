import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

#if canImport(Glibc)
private let noSignal = Int32(MSG_NOSIGNAL)
#else
private let noSignal: Int32 = 0
#endif

/// The inbox benchmark's uploading side: `clients` threads, each with one keep-alive HTTP/1.1
/// connection to the collector, posting its share of the tapes one after another and checking
/// every answer is 201. Plain sockets, so the figure is the collector's, not an HTTP library's.
struct BenchmarkUploads {
    var port: Int
    var token: String
    var clients: Int

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    func upload(_ tapes: [[UInt8]]) throws {
        let group = DispatchGroup()
        let failures = NSLock()
        nonisolated(unsafe) var failure: String?
        for client in 0..<min(clients, tapes.count) {
            let share = stride(from: client, to: tapes.count, by: clients).map { tapes[$0] }
            group.enter()
            Thread {
                defer { group.leave() }
                do { try post(share) } catch {
                    failures.lock()
                    failure = failure ?? "\(error)"
                    failures.unlock()
                }
            }.start()
        }
        group.wait()
        if let failure { throw Failure(description: failure) }
    }

    private func post(_ tapes: [[UInt8]]) throws {
        let fd = try openConnection()
        defer { close(fd) }
        for tape in tapes {
            let head =
                "POST /v1/reports HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nAuthorization: Bearer \(token)\r\n"
                + "Content-Type: application/vnd.tapedeck.tape\r\nContent-Length: \(tape.count)\r\n\r\n"
            try sendAll(fd, Array(head.utf8) + tape)
            let (status, body) = try readResponse(fd)
            guard status == 201 else { throw Failure(description: "the collector answered \(status): \(body)") }
        }
    }

    private func openConnection() throws -> Int32 {
        #if canImport(Glibc)
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let fd = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard fd >= 0, result == 0 else { throw Failure(description: "connect: \(String(cString: strerror(errno)))") }
        return fd
    }

    private func sendAll(_ fd: Int32, _ bytes: [UInt8]) throws {
        var sent = 0
        while sent < bytes.count {
            let count = bytes.withUnsafeBytes { send(fd, $0.baseAddress! + sent, $0.count - sent, noSignal) }
            guard count > 0 else { throw Failure(description: "send: \(String(cString: strerror(errno)))") }
            sent += count
        }
    }

    /// The status and body of one response with a Content-Length.
    private func readResponse(_ fd: Int32) throws -> (Int, String) {
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        let separator = Array("\r\n\r\n".utf8)
        while true {
            if let end = received.indices.first(where: { received[$0...].starts(with: separator) }) {
                let head = String(decoding: received[..<end], as: UTF8.self)
                let length =
                    head.split(separator: "\r\n").first { $0.lowercased().hasPrefix("content-length:") }
                    .flatMap { Int($0.split(separator: ":")[1].trimmingCharacters(in: .whitespaces)) } ?? 0
                if received.count >= end + 4 + length {
                    let status = Int(head.split(separator: " ")[1]) ?? 0
                    return (status, String(decoding: received[(end + 4)..<(end + 4 + length)], as: UTF8.self))
                }
            }
            let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { throw Failure(description: "the collector closed the connection") }
            received += buffer[0..<count]
        }
    }
}
