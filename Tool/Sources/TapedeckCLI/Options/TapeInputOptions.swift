import ArgumentParser
import TapedeckTape

/// The tape argument shared by the commands that read one.
struct TapeInputOptions: ParsableArguments {
    @Argument(help: "The tape file to read.")
    var tape: String

    /// Opens the tape, or prints why it cannot be read and exits with code 2.
    func openReader() throws -> TapeReader {
        do {
            return try TapeReader(path: tape)
        } catch {
            throw CommandFailure.exit(error.description, code: TapeExitCode.unreadableInput)
        }
    }
}
