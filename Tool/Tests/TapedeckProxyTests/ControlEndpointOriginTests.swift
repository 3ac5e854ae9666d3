import Foundation
import TapedeckProxy
import TapedeckTestFixtures
import TestSupport
import Testing

/// Issue 41, finding 3: the control endpoint answered any web page — `POST /mark` with the Host and
/// Origin of a rebinding page was accepted. A request with an Origin, or with a Host that is not the
/// endpoint's own address, gets 403; `tapedeck mark`'s own requests still pass.
@Suite(.ownThread) struct ControlEndpointOriginTests {
    /// The status line and body of one raw HTTP/1.1 request, sent by Python's socket module.
    static func request(port: Int, _ head: String) async throws -> String {
        let script = """
            import socket, sys
            s = socket.create_connection(("127.0.0.1", int(sys.argv[1])))
            s.sendall(sys.argv[2].replace("\\\\n", "\\r\\n").encode() + b"\\r\\n")
            data = b""
            while True:
                chunk = s.recv(65536)
                if not chunk: break
                data += chunk
            status, _, rest = data.decode().partition("\\r\\n")
            print(status.split(" ", 2)[1], rest.split("\\r\\n\\r\\n", 1)[1].strip())
            """
        let run = try await ChildProcess.run(ChildProcess.python, ["-c", script, "\(port)", head])
        return run.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines) + run.standardError
    }

    @Test func aWebPagesRequestsAreRefusedAndTheToolsAnswered() async throws {
        try Peers.requirePython()
        let server = try await EchoServer()
        let harness = try await ProxyHarness(
            upstream: .init(secure: false, host: "127.0.0.1", port: server.port, path: nil), name: "control-origin"
        ) {
            $0.controlPort = 0
            $0.controlHost = "127.0.0.1"
        }
        let port = try #require(harness.proxy.controlAddress?.port)
        let close = "\\nContent-Length: 0\\nConnection: close\\n"
        let rebound = try await Self.request(
            port: port, "POST /mark?name=evil HTTP/1.1\\nHost: rebind.evil.example:\(port)" + close)
        #expect(
            rebound.hasPrefix("403 the control endpoint answers only Host: 127.0.0.1:\(port) or localhost:\(port)"), "\(rebound)")
        let withOrigin = try await Self.request(
            port: port, "POST /mark?name=evil HTTP/1.1\\nHost: 127.0.0.1:\(port)\\nOrigin: http://rebind.evil.example" + close)
        #expect(
            withOrigin == "403 the control endpoint answers no web page (Origin: http://rebind.evil.example)", "\(withOrigin)")
        let status = try await Self.request(port: port, "GET /status HTTP/1.1\\nHost: rebind.evil.example" + close)
        #expect(status.hasPrefix("403 "), "\(status)")
        let noHost = try await Self.request(port: port, "GET /status HTTP/1.0" + close)
        #expect(noHost.hasPrefix("403 "), "\(noHost)")
        // What `tapedeck mark` and curl send.
        let literal = try await Self.request(port: port, "POST /mark?name=ok HTTP/1.1\\nHost: 127.0.0.1:\(port)" + close)
        #expect(literal == "200 marked 0 open tapes with ok", "\(literal)")
        let localhost = try await Self.request(port: port, "GET /status HTTP/1.1\\nHost: LOCALHOST:\(port)" + close)
        #expect(localhost.hasPrefix("200 {\"openConnections\":0"), "\(localhost)")
        await harness.shutdown()
        await server.shutdown()
    }
}
