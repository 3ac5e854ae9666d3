import ArgumentParser
import TapedeckBenchmarks
import TapedeckSynthetic
import TapedeckTape

/// `tapedeck dev synth --messages N --seed S -o T.tape`: a deterministic synthetic session tape.
struct SynthCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "synth",
        abstract: "Write a deterministic synthetic session tape (for benchmarks and soak tests).",
        discussion: """
            The messages come from SyntheticSession: the server's mix of SyntheticMessages (mostly \
            small `u` updates, batch updates, life events and questions, some large playerObjects) \
            with the client's answers, claims and speed/focus changes in between. The same seed and \
            count always give a byte-identical tape: the header's creation time is fixed \
            (\(SyntheticTape.created)) and tape time advances by seeded gaps. \
            Exit codes: 0 written; 2 the tape cannot be written.
            """
    )

    @Option(help: "How many messages (server and client together) to write, 1-\(BenchRunOptions.maximumMessages).")
    var messages: Int = 100_000

    @Option(help: "Seed of the generator.")
    var seed: UInt64 = 1

    @Option(name: .shortAndLong, help: "The tape file to write (replaced if it exists).")
    var output: String

    func validate() throws {
        // As `dev bench --messages`: 2^63-1 wrote 683 MB in 20 s (issue 51).
        guard (1...BenchRunOptions.maximumMessages).contains(messages) else {
            throw ValidationError("--messages must be from 1 to \(BenchRunOptions.maximumMessages) (got \(messages)).")
        }
    }

    func run() throws {
        do {
            let summary = try SyntheticTape.write(messages: messages, seed: seed, to: output)
            print(
                "\(output): \(summary.messages) messages (\(summary.serverMessages) server, \(summary.clientMessages) client), "
                    + "\(summary.payloadBytes) payload bytes, \(summary.uncompressedBytes) bytes uncompressed, "
                    + "\(summary.compressedBytes) compressed")
        } catch {
            throw CommandFailure.exit(error.description, code: TapeExitCode.unreadableInput)
        }
    }
}
