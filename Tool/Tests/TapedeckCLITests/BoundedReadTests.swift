import Foundation
import Testing

/// Issue 23, finding 9: inputs must be regular files and small ones are read up to a documented
/// limit. `include "/dev/zero"` and `import /dev/zero` grew memory without bound, and `check` hung
/// on a FIFO named like a tape. Each run goes through `timeout` so a regression fails, not hangs.
@Suite struct BoundedReadTests {
    static let recordings = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Recordings")

    static func run(_ arguments: [String], in directory: URL? = nil) async throws -> TapedeckBinary.Result {
        try await TapedeckBinary.runProcess(
            "/usr/bin/timeout", ["60", try TapedeckBinary.executable()] + arguments, in: directory)
    }

    /// Recordings/connect.tape with its checkpoint file and goldens, copied into `directory`.
    static func copyConnectTape(to directory: URL) throws {
        for name in ["connect.tape", "connect.checkpoints", "connect.golden"] {
            try FileManager.default.copyItem(
                at: recordings.appendingPathComponent(name), to: directory.appendingPathComponent(name))
        }
    }

    @Test func importOfADeviceIsRefusedAtOnce() async throws {
        let directory = try TapedeckBinary.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let tape = directory.appendingPathComponent("zero.tape").path
        let result = try await Self.run(["import", "/dev/zero", "-o", tape])
        #expect(result.status == 2, "\(result.stderr)")
        #expect(
            result.stderr.contains("/dev/zero: cannot open (it is a device; Tapedeck reads only regular files)"),
            "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: tape))
    }

    @Test func anIncludeOfADeviceOrAnOversizedFileIsAnErrorWithItsPath() async throws {
        let directory = try TapedeckBinary.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let device = directory.appendingPathComponent("device.scenario")
        try Data("include \"/dev/zero\"\n".utf8).write(to: device)
        let deviceResult = try await Self.run(["scenario", "check", device.path])
        #expect(deviceResult.status == 2, "\(deviceResult.stderr)")
        #expect(
            deviceResult.stdout.contains(
                "device.scenario:1:9: error: cannot read the included file /dev/zero: it is a device; Tapedeck reads only regular files"
            ),
            "\(deviceResult.stdout)")

        let big = directory.appendingPathComponent("big.scenario")
        try Data((String(repeating: "# padding\n", count: (16 << 20) / 10 + 1)).utf8).write(to: big)
        let including = directory.appendingPathComponent("including.scenario")
        try Data("include \"big.scenario\"\n".utf8).write(to: including)
        let bigResult = try await Self.run(["scenario", "check", including.path])
        #expect(bigResult.status == 2, "\(bigResult.stderr)")
        #expect(bigResult.stdout.contains("including.scenario:1:9: error: cannot read the included file"), "\(bigResult.stdout)")
        #expect(
            bigResult.stdout.contains("big.scenario: it is 16777220 bytes, over the limit of 16 MiB for such a file"),
            "\(bigResult.stdout)")
    }

    /// Unreadable input exits 2 (docs/REPLAY.md), the other tapes are still checked.
    @Test func checkReportsAFIFONamedLikeATapeInsteadOfHanging() async throws {
        let directory = try TapedeckBinary.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try Self.copyConnectTape(to: directory)
        #expect(mkfifo(directory.appendingPathComponent("pipe.tape").path, 0o644) == 0)
        let result = try await Self.run(["check", directory.path])
        #expect(result.status == 2, "\(result.stdout)\n\(result.stderr)")
        #expect(result.stdout.contains("PASS \(directory.path)/connect.tape (2 checkpoints)"), "\(result.stdout)")
        #expect(result.stdout.contains("UNREADABLE \(directory.path)/pipe.tape"), "\(result.stdout)")
        #expect(
            result.stdout.contains("pipe.tape: cannot open (it is a named pipe; Tapedeck reads only regular files)"),
            "\(result.stdout)")
    }

    @Test func aGoldenOrCheckpointFileThatIsAFIFOIsReportedNotWaitedFor() async throws {
        let directory = try TapedeckBinary.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try Self.copyConnectTape(to: directory)
        let goldens = directory.appendingPathComponent("connect.golden")
        try FileManager.default.removeItem(at: goldens.appendingPathComponent("closed.json"))
        #expect(mkfifo(goldens.appendingPathComponent("closed.json").path, 0o644) == 0)
        let golden = try await Self.run(["check", directory.path])
        // An unreadable golden fails its case (exit 1), as a golden that is not JSON does.
        #expect(golden.status == 1, "\(golden.stdout)\n\(golden.stderr)")
        #expect(
            golden.stdout.contains("connect.golden/closed.json: it is a named pipe; Tapedeck reads only regular files"),
            "\(golden.stdout)")

        try FileManager.default.removeItem(at: directory.appendingPathComponent("connect.checkpoints"))
        #expect(mkfifo(directory.appendingPathComponent("connect.checkpoints").path, 0o644) == 0)
        let checkpoints = try await Self.run(["check", directory.path])
        #expect(checkpoints.status == 2, "\(checkpoints.stdout)\n\(checkpoints.stderr)")
        #expect(
            checkpoints.stdout.contains(
                "connect.checkpoints: cannot read the checkpoint file: it is a named pipe; Tapedeck reads only regular files"),
            "\(checkpoints.stdout)")
    }
}
