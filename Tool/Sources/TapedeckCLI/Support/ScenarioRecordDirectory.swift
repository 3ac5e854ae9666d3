import ArgumentParser

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The `--record-to` directory: created when missing.
enum ScenarioRecordDirectory {
    static func create(_ path: String) throws {
        if mkdir(path, 0o755) != 0, errno != EEXIST {
            let reason = String(cString: strerror(errno))
            throw CommandFailure.exit(
                "cannot create the --record-to directory \(path): \(reason)", code: ScenarioExitCode.badInput)
        }
    }
}
