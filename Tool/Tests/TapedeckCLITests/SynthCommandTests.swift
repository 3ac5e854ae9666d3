import Foundation
import TapedeckBenchmarks
import TapedeckProtocol
import TapedeckTape
import TestSupport
import Testing

@testable import TapedeckCLI

@Suite(.cpuBound) struct SynthCommandTests {
    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("tapedeck-synth-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test func sameSeedWritesIdenticalBytesAndOtherSeedDoesNot() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let first = directory.appendingPathComponent("a.tape").path
        let second = directory.appendingPathComponent("b.tape").path
        let other = directory.appendingPathComponent("c.tape").path
        for path in [first, second] {
            try SynthCommand.parse(["--messages", "3000", "--seed", "7", "-o", path]).run()
        }
        try SynthCommand.parse(["--messages", "3000", "--seed", "8", "-o", other]).run()
        let a = try Data(contentsOf: URL(fileURLWithPath: first))
        let b = try Data(contentsOf: URL(fileURLWithPath: second))
        let c = try Data(contentsOf: URL(fileURLWithPath: other))
        #expect(a.count > 10_000)
        #expect(a == b)
        #expect(a != c)
    }

    @Test func tapeHoldsBothDirectionsWithAFixedHeader() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("s.tape").path
        let summary = try SyntheticTape.write(messages: 5000, seed: 3, to: path)
        let reader = try TapeReader(path: path)
        #expect(reader.header.metadata.created == "2025-01-01T00:00:00Z")
        #expect(reader.header.metadata.labels["seed"] == "3")
        var server = 0
        var client = 0
        var answers = 0
        var claims = 0
        var lastTime: UInt64 = 0
        while let record = try reader.next() {
            #expect(record.time >= lastTime)
            lastTime = record.time
            guard record.kind == .text else { continue }
            if record.direction == .s2c {
                server += 1
                _ = try ServerMessage.decode(record.payload)
            } else {
                client += 1
                switch try ClientMessage.decode(record.payload) {
                case .answerQuestion: answers += 1
                case .claimEvent: claims += 1
                default: break
                }
            }
        }
        #expect(server + client == 5000)
        #expect(server == summary.serverMessages && client == summary.clientMessages)
        #expect(answers > 100)
        #expect(claims > 100)
        #expect(reader.end == .complete)
    }

    /// A synthetic session is a valid one: `replay` goes to the end with every invariant holding,
    /// including that each claim result answers a claim the client sent.
    @Test func synthesizedSessionReplaysWithEveryInvariantHolding() async throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("s.tape").path
        _ = try SyntheticTape.write(messages: 20_000, seed: 11, to: path)
        let run = try await TapedeckBinary.run(["replay", path])
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.contains("replayed 20003 records of 1 tape to the end"), "\(run.stdout)")
        #expect(run.stdout.contains("s2c claimResult"), "\(run.stdout)")
    }
}
