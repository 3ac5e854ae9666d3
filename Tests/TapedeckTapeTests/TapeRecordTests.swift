import Testing
@testable import TapedeckTape

@Suite struct TapeRecordTests {
    @Test func onDiskCodesAreStable() {
        #expect(TapeRecord.Kind.marker.rawValue == 7)
        #expect(TapeRecord.Direction.note.rawValue == 2)
    }
}
