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

/// The contiguous path skips ASCII eight bytes at a time; it must judge every input exactly as
/// the byte-at-a-time path does (a `Sequence` without contiguous storage), wherever the bad or
/// multi-byte sequence falls against the eight-byte steps, and whatever piece boundaries fall in between.
@Suite struct UTF8ValidatorWordPathTests {
    /// Bytes stepped through one at a time: no `withContiguousStorageIfAvailable`.
    struct OneByOne: Sequence {
        var bytes: [UInt8]
        func makeIterator() -> IndexingIterator<[UInt8]> { bytes.makeIterator() }
    }

    static func judgeContiguous(_ bytes: [UInt8], cuts: [Int]) -> (accepted: Bool, complete: Bool) {
        var validator = UTF8Validator()
        var accepted = true
        var start = 0
        for end in cuts + [bytes.count] where end >= start {
            accepted = bytes[start..<end].withUnsafeBufferPointer { validator.feed($0) } && accepted
            start = end
        }
        return (accepted, validator.isComplete)
    }

    static func judgeOneByOne(_ bytes: [UInt8]) -> (accepted: Bool, complete: Bool) {
        var validator = UTF8Validator()
        let accepted = validator.feed(OneByOne(bytes: bytes))
        return (accepted, validator.isComplete)
    }

    @Test func agreesWithTheByteAtATimePathAtEveryOffset() {
        let pieces: [[UInt8]] = [
            [0xE2, 0x82, 0xAC], [0xF0, 0x9F, 0x8E, 0x89], [0xC3, 0xA9], [0xC0, 0x80], [0xED, 0xA0, 0x80],
            [0xF4, 0x90, 0x80, 0x80], [0xE2, 0x82], [0x80], [0xFF], [0xE0, 0x9F, 0x80],
        ]
        var verdicts: Set<String> = []
        for piece in pieces {
            // Before the piece: every lane of the 32-byte and the eight-byte steps, twice over.
            for before in 0..<72 {
                for after in [0, 1, 7, 8, 9] {
                    let bytes =
                        Array(repeating: UInt8(ascii: "a"), count: before) + piece
                        + Array(repeating: UInt8(ascii: "}"), count: after)
                    let expected = Self.judgeOneByOne(bytes)
                    for cut in [[], [before], [before + 1], [bytes.count / 2]] {
                        let got = Self.judgeContiguous(bytes, cuts: cut)
                        #expect(got == expected, "\(bytes) cut at \(cut)")
                    }
                    verdicts.insert("\(expected)")
                }
            }
        }
        // Valid, invalid and cut-short inputs were all among them.
        #expect(verdicts.count == 3)
    }

    @Test func refusesTheFirstBadByteAfterALongASCIIRun() {
        var json = Array(#"{"type":"u","message":{"note":""#.utf8) + Array(repeating: UInt8(ascii: "x"), count: 389)
        json += [0xC3, 0x28] + Array(#""}}"#.utf8) // 0x28 cannot continue 0xC3
        var validator = UTF8Validator()
        let accepted = json.withUnsafeBufferPointer { validator.feed($0) }
        #expect(!accepted)
        #expect(validator.failed)
        json[json.count - 4] = 0xA9 // 0xC3 0xA9 is é
        var fixed = UTF8Validator()
        let fixedAccepted = json.withUnsafeBufferPointer { fixed.feed($0) }
        #expect(fixedAccepted && fixed.isComplete)
    }
}
