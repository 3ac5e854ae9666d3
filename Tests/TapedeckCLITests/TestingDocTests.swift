import Foundation
import Testing

/// docs/TESTING-YOUR-APP.md shows the worked example's adapter in full; the copy must stay the
/// example's code, which its own tests run against the corpus.
@Suite struct TestingDocTests {
    @Test func theAdapterInTheGuideIsTheExamplesAdapter() throws {
        let root = TapedeckBinary.packageRoot
        let guide = try String(contentsOf: root.appendingPathComponent("docs/TESTING-YOUR-APP.md"), encoding: .utf8)
        let marker = "<!-- adapter: "
        let blocks = guide.components(separatedBy: marker).dropFirst()
        #expect(!blocks.isEmpty, "the guide has no <!-- adapter: PATH --> block")
        for block in blocks {
            let path = try #require(block.components(separatedBy: " -->").first)
            let fence = try #require(block.range(of: "```swift\n"))
            let end = try #require(block.range(of: "\n```", range: fence.upperBound..<block.endIndex))
            let shown = String(block[fence.upperBound..<end.lowerBound]) + "\n"
            let file = try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
            #expect(shown == file, "docs/TESTING-YOUR-APP.md shows an old copy of \(path); paste the file into the block again")
        }
    }
}
