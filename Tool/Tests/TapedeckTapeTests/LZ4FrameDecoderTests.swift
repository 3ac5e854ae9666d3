import CLZ4
import Foundation
import TapedeckLZ4Reference
import TestSupport
import Testing

@testable import TapedeckTape

/// The Swift frame decoder against liblz4 (`LibLZ4FrameDecoder`, the reading path it replaced):
/// the same bytes and the same end (complete, or truncation or damage at the same offset with
/// the same reason) on frames from liblz4's frame API, from the `lz4` tool, on the committed
/// tapes, and on every damaged copy of a small tape.
@Suite(.cpuBound) struct LZ4FrameDecoderTests {
    private typealias Support = LZ4TestSupport

    /// Writes `bytes` to a file and checks that both decoders agree on it; returns the outcome.
    @discardableResult
    private func agree(
        _ bytes: [UInt8], in directory: URL, _ what: @autoclosure () -> String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> Support.Outcome {
        let path = directory.appendingPathComponent("frame.lz4").path
        try Support.write(bytes, to: path)
        let swift = Support.swiftOutcome(path)
        let reference = Support.referenceOutcome(path)
        #expect(swift.end == reference.end, "\(what())", sourceLocation: sourceLocation)
        #expect(
            swift.bytes == reference.bytes, "\(what()): \(swift) against liblz4's \(reference)", sourceLocation: sourceLocation)
        return swift
    }

    @Test(arguments: [LZ4F_max64KB, LZ4F_max256KB, LZ4F_max1MB, LZ4F_max4MB])
    func framesFromLibLZ4(blockSize: LZ4F_blockSizeID_t) throws {
        let directory = try TestFiles.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let blockMax = [4: 64 << 10, 5: 256 << 10, 6: 1 << 20, 7: 4 << 20][Int(blockSize.rawValue)]!
        let textures = Support.Texture.allCases
        var seed = UInt64(blockSize.rawValue) * 1000
        var variant = 0
        for linked in [false, true] {
            for blockChecksum in [false, true] {
                for contentChecksum in [false, true] {
                    for contentSize in [false, true] {
                        let options = Support.FrameOptions(
                            blockSize: blockSize, linked: linked, blockChecksum: blockChecksum,
                            contentChecksum: contentChecksum, contentSize: contentSize,
                            level: variant % 3 == 2 ? 9 : 0)
                        // Empty, small, and in turn just under one block, just over, or several blocks
                        // (all three for every setting would take minutes in a debug build).
                        let large = [blockMax - 1, blockMax + 1, 2 * blockMax + 12_345][variant % 3]
                        for count in [0, 1, 777, large] {
                            seed += 1
                            variant += 1
                            let texture = textures[variant % textures.count]
                            let data = Support.data(count, texture, seed: seed)
                            let frame = Support.frame(data, options, pieces: variant % 4 == 0 ? 5 : 1)
                            let outcome = try agree(frame, in: directory, "\(count) bytes of \(texture), \(options)")
                            #expect(
                                outcome.end == "complete" && outcome.bytes == data, "\(count) bytes of \(texture), \(options)")
                        }
                    }
                }
            }
        }
    }

    @Test func linkedBlocksReachBackIntoEarlierBlocks() throws {
        let directory = try TestFiles.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        // Text with repeats up to 70,000 bytes back, over many 64 KiB blocks, fed in pieces of
        // every size so blocks end everywhere; HC finds the far matches.
        let data = Support.data(1_000_000, .text, seed: 3)
        for pieces in [1, 7, 40, 333] {
            for level: Int32 in [0, 9] {
                let options = Support.FrameOptions(linked: true, blockChecksum: pieces % 2 == 0, level: level)
                let frame = Support.frame(data, options, pieces: pieces)
                let outcome = try agree(frame, in: directory, "\(pieces) pieces, level \(level)")
                #expect(outcome.end == "complete" && outcome.bytes == data)
                // Marked independent (header checksum recomputed), the same blocks fail: their
                // matches do reach into earlier blocks.
                var independent = frame
                independent[4] |= 0x20
                independent[6] = independent[4..<6].withUnsafeBytes {
                    UInt8(truncatingIfNeeded: XXHash32.hash(UnsafeRawBufferPointer($0)) >> 8)
                }
                let refused = try agree(independent, in: directory, "\(pieces) pieces, level \(level), marked independent")
                #expect(refused.end.contains("ERROR_decompressionFailed"), "\(refused.end)")
            }
        }
    }

    @Test func storedBlocks() throws {
        let directory = try TestFiles.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        // Random bytes do not compress: liblz4 stores those blocks, high bit of the size set.
        for (count, linked) in [(1000, false), (200_000, false), (200_000, true)] {
            var data = Support.data(count, .random, seed: UInt64(count))
            data += Support.data(100_000, .json, seed: 5) + Support.data(70_000, .random, seed: 6)
            let frame = Support.frame(data, Support.FrameOptions(linked: linked), pieces: 3)
            #expect(Support.storedBlockCount(frame) >= 1)
            let outcome = try agree(frame, in: directory, "\(count) random bytes, linked \(linked)")
            #expect(outcome.end == "complete" && outcome.bytes == data)
        }
        // A frame written by hand: three stored blocks, checksums, content size.
        let blocks = [Array("hello, ".utf8), Array("stored ".utf8), Array("world".utf8)]
        let content = blocks.flatMap { $0 }
        var frame: [UInt8] = [0x04, 0x22, 0x4D, 0x18, 0x7C, 0x40]
        withUnsafeBytes(of: UInt64(content.count).littleEndian) { frame += $0 }
        frame.append(frame[4...].withUnsafeBytes { UInt8(truncatingIfNeeded: XXHash32.hash(UnsafeRawBufferPointer($0)) >> 8) })
        for block in blocks {
            withUnsafeBytes(of: (UInt32(block.count) | 0x8000_0000).littleEndian) { frame += $0 }
            frame += block
            withUnsafeBytes(of: block.withUnsafeBytes { XXHash32.hash($0) }.littleEndian) { frame += $0 }
        }
        frame += [0, 0, 0, 0]
        withUnsafeBytes(of: content.withUnsafeBytes { XXHash32.hash($0) }.littleEndian) { frame += $0 }
        let outcome = try agree(frame, in: directory, "hand-made stored blocks")
        #expect(outcome.end == "complete" && outcome.bytes == content)
    }

    @Test func severalFramesAndSkippableFrames() throws {
        let directory = try TestFiles.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let parts = [
            Support.data(100_000, .json, seed: 1), Support.data(5, .text, seed: 2), [], Support.data(70_000, .runs, seed: 3),
        ]
        var file: [UInt8] = Support.skippableFrame(10, magicLowBits: 0)
        for (index, part) in parts.enumerated() {
            file += Support.frame(part, Support.FrameOptions(linked: index % 2 == 1, contentSize: index == 1))
            file += Support.skippableFrame(index * 100, magicLowBits: UInt8(index * 5))
        }
        let outcome = try agree(file, in: directory, "frames and skippable frames")
        #expect(outcome.end == "complete" && outcome.bytes == parts.flatMap { $0 })
        // Cut anywhere, both stop the same way.
        for cut in Set(Support.unitOffsets(file).flatMap { [$0, $0 + 1, $0 + 5] } + [file.count - 1]) where cut < file.count {
            try agree(Array(file.prefix(cut)), in: directory, "cut at \(cut)")
        }
    }

    @Test func framesFromTheLZ4Tool() async throws {
        let directory = try TestFiles.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let raw = directory.appendingPathComponent("data").path
        let data =
            Support.data(700_000, .text, seed: 11) + Support.data(300_000, .random, seed: 12)
            + Support.data(5_000_000, .json, seed: 13)
        try Support.write(data, to: raw)
        let settings: [[String]] = [
            [], ["-B4"], ["-B5"], ["-B6"], ["-B7"], ["-BD"], ["-B4", "-BD"], ["-B7", "-BD"], ["-BX"], ["-B4", "-BX", "-BD"],
            ["--no-frame-crc"], ["--no-frame-crc", "-BD", "-B4"], ["--content-size"], ["--content-size", "-BD", "-BX"],
            ["-1"], ["-9", "-BD"], ["-12", "-B4", "-BD"], ["--fast=5"],
        ]
        var previous: [UInt8] = []
        for arguments in settings {
            let path = directory.appendingPathComponent("data.lz4").path
            let run = try await TestFiles.run("/usr/bin/lz4", ["-q", "-f"] + arguments + [raw, path])
            #expect(run.status == 0, "lz4 \(arguments): \(run.standardError)")
            let frame = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
            let outcome = try agree(frame, in: directory, "lz4 \(arguments)")
            #expect(outcome.end == "complete" && outcome.bytes == data, "lz4 \(arguments)")
            // Two of the tool's frames in a row.
            if !previous.isEmpty {
                let both = try agree(previous + frame, in: directory, "two frames, the second lz4 \(arguments)")
                #expect(both.end == "complete" && both.bytes == data + data)
            }
            previous = frame
        }
    }

    @Test func theCommittedTapes() async throws {
        let root = URL(fileURLWithPath: ChildProcess.repositoryRoot)
        var tapes = [TestFiles.fixtureTape, root.appendingPathComponent("docs/examples/bug-report.tape").path]
        let recordings = root.appendingPathComponent("Recordings")
        for name in try FileManager.default.contentsOfDirectory(atPath: recordings.path).sorted() where name.hasSuffix(".tape") {
            tapes.append(recordings.appendingPathComponent(name).path)
        }
        #expect(tapes.count >= 5)
        for tape in tapes {
            let swift = Support.swiftOutcome(tape)
            let reference = Support.referenceOutcome(tape)
            let tool = try await TestFiles.run("/usr/bin/lz4", ["-dc", tape])
            #expect(swift.end == "complete" && reference.end == "complete", "\(tape)")
            #expect(swift.bytes == reference.bytes && swift.bytes == [UInt8](tool.outputData), "\(tape)")
        }
    }

    /// Every byte of a small tape, changed three ways: the Swift decoder stops exactly as liblz4
    /// did (same offset, same reason), and the reader reports it as before: damage at the start of
    /// the unit holding that byte (a truncation there if the size field now runs past the end of
    /// the file, "not a tape" in the frame magic), with only whole records before it.
    @Test func damageAtEveryByteOfASmallTape() throws {
        let directory = try TestFiles.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        // A tape of several flushed blocks (the writer's own), then a copy of it as two frames.
        let original = directory.appendingPathComponent("small.tape").path
        let writer = try TapeWriter(path: original, metadata: TestFiles.metadata)
        for (index, record) in TapeReaderTests.sample.enumerated() {
            try writer.append(record)
            if index % 2 == 1 { try writer.flush() }
        }
        try writer.close()
        let tape = [UInt8](try Data(contentsOf: URL(fileURLWithPath: original)))
        let (expected, error, _) = try TestFiles.readAll(original)
        #expect(error == nil && expected == TapeReaderTests.sample)
        let units = Support.unitOffsets(tape)
        #expect(units.count >= 6)

        let path = directory.appendingPathComponent("damaged.tape").path
        var reasons: [String: Int] = [:]
        for position in 0..<tape.count {
            for mask: UInt8 in [0x01, 0x80, 0xFF] {
                var damaged = tape
                damaged[position] ^= mask
                try Support.write(damaged, to: path)
                let swift = Support.swiftOutcome(path)
                let reference = Support.referenceOutcome(path)
                #expect(swift == reference, "byte \(position) ^ \(mask): \(swift.end) against liblz4's \(reference.end)")

                let unit = units.last { $0 <= position }!
                // Only the stored-block bit of a size field changed: the block checksum still
                // holds, the block's bytes become its content, and what notices depends on them.
                let storedBit =
                    units.contains(position - 3) && mask & 0x80 != 0 && (tape[position] ^ mask) & 0x7F == tape[position] & 0x7F
                func expectOffset(_ offset: UInt64, _ failure: TapeError) {
                    if storedBit {
                        #expect(offset >= UInt64(unit), "byte \(position) ^ \(mask): \(failure)")
                    } else {
                        #expect(offset == UInt64(unit), "byte \(position) ^ \(mask): \(failure)")
                    }
                }
                let opened = Result { () throws(TapeError) -> TapeReader in try TapeReader(path: path) }
                guard case .success(let reader) = opened else {
                    guard case .failure(let failure) = opened else { continue }
                    switch failure {
                    case .notATape: #expect(position < 4 || storedBit, "byte \(position) ^ \(mask): \(failure)")
                    case .damaged(_, 0, let offset, let reason):
                        expectOffset(offset, failure)
                        reasons[reason, default: 0] += 1
                    case .truncated(_, 0, let offset): expectOffset(offset, failure)
                    case .damagedHeader: #expect(storedBit, "byte \(position) ^ \(mask): \(failure)")
                    default: Issue.record("byte \(position) ^ \(mask): \(failure)")
                    }
                    continue
                }
                var records: [TapeRecord] = []
                let ending: TapeError?
                do {
                    while let record = try reader.next() { records.append(record) }
                    ending = nil
                } catch {
                    ending = error
                }
                #expect(Array(expected.prefix(records.count)) == records, "byte \(position) ^ \(mask)")
                switch ending {
                case .damaged(_, let after, let offset, let reason)?:
                    #expect(after == records.count, "byte \(position) ^ \(mask): \(ending!)")
                    expectOffset(offset, ending!)
                    #expect(reader.end == .damaged(afterRecords: after, atByte: offset, reason: reason))
                    reasons[reason, default: 0] += 1
                case .truncated(_, let after, let offset)?:
                    #expect(after == records.count, "byte \(position) ^ \(mask): \(ending!)")
                    expectOffset(offset, ending!)
                default:
                    Issue.record("byte \(position) ^ \(mask): expected damage, got \(String(describing: ending))")
                }
            }
        }
        // Each kind of check was met.
        for kind in [
            "ERROR_headerChecksum_invalid", "ERROR_blockChecksum_invalid", "ERROR_contentChecksum_invalid",
            "exceeds the frame's maximum",
        ] {
            #expect(reasons.keys.contains { $0.contains(kind) }, "no damage reported as \(kind): \(reasons)")
        }
    }

    /// Without block checksums, damage reaches the block decoder itself: whatever it gives, it
    /// stops with damage or truncation (never a crash, never a wrong "complete"), and where liblz4
    /// also found the block corrupt, at the same offset.
    @Test func damagedBlocksWithoutBlockChecksums() throws {
        let directory = try TestFiles.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let data = Support.data(3000, .json, seed: 4) + Support.data(2000, .text, seed: 5)
        let path = directory.appendingPathComponent("damaged.lz4").path
        for linked in [false, true] {
            let frame = Support.frame(data, Support.FrameOptions(linked: linked, blockChecksum: false), pieces: 3)
            var same = 0
            var total = 0
            for position in 7..<frame.count - 8 {
                for mask: UInt8 in [0x01, 0x10, 0xFF] {
                    var damaged = frame
                    damaged[position] ^= mask
                    try Support.write(damaged, to: path)
                    let swift = Support.swiftOutcome(path)
                    let reference = Support.referenceOutcome(path)
                    total += 1
                    if swift == reference { same += 1 }
                    #expect(swift.end != "complete" || swift.bytes == data, "byte \(position) ^ \(mask): \(swift.end)")
                    #expect(
                        swift.end.hasPrefix("damaged") || swift.end.hasPrefix("truncated") || swift.end == "complete",
                        "byte \(position) ^ \(mask): \(swift.end)")
                    if reference.end.contains("ERROR_decompressionFailed"), swift.end.contains("ERROR_decompressionFailed") {
                        #expect(swift.end == reference.end)
                    }
                }
            }
            #expect(same * 10 >= total * 9, "only \(same) of \(total) damaged copies ended as with liblz4")
        }
    }

    /// Blocks of garbage behind valid frame headers (no block checksum to catch them first).
    @Test func hostileBlocksAreDamageNotACrash() throws {
        let directory = try TestFiles.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        var generator = Support.Generator(state: 99)
        let header = Array(
            Support.frame([], Support.FrameOptions(linked: true, blockChecksum: false, contentChecksum: false)).prefix(7))
        for round in 0..<300 {
            var file = header
            for _ in 0..<(1 + generator.next(below: 3)) {
                let size = 1 + generator.next(below: 300)
                var block = (0..<size).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
                if round % 2 == 0 { for index in stride(from: 0, to: size, by: 5) { block[index] &= 0x3F } }
                withUnsafeBytes(of: UInt32(size).littleEndian) { file += $0 }
                file += block
            }
            file += [0, 0, 0, 0]
            let path = directory.appendingPathComponent("hostile.lz4").path
            try Support.write(file, to: path)
            let swift = Support.swiftOutcome(path)
            #expect(
                swift.end == "complete" || swift.end.hasPrefix("damaged at 7") || swift.end.contains("ERROR_decompressionFailed"),
                "\(swift.end)")
        }
    }

    @Test func theBenchmarksLibLZ4LoopAgreesWithTheSwiftDecompressor() throws {
        let directory = try TestFiles.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        for (index, options) in [Support.FrameOptions(), Support.FrameOptions(blockSize: LZ4F_max4MB, linked: true)].enumerated()
        {
            let path = directory.appendingPathComponent("t\(index).lz4").path
            let data = Support.data(900_000, .json, seed: UInt64(index))
            try Support.write(Support.frame(data, options, pieces: 9) + Support.frame(data, options), to: path)
            #expect(try TapeDecompressor(path: path).decompressAll() == UInt64(2 * data.count))
            #expect(try LibLZ4Decompressor(path: path).decompressAll() == UInt64(2 * data.count))
        }
        let empty = directory.appendingPathComponent("empty.lz4").path
        try Support.write([], to: empty)
        #expect(throws: TapeError.self) { try TapeDecompressor(path: empty).decompressAll() }
    }
}
