import Testing

@testable import TapedeckState

@Suite struct StateExpectationTests {
    @Test func lineDiffShowsOnlyChangedLinesWithContext() {
        let old = "{\n  \"a\": 1,\n  \"b\": 2,\n  \"c\": 3\n}\n"
        let new = "{\n  \"a\": 1,\n  \"b\": 5,\n  \"c\": 3\n}\n"
        #expect(LineDiff.unified(old, new) == "    \"a\": 1,\n-   \"b\": 2,\n+   \"b\": 5,\n")
        #expect(LineDiff.unified(old, old) == "")
    }
}
