import Testing

@testable import TapedeckCore

@Suite struct UTF8ValidationTests {
    @Test func acceptsOnlyWellFormedUTF8() {
        #expect(UTF8Validation.isValid(Array("plain é 🎉 \u{0}".utf8)))
        #expect(UTF8Validation.isValid([0xF4, 0x8F, 0xBF, 0xBF])) // U+10FFFF
        #expect(!UTF8Validation.isValid([0xC0, 0x80])) // overlong NUL
        #expect(!UTF8Validation.isValid([0xE0, 0x80, 0xAF])) // overlong '/'
        #expect(!UTF8Validation.isValid([0xED, 0xA0, 0x80])) // surrogate
        #expect(!UTF8Validation.isValid([0xF4, 0x90, 0x80, 0x80])) // above U+10FFFF
        #expect(!UTF8Validation.isValid([0xE2, 0x82])) // cut short
        #expect(!UTF8Validation.isValid([0xFF]))
    }

    @Test func judgesPiecesAsTheyArrive() {
        var validator = UTF8Validator()
        let euro: [UInt8] = [0xE2, 0x82, 0xAC]
        let firstPiece = validator.feed(euro[0..<1])
        #expect(firstPiece)
        #expect(!validator.isComplete) // a code point split across fragments
        let secondPiece = validator.feed(euro[1...])
        #expect(secondPiece)
        #expect(validator.isComplete)
        let strayContinuation = validator.feed([0x80]) // a continuation byte with no lead
        #expect(!strayContinuation)
        #expect(validator.failed)
        let afterFailure = validator.feed(Array("a".utf8)) // refused for good
        #expect(!afterFailure)
    }
}
