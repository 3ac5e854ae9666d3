import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A real PostgreSQL server for the tests: Debian's `postgresql` package (installed by `make
/// test`), a throwaway data folder, a free port on 127.0.0.1, trust authentication for user
/// `tapedeck`. One per test process, started on first use and killed at exit; each test takes a
/// database of its own (`database()`).
///
/// PostgreSQL refuses to run as root, and CI runs as root: there the server runs as the
/// `postgres` user the package creates (`setpriv`, which execs, so the pid killed is the server's).
public final class PostgresServer: Sendable {
    public let port: Int
    public let folder: String
    private let bin: String
    private let process: ChildProcess

    /// The shared server, started on first use; throws (with what to install) when PostgreSQL is missing.
    public static func shared() async throws -> PostgresServer { try await starter.server() }

    /// A new empty database; its URL as `inbox` takes it.
    public func database() async throws -> String {
        let name = "t_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased().prefix(20)
        try await psql("CREATE DATABASE \(name)")
        return "postgres://tapedeck@127.0.0.1:\(port)/\(name)"
    }

    /// Runs one statement in the `postgres` database.
    public func psql(_ statement: String, database: String = "postgres") async throws {
        let finished = try await ChildProcess.run(
            bin + "/psql",
            ["-h", "127.0.0.1", "-p", "\(port)", "-U", "tapedeck", "-d", database, "-v", "ON_ERROR_STOP=1", "-c", statement],
            seconds: 60)
        guard finished.status == 0 else {
            throw ChildProcessError(message: "psql \(statement): \(finished.standardError)")
        }
    }

    /// Where Debian (`/usr/lib/postgresql/N/bin`, newest first) or the PATH has `initdb`.
    public static func binFolder() -> String? {
        let debian = "/usr/lib/postgresql"
        let versions = ((try? FileManager.default.contentsOfDirectory(atPath: debian)) ?? []).compactMap(Int.init).sorted(by: >)
        for version in versions where FileManager.default.isExecutableFile(atPath: "\(debian)/\(version)/bin/initdb") {
            return "\(debian)/\(version)/bin"
        }
        return ChildProcess.which("initdb").map { ($0 as NSString).deletingLastPathComponent }
    }

    private init(port: Int, folder: String, bin: String, process: ChildProcess) {
        self.port = port
        self.folder = folder
        self.bin = bin
        self.process = process
    }

    private static let starter = SharedServer<PostgresServer> {
        let server = try await start()
        return (server, server.process.pid)
    }

    private static func start() async throws -> PostgresServer {
        guard let bin = binFolder() else {
            throw ChildProcessError(message: "PostgreSQL is not installed: `make test` installs Debian's postgresql package")
        }
        let folder = NSTemporaryDirectory() + "tapedeck-pg-" + UUID().uuidString.prefix(8)
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let asRoot = getuid() == 0
        if asRoot { _ = try await ChildProcess.run("/bin/chown", ["postgres:postgres", folder], seconds: 30) }
        let user = asRoot ? ["/usr/bin/setpriv", "--reuid=postgres", "--regid=postgres", "--init-groups"] : []
        let initdb = try await ChildProcess.run(
            (user.first ?? bin + "/initdb"),
            Array(user.dropFirst()) + (asRoot ? [bin + "/initdb"] : [])
                + ["-D", folder + "/data", "-U", "tapedeck", "--auth=trust", "-E", "UTF8", "--no-sync", "--locale=C"],
            directory: folder, seconds: 120)
        guard initdb.status == 0 else { throw ChildProcessError(message: "initdb: \(initdb.standardError)") }
        let port = try QuietPort.free()
        let arguments = [
            "-D", folder + "/data", "-p", "\(port)", "-k", folder, "-c", "listen_addresses=127.0.0.1",
            "-c", "fsync=off", "-c", "synchronous_commit=off", "-c", "full_page_writes=off", "-c", "max_connections=300",
        ]
        let process = try ChildProcess(
            user.first ?? bin + "/postgres", Array(user.dropFirst()) + (asRoot ? [bin + "/postgres"] : []) + arguments,
            directory: folder)
        let server = PostgresServer(port: port, folder: folder, bin: bin, process: process)
        // Ready when it accepts a statement.
        let deadline = ContinuousClock.now + .seconds(60)
        while true {
            if (try? await server.psql("SELECT 1")) != nil { return server }
            guard ContinuousClock.now < deadline else {
                throw ChildProcessError(
                    message: "PostgreSQL did not start within 60 s: \(await process.wait(seconds: 1).standardError)")
            }
            try await Task.sleep(for: .milliseconds(100))
        }
    }

}
