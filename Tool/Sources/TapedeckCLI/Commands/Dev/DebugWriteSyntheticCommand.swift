import ArgumentParser
import TapedeckCore
import TapedeckProtocol
import TapedeckTape

/// Writes a big deterministic tape of plausible traffic, for measuring memory and speed.
struct DebugWriteSyntheticCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "write-synthetic",
        abstract: "Write a deterministic synthetic tape of at least the given uncompressed size."
    )

    @Option(help: "The tape file to write.")
    var out: String

    @Option(help: "Uncompressed size to reach, with an optional K, M or G suffix (powers of 1024).")
    var bytes: String = "64M"

    @Option(help: "Seed of the generator.")
    var seed: UInt64 = 1

    static func parseSize(_ text: String) -> UInt64? {
        guard let last = text.last else { return nil }
        let multipliers: [Character: UInt64] = ["K": 1 << 10, "M": 1 << 20, "G": 1 << 30]
        if let multiplier = multipliers[Character(last.uppercased())] {
            return UInt64(text.dropLast()).map { $0 * multiplier }
        }
        return UInt64(text)
    }

    func validate() throws {
        guard Self.parseSize(bytes) != nil else { throw ValidationError("--bytes must look like 1048576, 512K, 64M or 1G") }
    }

    func run() throws {
        let target = Self.parseSize(bytes) ?? 0
        var random = SeededGenerator(seed: seed)
        let metadata = TapeMetadata(
            created: "1970-01-01T00:00:00Z", tool: "tapedeck \(TapedeckVersion.current)",
            labels: ["generator": "debug write-synthetic", "seed": "\(seed)"])
        do {
            let writer = try TapeWriter(path: out, metadata: metadata)
            var written: UInt64 = 0
            var index: UInt64 = 0
            while written < target {
                let time = index * 1_000_000
                let record: TapeRecord
                if index % 50 == 49 {
                    let id = random.next() % 100_000
                    let text =
                        "{\"type\":\"claimEvent\",\"message\":{\"eventId\":\"ev-\(id)\",\"timestamp\":\"2025-03-01T09:30:00Z\"}}"
                    record = TapeRecord(time: time, direction: .c2s, kind: .text, payload: Array(text.utf8))
                } else {
                    let random = random.next()
                    let text =
                        "{\"type\":\"u\",\"message\":{\"energy\":\(random % 101),\"money\":\((random >> 8) % 100_000),"
                        + "\"hourOfDay\":\(index / 60 % 24),\"minuteOfHour\":\(index % 60)}}"
                    record = TapeRecord(time: time, direction: .s2c, kind: .text, payload: Array(text.utf8))
                }
                try writer.append(record)
                written += TapeRecordCodec.encodedLength(record) + 4
                index += 1
            }
            try writer.close()
            print(
                "wrote \(writer.recordCount) records, \(writer.uncompressedBytes) bytes uncompressed, \(writer.compressedBytes) compressed"
            )
        } catch {
            throw CommandFailure.exit(error.description, code: TapeExitCode.unreadableInput)
        }
    }
}
