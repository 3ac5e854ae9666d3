import Testing

@testable import TapedeckCore

@Suite struct HexTests {
    @Test func writesTwoLowercaseDigitsPerByte() {
        #expect(Hex.lowercase([0x00, 0x0F, 0xA5, 0xFF]) == "000fa5ff")
        #expect(Hex.lowercase([UInt8]()) == "")
        #expect(Hex.lowercase((0...255).map { UInt8($0) }).count == 512)
    }

    @Test func putsTheSeparatorOnlyBetweenBytes() {
        #expect(Hex.lowercase([0x01, 0xAB, 0x10], separator: " ") == "01 ab 10")
        #expect(Hex.lowercase([0x7F], separator: " ") == "7f")
        #expect(Hex.lowercase([0xDE, 0xAD][...], separator: ":") == "de:ad")
    }
}
