import Foundation
import NIOCore
import TapedeckWebSocket

/// A one-shot HTTP/1.1 request over a plain TCP socket, for the proxy's loopback control endpoint.
enum PlainHTTP {
    struct Response {
        var status: Int
        var body: String
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    static func request(host: String, port: Int, method: String, target: String) throws -> Response {
        let address: SocketAddress
        do {
            guard let first = try HostResolver.addresses(host, port: port).first else {
                throw Failure(description: "cannot resolve \(host)")
            }
            address = first
        } catch {
            throw Failure(description: "\(error)")
        }
        #if canImport(Glibc)
        let fd = socket(Int32(address.protocol.rawValue), Int32(SOCK_STREAM.rawValue), 0)
        #else
        let fd = socket(Int32(address.protocol.rawValue), SOCK_STREAM, 0)
        #endif
        guard fd >= 0 else { throw Failure(description: String(cString: strerror(errno))) }
        defer { close(fd) }
        guard address.withSockAddr({ connect(fd, $0, socklen_t($1)) }) == 0 else {
            throw Failure(description: String(cString: strerror(errno)))
        }
        let request = "\(method) \(target) HTTP/1.1\r\nHost: \(host):\(port)\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"
        var bytes = Array(request.utf8)
        var sent = 0
        while sent < bytes.count {
            let count = bytes.withUnsafeMutableBytes { write(fd, $0.baseAddress! + sent, $0.count - sent) }
            guard count > 0 else { throw Failure(description: String(cString: strerror(errno))) }
            sent += count
        }
        bytes = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count <= 0 { break }
            bytes += buffer[0..<count]
        }
        let text = String(decoding: bytes, as: UTF8.self)
        let parts = text.components(separatedBy: "\r\n\r\n")
        let statusLine = parts.first?.components(separatedBy: "\r\n").first ?? ""
        let fields = statusLine.split(separator: " ")
        guard fields.count >= 2, let status = Int(fields[1]) else {
            throw Failure(description: "not an HTTP answer: \(statusLine)")
        }
        return Response(status: status, body: parts.dropFirst().joined(separator: "\r\n\r\n"))
    }
}
