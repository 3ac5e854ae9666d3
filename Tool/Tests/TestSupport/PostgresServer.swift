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
    public static func shared() async throws -> PostgresServer { try await Starter.shared.server() }

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

    /// Starts the server once however many tests ask at the same time.
    private actor Starter {
        static let shared = Starter()
        private var starting: Task<PostgresServer, any Error>?

        func server() async throws -> PostgresServer {
            if let starting { return try await starting.value }
            let task = Task { try await PostgresServer.start() }
            starting = task
            return try await task.value
        }
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
        let port = try freePort()
        let arguments = [
            "-D", folder + "/data", "-p", "\(port)", "-k", folder, "-c", "listen_addresses=127.0.0.1",
            "-c", "fsync=off", "-c", "synchronous_commit=off", "-c", "full_page_writes=off", "-c", "max_connections=300",
        ]
        let process = try ChildProcess(
            user.first ?? bin + "/postgres", Array(user.dropFirst()) + (asRoot ? [bin + "/postgres"] : []) + arguments,
            directory: folder)
        serverPID = process.pid
        atexit {
            if serverPID > 0 { kill(serverPID, SIGKILL) }
        }
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

    /// A port the system had free a moment ago.
    public static func freePort() throws -> Int {
        let fd = socket(AF_INET, streamSocket, 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                bind(fd, pointer, length) == 0 && getsockname(fd, pointer, &length) == 0
            }
        }
        guard bound else { throw ChildProcessError(message: "cannot find a free port: \(String(cString: strerror(errno)))") }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}

#if canImport(Glibc)
private let streamSocket = Int32(SOCK_STREAM.rawValue)
#else
private let streamSocket = SOCK_STREAM
#endif

/// The server's pid, for the exit handler (a C function pointer captures nothing).
nonisolated(unsafe) private var serverPID: Int32 = 0
