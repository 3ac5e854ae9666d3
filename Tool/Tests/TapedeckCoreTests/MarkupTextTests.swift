import TapedeckCore
import Testing

@Suite struct MarkupTextTests {
    @Test func markupCharactersBecomeEntities() {
        #expect(
            MarkupText.escape(#"<a href="x">Tom & 'Jerry'</a>"#)
                == "&lt;a href=&quot;x&quot;&gt;Tom &amp; &#39;Jerry&#39;&lt;/a&gt;")
    }

    @Test func scriptEndInAPayloadCannotCloseTheDocumentsElement() {
        #expect(MarkupText.escape("</script><script>alert(1)</script>") == "&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;")
    }

    @Test func controlCharactersXMLCannotHoldBecomeReplacementCharacters() {
        // A ping's binary payload or a NUL in a message: XML 1.0 forbids them, even as references.
        #expect(MarkupText.escape("a\u{0}b\u{1B}c\u{FFFE}") == "a\u{FFFD}b\u{FFFD}c\u{FFFD}")
        #expect(MarkupText.escape("line 1\nline 2\ttab\r") == "line 1\nline 2\ttab\r")
        #expect(MarkupText.escape("Zoë 中文 🎉") == "Zoë 中文 🎉")
    }
}
