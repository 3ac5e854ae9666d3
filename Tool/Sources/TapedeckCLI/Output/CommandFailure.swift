import ArgumentParser

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Exit codes of the tape commands (also listed in each command's discussion).
enum TapeExitCode {
    /// The tape was read, but it is truncated or damaged; everything readable was output.
    static let incompleteTape: Int32 = 1
    /// The input could not be read at all: missing, not a tape, newer format, bad JSON Lines.
    static let unreadableInput: Int32 = 2
}

/// Prints errors on stderr the same way in every command.
enum CommandFailure {
    static func printError(_ message: String) {
        let line = "tapedeck: error: \(message)\n"
        _ = line.utf8CString.withUnsafeBufferPointer { buffer in
            write(2, buffer.baseAddress, buffer.count - 1)
        }
    }

    /// A progress line on stderr (no prefix).
    static func printProgress(_ message: String) {
        let line = message + "\n"
        _ = line.utf8CString.withUnsafeBufferPointer { buffer in
            write(2, buffer.baseAddress, buffer.count - 1)
        }
    }

    /// Prints the message and returns the exit code to throw.
    static func exit(_ message: String, code: Int32) -> ExitCode {
        printError(message)
        return ExitCode(code)
    }
}
