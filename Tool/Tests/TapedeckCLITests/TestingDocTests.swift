import Foundation
import Testing

/// docs/TESTING-YOUR-APP.md shows code in full: the protocols' declarations, the worked example's
/// adapter and its corpus tests, the clock. Each copy (a block after `<!-- adapter: PATH -->` or
/// `<!-- file: PATH -->`) must stay the file's code, which compiles (the example's tests run it
/// against the corpus), so the guide's snippets compile.
@Suite struct TestingDocTests {
    @Test(arguments: [
        ("docs/TESTING-YOUR-APP.md", "<!-- adapter: "), ("docs/TESTING-YOUR-APP.md", "<!-- file: "),
    ])
    func theCodeInTheGuideIsTheCompiledCode(document: String, marker: String) throws {
        let root = TapedeckBinary.repositoryRoot
        let guide = try String(contentsOf: root.appendingPathComponent(document), encoding: .utf8)
        let blocks = guide.components(separatedBy: marker).dropFirst()
        #expect(!blocks.isEmpty, "\(document) has no \(marker)PATH --> block")
        for block in blocks {
            let path = try #require(block.components(separatedBy: " -->").first)
            let fence = try #require(block.range(of: "```swift\n"))
            let end = try #require(block.range(of: "\n```", range: fence.upperBound..<block.endIndex))
            let shown = String(block[fence.upperBound..<end.lowerBound]) + "\n"
            let file = try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
            #expect(shown == file, "\(document) shows an old copy of \(path); paste the file into the block again")
        }
    }
}
