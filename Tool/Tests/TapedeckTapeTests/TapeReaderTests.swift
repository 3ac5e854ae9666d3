import Foundation
import TestSupport
import Testing

@testable import TapedeckTape

@Suite(.cpuBound) struct TapeReaderTests {
    static let sample: [TapeRecord] = [
        TapeRecord(time: 0, direction: .c2s, kind: .open),
        TapeRecord(time: 10, direction: .c2s, kind: .text, payload: Array("{\"type\":\"createCharacter\"}".utf8)),
        TapeRecord(time: 20, connection: 1, direction: .s2c, kind: .binary, fragmentCount: 3, payload: [0, 0xFF, 0xC3]),
        TapeRecord(time: 30, direction: .note, kind: .marker, payload: Array("checkpoint".utf8)),
        TapeRecord(time: 40, direction: .s2c, kind: .close, closeCode: 1001, payload: Array("going away".utf8)),
    ]

    /// Offsets of the LZ4 blocks of a single-frame file (our writer: 7-byte frame header).
    private func blockOffsets(_ bytes: [UInt8]) -> [Int] {
        var offsets: [Int] = []
        var offset = 7
        while offset + 4 <= bytes.count {
            var size = 0
            for position in (0..<4).reversed() {
                let byte: UInt8 = position == 3 ? bytes[offset + 3] & 0x7F : bytes[offset + position]
                size = size << 8 | Int(byte)
            }
            if size == 0 { break }
            offsets.append(offset)
            offset += 4 + size + 4
        }
        return offsets
    }

    @Test func readsBackWhatWasWritten() throws {
        let directory = try TestFiles.directory()
        let path = try TestFiles.writeTape(Self.sample, in: directory)
        let (records, error, reader) = try TestFiles.readAll(path)
        #expect(error == nil)
        #expect(records == Self.sample)
        #expect(reader.header.metadata == TestFiles.metadata)
        #expect(reader.header.versionString == "1.2")
        #expect(reader.end == .complete)
        #expect(try reader.next() == nil)
        let fileSize = try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int
        #expect(reader.compressedBytes == UInt64(fileSize ?? -1))
    }

    @Test func everyCutOfTheFixtureGivesACleanPrefixAndATruncationReport() throws {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: TestFiles.fixtureTape)))
        let (all, fullError, _) = try TestFiles.readAll(TestFiles.fixtureTape)
        #expect(fullError == nil)
        #expect(all.count == 15)
        let directory = try TestFiles.directory()
        let cutPath = directory.appendingPathComponent("cut.tape").path
        var previousCount = 0
        for length in 0..<bytes.count {
            try Data(bytes[0..<length]).write(to: URL(fileURLWithPath: cutPath))
            let outcome = Self.read(cutPath)
            switch outcome.error {
            case .notATape(_, let reason)?:
                #expect(length == 0, "cut at \(length) is not a tape: \(reason)")
            case .truncated(_, let afterRecords, let atByte)?:
                #expect(afterRecords == outcome.records.count)
                #expect(atByte <= UInt64(length))
                if let end = outcome.end { #expect(end == .truncated(afterRecords: afterRecords, atByte: atByte)) }
            case let other:
                Issue.record("cut at \(length) of \(bytes.count): expected truncation, got \(String(describing: other))")
            }
            #expect(Array(all.prefix(outcome.records.count)) == outcome.records, "cut at \(length) is not a prefix")
            #expect(outcome.records.count >= previousCount)
            previousCount = outcome.records.count
        }
    }

    /// Opens and reads a tape, collecting what it yields and the error that stopped it.
    private static func read(_ path: String) -> (records: [TapeRecord], error: TapeError?, end: TapeEnd?) {
        let opened = Result { () throws(TapeError) -> TapeReader in try TapeReader(path: path) }
        guard case .success(let reader) = opened else {
            if case .failure(let error) = opened { return ([], error, nil) }
            return ([], nil, nil)
        }
        var records: [TapeRecord] = []
        while true {
            let step = Result { () throws(TapeError) -> TapeRecord? in try reader.next() }
            switch step {
            case .success(let record?): records.append(record)
            case .success(nil): return (records, nil, reader.end)
            case .failure(let error): return (records, error, reader.end)
            }
        }
    }

    @Test func aFlippedByteInABlockIsAChecksumErrorAtThatBlock() throws {
        let directory = try TestFiles.directory()
        let path = directory.appendingPathComponent("t.tape").path
        let writer = try TapeWriter(path: path, metadata: TestFiles.metadata)
        try writer.append(Self.sample[0])
        try writer.append(Self.sample[1])
        try writer.flush()
        try writer.append(Self.sample[2])
        try writer.append(Self.sample[3])
        try writer.flush()
        try writer.append(Self.sample[4])
        try writer.close()

        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        let blocks = blockOffsets(bytes)
        #expect(blocks.count == 4) // header, records 0-1, records 2-3, record 4
        let target = blocks[2]
        bytes[target + 6] ^= 0x40
        try Data(bytes).write(to: URL(fileURLWithPath: path))

        let (records, error, reader) = try TestFiles.readAll(path)
        #expect(records == Array(Self.sample.prefix(2)))
        guard case .damaged(_, let afterRecords, let atByte, let reason) = error else {
            Issue.record("expected damage, got \(String(describing: error))")
            return
        }
        #expect(afterRecords == 2)
        #expect(atByte == UInt64(target))
        #expect(reason.contains("checksum"))
        #expect(error?.description.contains("damaged at byte \(target)") == true)
        #expect(reader.end == .damaged(afterRecords: 2, atByte: UInt64(target), reason: reason))
    }

    @Test func refusesANewerMajorVersion() async throws {
        var stream = TapeHeader(majorVersion: 2, minorVersion: 3, metadata: TestFiles.metadata).encoded()
        TapeRecordCodec.append(Self.sample[0], to: &stream)
        let directory = try TestFiles.directory()
        let path = directory.appendingPathComponent("v2.tape").path
        try await TestFiles.lz4Compress(stream, to: path)
        #expect(throws: TapeError.unsupportedVersion(path: path, major: 2, minor: 3)) { try TapeReader(path: path) }
        #expect(TapeError.unsupportedVersion(path: path, major: 2, minor: 3).description.contains("Upgrade tapedeck"))
    }

    @Test func acceptsANewerMinorVersionAndSkipsUnknownKinds() async throws {
        var stream = TapeHeader(majorVersion: 1, minorVersion: 9, metadata: TestFiles.metadata).encoded()
        TapeRecordCodec.append(Self.sample[0], to: &stream)
        // A record of kind 42 with a 5-byte payload: skipped as a whole thanks to its length prefix.
        let lengthField: [UInt8] = [21, 0, 0, 0]
        let timeAndConnection = [UInt8](repeating: 0, count: 12)
        let directionKindExtensions: [UInt8] = [0, 42, 0, 0]
        let payload: [UInt8] = [1, 2, 3, 4, 5]
        stream += lengthField
        stream += timeAndConnection
        stream += directionKindExtensions
        stream += payload
        TapeRecordCodec.append(Self.sample[1], to: &stream)
        let directory = try TestFiles.directory()
        let path = directory.appendingPathComponent("v1_9.tape").path
        try await TestFiles.lz4Compress(stream, to: path)
        let (records, error, reader) = try TestFiles.readAll(path)
        #expect(error == nil)
        #expect(records == [Self.sample[0], Self.sample[1]])
        #expect(reader.skippedRecordCount == 1)
        #expect(reader.header.minorVersion == 9)
    }

    @Test func refusesAnImpossibleRecordLength() async throws {
        var stream = TapeHeader(metadata: TestFiles.metadata).encoded()
        TapeRecordCodec.append(Self.sample[0], to: &stream)
        let hugeLength: [UInt8] = [0x01, 0x00, 0x00, 0x50] // 1.25 GiB
        stream += hugeLength
        let directory = try TestFiles.directory()
        let path = directory.appendingPathComponent("big.tape").path
        try await TestFiles.lz4Compress(stream, to: path)
        let (records, error, _) = try TestFiles.readAll(path)
        #expect(records == [Self.sample[0]])
        guard case .damaged(_, 1, _, let reason) = error else {
            Issue.record("got \(String(describing: error))")
            return
        }
        #expect(reason.contains("impossible length"))
    }

    @Test func saysWhatIsNotATape() async throws {
        let directory = try TestFiles.directory()
        let text = directory.appendingPathComponent("text.tape").path
        try Data("hello, world".utf8).write(to: URL(fileURLWithPath: text))
        #expect(throws: TapeError.notATape(path: text, reason: "it does not start with an LZ4 frame")) {
            try TapeReader(path: text)
        }

        let lz4 = directory.appendingPathComponent("plain.lz4").path
        try await TestFiles.lz4Compress(Array("just some text that is not a tape".utf8), to: lz4)
        #expect(throws: TapeError.notATape(path: lz4, reason: "it is LZ4 data, but does not start with \"TAPEDECK\"")) {
            try TapeReader(path: lz4)
        }
        let missing = directory.appendingPathComponent("missing.tape").path
        #expect(throws: TapeError.fileNotFound(path: missing)) { try TapeReader(path: missing) }
    }

    @Test func readsFramesWrittenByTheLz4Tool() async throws {
        // Linked 4 MiB blocks and a content size: still a valid tape.
        var stream = TapeHeader(metadata: TestFiles.metadata).encoded()
        for record in Self.sample { TapeRecordCodec.append(record, to: &stream) }
        let directory = try TestFiles.directory()
        let path = directory.appendingPathComponent("tool.tape").path
        try await TestFiles.lz4Compress(stream, to: path)
        let (records, error, reader) = try TestFiles.readAll(path)
        #expect(error == nil)
        #expect(records == Self.sample)
        #expect(reader.uncompressedBytes == UInt64(stream.count))
    }
}
