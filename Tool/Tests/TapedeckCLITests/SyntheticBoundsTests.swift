import Foundation
import TestSupport
import Testing

/// Issue 51, finding 8: `bench --synthetic` and `dev synth --messages` took any count (2^63-1
/// filled the disk at 45 MB/s), and an interrupted bench left its temporary folder behind.
@Suite(.ownThread) struct SyntheticBoundsTests {
    @Test(arguments: [
        (["bench", "--synthetic", "9223372036854775807"], "--synthetic must be from 1 to 20000000 messages"),
        (["bench", "--synthetic", "0"], "--synthetic must be from 1 to 20000000 messages (got 0)"),
        (["bench", "--synthetic", "100", "--synthetic-tapes", "100000"], "--synthetic-tapes must be from 1 to 256"),
        (["dev", "synth", "--messages", "9223372036854775807", "-o", "/dev/null"], "--messages must be from 1 to 20000000"),
        (["dev", "synth", "--messages", "0", "-o", "/dev/null"], "--messages must be from 1 to 20000000 (got 0)"),
    ])
    func countsOutOfRangeAreRefused(arguments: [String], message: String) async throws {
        let run = try await TapedeckBinary.run(arguments)
        #expect(run.status == 2, "\(arguments): \(run.status) \(run.stderr)")
        #expect(run.stderr.contains(message), "\(run.stderr)")
    }

    @Test(arguments: [SIGTERM, SIGINT])
    func anInterruptedBenchRemovesItsTemporaryFolder(signal: Int32) async throws {
        let bench = try ChildProcess(
            try TapedeckBinary.executable(), ["bench", "--synthetic", "20000000", "--synthetic-tapes", "1"])
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tapedeck-bench-\(bench.pid)").path
        // Writing its tape: the folder holds a growing file.
        #expect(
            await eventually(60) {
                let size = (try? FileManager.default.attributesOfItem(atPath: folder + "/synthetic-0.tape"))?[.size] as? Int
                return (size ?? 0) > 100_000
            })
        bench.signal(signal)
        let finished = await bench.wait()
        #expect(finished.signalled && finished.status == signal, "\(finished.status) \(finished.signalled)")
        #expect(!FileManager.default.fileExists(atPath: folder), "\(folder) left behind")
    }
}
