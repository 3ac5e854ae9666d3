import Testing

@testable import TapedeckReplay

@Suite struct MessageTextTests {
    @Test func excerptEscapesControlBytesOfABinaryPayload() {
        // A ping's 8-byte payload must not reach the terminal as raw NULs.
        let ping: [UInt8] = [0, 0, 0, 0, 0, 0, 0, 2]
        #expect(MessageText.excerpt(ping, limit: 100) == #"\x00\x00\x00\x00\x00\x00\x00\x02"#)
    }

    @Test func excerptKeepsTextAndEscapesLineBreaksAndDelete() {
        let text = Array("Zoë\tsaid\r\nhi\u{7F}".utf8)
        #expect(MessageText.excerpt(text, limit: 100) == #"Zoë\tsaid\r\nhi\x7F"#)
    }

    @Test func excerptCutsLongTextAndSaysTheSize() {
        let text = Array(String(repeating: "a", count: 30).utf8)
        #expect(MessageText.excerpt(text, limit: 10) == "aaaaaaaaaa… (30 bytes)")
    }
}
