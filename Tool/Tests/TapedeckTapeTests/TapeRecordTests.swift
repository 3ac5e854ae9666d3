import Testing

@testable import TapedeckTape

@Suite struct TapeRecordTests {
    @Test func onDiskCodesAreStable() {
        #expect(TapeRecord.Kind.marker.rawValue == 7)
        #expect(TapeRecord.Direction.note.rawValue == 2)
        #expect(TapeFormat.ExtensionTag.closeCode.rawValue == 1)
        #expect(TapeFormat.ExtensionTag.fragmentCount.rawValue == 2)
    }

    @Test func encodesTheDocumentedLayout() {
        var bytes: [UInt8] = []
        TapeRecordCodec.append(
            TapeRecord(
                time: 0x0102, connection: 3, direction: .s2c, kind: .close,
                closeCode: 1000, payload: Array("ok".utf8)), to: &bytes)
        // length 16 + 4 (close code extension) + 2 = 22
        let expected: [UInt8] = [
            22, 0, 0, 0, 0x02, 0x01, 0, 0, 0, 0, 0, 0, 3, 0, 0, 0, 1, 5, 4, 0,
            1, 2, 0xE8, 0x03, 0x6F, 0x6B,
        ]
        #expect(bytes == expected)
    }

    @Test func decodesWhatItEncodes() throws {
        let record = TapeRecord(
            time: UInt64.max, connection: UInt32.max, direction: .c2s, kind: .text,
            closeCode: 4000, fragmentCount: 7, payload: [0, 0xFF, 0x41])
        var bytes: [UInt8] = []
        TapeRecordCodec.append(record, to: &bytes)
        let decoded = bytes.withUnsafeBytes { TapeRecordCodec.decodeBody(UnsafeRawBufferPointer(rebasing: $0[4...])) }
        guard case .record(let back) = decoded else {
            Issue.record("not decoded: \(decoded)")
            return
        }
        #expect(back == record)
    }

    @Test func skipsUnknownExtensionsAndReportsUnknownKinds() {
        // An extension with tag 9 (unknown) of 3 bytes, then the payload "x".
        var body: [UInt8] = [1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 5, 0, 9, 3, 0xAA, 0xBB, 0xCC, 0x78]
        let known = body.withUnsafeBytes { TapeRecordCodec.decodeBody($0) }
        guard case .record(let record) = known else {
            Issue.record("not decoded: \(known)")
            return
        }
        #expect(record.payload == Array("x".utf8))
        #expect(record.closeCode == nil)
        body[13] = 200 // a kind from the future
        guard case .unknown(let kind, _) = body.withUnsafeBytes({ TapeRecordCodec.decodeBody($0) }) else {
            Issue.record("unknown kind not reported")
            return
        }
        #expect(kind == 200)
    }

    @Test func refusesMalformedBodies() {
        let short: [UInt8] = [0, 0, 0]
        guard case .malformed = short.withUnsafeBytes({ TapeRecordCodec.decodeBody($0) }) else {
            Issue.record("short body accepted")
            return
        }
        // Extension length 50 in a 16-byte body.
        let overrun: [UInt8] = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 50, 0]
        guard case .malformed(let reason) = overrun.withUnsafeBytes({ TapeRecordCodec.decodeBody($0) }) else {
            Issue.record("overrun accepted")
            return
        }
        #expect(reason.contains("extension length 50"))
    }
}
