import Foundation
import Testing

/// docs/TESTING-YOUR-APP.md shows code in full: the protocols' declarations, the worked example's
/// adapter and its corpus tests. Each copy (a block after `<!-- adapter: PATH -->` or
/// `<!-- file: PATH -->`) must stay the file's code, which compiles (the example's tests run it
/// against the corpus), so the guide's snippets compile.
@Suite struct TestingDocTests {
    @Test(arguments: ["<!-- adapter: ", "<!-- file: "])
    func theCodeInTheGuideIsTheCompiledCode(marker: String) throws {
        let root = TapedeckBinary.packageRoot
        let guide = try String(contentsOf: root.appendingPathComponent("docs/TESTING-YOUR-APP.md"), encoding: .utf8)
        let blocks = guide.components(separatedBy: marker).dropFirst()
        #expect(!blocks.isEmpty, "the guide has no \(marker)PATH --> block")
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
