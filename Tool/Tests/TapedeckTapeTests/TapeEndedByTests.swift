import Foundation
import TestSupport
import Testing

@testable import TapedeckTape

/// Who ended a connection (format 1.2, extension 3): written, read and carried through JSON Lines;
/// tapes from before it read as they did, without it.
@Suite(.cpuBound) struct TapeEndedByTests {
    static let drop = TapeRecord(
        time: 7, connection: 2, direction: .note, kind: .error, endedBy: .server,
        payload: Array("server connection ended without a close frame".utf8))

    @Test func theExtensionIsTagThreeOfOneByteAfterTheOthers() {
        var bytes: [UInt8] = []
        var record = Self.drop
        record.closeCode = 1001
        TapeRecordCodec.append(record, to: &bytes)
        // length (4), fixed part (16), then the close code (4 bytes), then who ended it (3).
        #expect(Array(bytes[18...19]) == [7, 0])
        #expect(Array(bytes[20...23]) == [1, 2, 0xE9, 0x03])
        #expect(Array(bytes[24...26]) == [3, 1, 1])
        #expect(TapeRecordCodec.encodedLength(record) == UInt64(bytes.count - 4))
        let decoded = bytes[4...].withUnsafeBytes { TapeRecordCodec.decodeBody($0) }
        guard case .record(let back) = decoded else {
            Issue.record("decoded \(decoded)")
            return
        }
        #expect(back == record)
    }

    @Test func everyPartyReadsBack() throws {
        let records = TapeRecord.Party.allCases.enumerated().map { index, party in
            TapeRecord(time: UInt64(index), direction: .note, kind: .error, endedBy: party, payload: Array("ended".utf8))
        }
        let path = try TestFiles.writeTape(records, in: try TestFiles.directory())
        let (read, error, reader) = try TestFiles.readAll(path)
        #expect(error == nil)
        #expect(read.map(\.endedBy) == [.client, .server, .harness])
        #expect(reader.header.versionString == "1.2")
    }

    @Test func aPartyThisReaderDoesNotKnowIsLeftUnsaid() {
        var bytes: [UInt8] = []
        TapeRecordCodec.append(Self.drop, to: &bytes)
        // length (4), fixed part (16), then the entry: tag, length, value.
        #expect(Array(bytes[20...22]) == [3, 1, 1])
        bytes[22] = 9
        let decoded = bytes[4...].withUnsafeBytes { TapeRecordCodec.decodeBody($0) }
        guard case .record(let record) = decoded else {
            Issue.record("decoded \(decoded)")
            return
        }
        #expect(record.endedBy == nil)
        #expect(record.payload == Self.drop.payload)
    }

    @Test func aWrongLengthIsDamage() {
        var bytes: [UInt8] = []
        TapeRecordCodec.append(Self.drop, to: &bytes)
        // The entry claims two bytes, past the extension area's three.
        bytes[21] = 2
        let decoded = bytes[4...].withUnsafeBytes { TapeRecordCodec.decodeBody($0) }
        guard case .malformed(let reason) = decoded else {
            Issue.record("decoded \(decoded)")
            return
        }
        #expect(reason == "extension 3 of 2 bytes runs past the extension area")
    }

    @Test func jsonLinesCarryIt() throws {
        let line = TapeJSONLines.recordLine(Self.drop, seq: 4)
        #expect(
            String(decoding: line, as: UTF8.self)
                == #"{"seq":4,"t":7,"conn":2,"dir":"note","kind":"error","endedBy":"server","base64":"c2VydmVyIGNvbm5lY3Rpb24gZW5kZWQgd2l0aG91dCBhIGNsb3NlIGZyYW1l"}"#
        )
        #expect(try TapeJSONLinesDecoder.decode(line) == .record(Self.drop))
        #expect(
            try TestFiles.importError(#"{"t":1,"dir":"note","kind":"error","endedBy":"proxy"}"# + "\n")
                .hasSuffix("\"endedBy\" must be one of client, server, harness"))
    }

    /// The committed tapes of a 1.0 and a 1.1 writer (`Fixtures/legacy-*-end-notes.tape`): their end
    /// notes say who ended each connection only in words.
    @Test(arguments: ["1.0", "1.1"]) func oldTapesReadWithoutIt(version: String) throws {
        let path = TestFiles.fixtures.appendingPathComponent("legacy-\(version)-end-notes.tape").path
        let (records, error, reader) = try TestFiles.readAll(path)
        #expect(error == nil)
        #expect(reader.header.versionString == version)
        let notes = records.filter { $0.kind == .error }
        #expect(notes.count == 6)
        #expect(notes.allSatisfy { $0.endedBy == nil })
    }
}

/// The status a refused upgrade was answered with (format 1.2, extension 4): typed on the note,
/// and read from the words only on a tape without it.
@Suite(.cpuBound) struct TapeRefusalStatusTests {
    static let refusal = TapeRecord(
        time: 3, connection: 1, direction: .note, kind: .error, endedBy: .server, refusalStatus: 503,
        payload: Array("upgrade failed: upstream answered 503 Service Unavailable".utf8))

    @Test func theExtensionIsTagFourOfTwoBytes() throws {
        var bytes: [UInt8] = []
        TapeRecordCodec.append(Self.refusal, to: &bytes)
        #expect(Array(bytes[18...19]) == [7, 0])
        #expect(Array(bytes[20...26]) == [3, 1, 1, 4, 2, 0xF7, 0x01])
        let path = try TestFiles.writeTape([Self.refusal], in: try TestFiles.directory())
        #expect(try TestFiles.readAll(path).records == [Self.refusal])
        let line = TapeJSONLines.recordLine(Self.refusal, seq: 0)
        #expect(String(decoding: line, as: UTF8.self).contains(#""endedBy":"server","refusalStatus":503,"#))
        #expect(try TapeJSONLinesDecoder.decode(line) == .record(Self.refusal))
    }

    /// The field wins over the words; without it, the words of a tape before 1.2 are read.
    @Test func theHARsStatusIsTheFieldsElseTheWords() throws {
        var worded = Self.refusal
        worded.refusalStatus = nil
        var typed = Self.refusal
        typed.refusalStatus = 429
        #expect(TapeHARExport.refusalStatus(of: typed) == 429)
        #expect(TapeHARExport.refusalStatus(of: worded) == 503)
        worded.payload = Array("upgrade failed: cannot connect to ws://game/ws: refused".utf8)
        #expect(TapeHARExport.refusalStatus(of: worded) == nil)
    }
}
