import Foundation
import TapedeckTestFixtures
import TestSupport
import Testing

/// A `tapedeck` process the limits and soak tests talk to over real sockets, with what it needs
/// behind it: `record` in front of `server --clock virtual`, `server --clock virtual` itself, or
/// `serve --timing fast` of the fixture session. Every session the tests run sends createCharacter
/// and reads 5 answers, which all three give.
final class TapedeckUnderTest: Sendable {
    enum Kind: String, CaseIterable, Sendable, CustomTestStringConvertible {
        case proxy, server, serve
        var testDescription: String { rawValue }
    }

    let kind: Kind
    /// The process under test (the proxy, the server or serve).
    let process: ChildProcess
    /// The server behind the proxy.
    private let upstream: ChildProcess?
    /// The proxy's tape folder, removed by `stop`.
    private let folder: String?
    let port: Int
    /// Where a WebSocket client connects: ws://127.0.0.1:PORT/wss/.
    var url: String { "ws://127.0.0.1:\(port)/wss/" }

    static let fixtureTape = TestTapes.sessionTape

    /// `options` go to the process under test (e.g. `--handshake-timeout 1`); `binary` is the
    /// debug build unless a test asks for another (the release build for the full soak).
    init(_ kind: Kind, options: [String] = [], binary: String = ChildProcess.tapedeck) async throws {
        try #require(
            FileManager.default.isExecutableFile(atPath: binary), "build first: swift build --build-tests (no \(binary))")
        self.kind = kind
        switch kind {
        case .server:
            upstream = nil
            folder = nil
            process = try ChildProcess(binary, ["server", "--clock", "virtual"] + options)
            port = try Self.port(in: try await process.line(startingWith: "listening on "))
        case .serve:
            upstream = nil
            folder = nil
            process = try ChildProcess(binary, ["serve", Self.fixtureTape, "--timing", "fast"] + options)
            port = try Self.port(in: try await process.line(startingWith: "serving "))
        case .proxy:
            // Not under test: room for every session the proxy lets through.
            let server = try ChildProcess(binary, ["server", "--clock", "virtual", "--max-connections", "100000"])
            let serverPort = try Self.port(in: try await server.line(startingWith: "listening on "))
            upstream = server
            let folder = try TestFolder("tapedeck-proxy-under-test").path
            self.folder = folder
            process = try ChildProcess(
                binary,
                [
                    "record", "--no-catalog", "--threads", "1", "--listen", "127.0.0.1:0",
                    "--upstream", "ws://127.0.0.1:\(serverPort)/wss/", "--out", folder,
                    "--status-interval", "86400",
                ] + options)
            port = try Self.port(in: try await process.line(startingWith: "recording on "))
        }
    }

    /// The port of the first ws://HOST:PORT in `line`.
    private static func port(in line: String) throws -> Int {
        guard let scheme = line.range(of: "ws://") else { throw ChildProcessError(message: "no ws:// URL in \(line)") }
        let authority = line[scheme.upperBound...].prefix { $0 != "/" && $0 != " " }
        guard let colon = authority.lastIndex(of: ":"), let port = Int(authority[authority.index(after: colon)...]) else {
            throw ChildProcessError(message: "no port in \(line)")
        }
        return port
    }

    /// SIGKILL to everything without waiting, for a `defer` (an async stop cannot run there).
    func kill() {
        process.signal(SIGKILL)
        upstream?.signal(SIGKILL)
        if let folder { try? FileManager.default.removeItem(atPath: folder) }
    }

    /// SIGINT to everything, and the exit status of the process under test (0 for a clean stop).
    @discardableResult
    func stop() async -> (status: Int32, errors: String) {
        process.signal(SIGINT)
        let result = await process.wait(seconds: 30)
        upstream?.signal(SIGINT)
        await upstream?.wait(seconds: 30)
        if let folder { try? FileManager.default.removeItem(atPath: folder) }
        return (result.status, result.standardError)
    }
}
