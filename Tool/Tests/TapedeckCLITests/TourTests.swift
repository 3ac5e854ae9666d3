import Foundation
import Testing

/// The README's examples and docs/TOUR.md work as written: every fenced block on the line after
/// `<!-- runnable -->` runs with `bash -euo pipefail` from the package root, with the built
/// `tapedeck` first on PATH, and exits 0. For blocks whose output is the same on every run, a key
/// line must appear both in the output pasted under the block and in what the block really
/// prints, so the pasted output cannot drift from the program.
@Suite(.serialized) struct TourTests {
    struct Block: Sendable, CustomTestStringConvertible {
        /// The page, relative to the package root.
        var page: String
        /// 1-based line of the block's opening fence in the page.
        var line: Int
        var code: String
        /// The next fenced block after it (before the next runnable block or heading): its pasted output.
        var pastedOutput: String?

        var testDescription: String { "\(page):\(line): \(code.split(separator: "\n").first ?? "")" }
    }

    static let pages = ["README.md", "docs/TOUR.md"]

    /// A command a block runs → a line of output that does not change between runs.
    static let keyLines: [(command: String, line: String)] = [
        ("tapedeck import", "labels      device=iPhone 15 simulator, scenario=new-player"),
        ("tapedeck ls", "complete  flow=tour"),
        ("tapedeck check Recordings", "checked 18 tapes and 109 cases: 18 tapes passed, 0 failed (0 failing cases)"),
        ("tapedeck check /tmp/tapedeck-phase", "checked 18 tapes and 109 cases: 17 tapes passed, 1 failed (1 failing cases)"),
        ("-o /tmp/bug-min.tape", "wrote /tmp/bug-min.tape: 2 of 18 records, failing with decode error s2c message.tiers[2]"),
        (
            "-o /tmp/readme-min.tape",
            "wrote /tmp/readme-min.tape: 2 of 18 records, failing with decode error s2c message.tiers[2]"
        ),
        ("tapedeck repro docs/examples/bug-report.tape", "failure at record 9 (t=0.049s): decode error s2c message.tiers[2]"),
        ("tapedeck scenario run /tmp/first-date.scenario", "PASS first-date: 15 passed, 0 failed"),
        ("tapedeck bench Recordings", "typed protocol decoding"),
    ]

    static func blocks() -> [Block] { pages.flatMap(blocks(in:)) }

    static func blocks(in page: String) -> [Block] {
        let url = TapedeckBinary.repositoryRoot.appendingPathComponent(page)
        guard let text = try? String(contentsOf: url, encoding: .utf8) else { return [] }
        let lines = text.components(separatedBy: "\n")
        var blocks: [Block] = []
        var index = 0
        // Reads the fenced block opening at `start`; returns its body and the line after its closing fence.
        func fenced(at start: Int) -> (body: String, next: Int)? {
            guard start < lines.count, lines[start].hasPrefix("```") else { return nil }
            var end = start + 1
            while end < lines.count && !lines[end].hasPrefix("```") { end += 1 }
            return (lines[(start + 1)..<min(end, lines.count)].joined(separator: "\n"), end + 1)
        }
        while index < lines.count {
            guard lines[index].trimmingCharacters(in: .whitespaces) == "<!-- runnable -->",
                let (code, next) = fenced(at: index + 1)
            else {
                index += 1
                continue
            }
            var output: String?
            var scan = next
            while scan < lines.count, lines[scan].trimmingCharacters(in: .whitespaces) != "<!-- runnable -->",
                !lines[scan].hasPrefix("#")
            {
                if let (body, _) = fenced(at: scan) {
                    output = body
                    break
                }
                scan += 1
            }
            blocks.append(Block(page: page, line: index + 2, code: code, pastedOutput: output))
            index = next
        }
        return blocks
    }

    @Test func theReadmeAndTheTourHaveBlocksToRun() {
        #expect(Self.blocks(in: "README.md").count >= 2, "the README's job examples are not marked runnable")
        let blocks = Self.blocks()
        #expect(blocks.count >= 8, "found \(blocks.count) runnable blocks in \(Self.pages)")
        // Every key line belongs to a block that exists, so none is silently skipped.
        for key in Self.keyLines {
            #expect(blocks.contains { $0.code.contains(key.command) }, "no runnable block runs `\(key.command)`")
        }
    }

    @Test(arguments: blocks())
    func blockRunsAsWritten(_ block: Block) async throws {
        let binary = try TapedeckBinary.executable()
        let directory = try TapedeckBinary.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let script = directory.appendingPathComponent("block.sh")
        try Data(block.code.utf8).write(to: script)
        // The built binary first on PATH, so the blocks run `tapedeck` as a reader would.
        let binaryFolder = URL(fileURLWithPath: binary).deletingLastPathComponent().path
        let path = binaryFolder + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        let result = try await TapedeckBinary.runProcess(
            "/usr/bin/env", ["bash", "-euo", "pipefail", script.path],
            environment: ["PATH": path], in: TapedeckBinary.repositoryRoot)
        let stdout = result.stdout
        let stderr = result.stderr

        #expect(result.status == 0, "\(block.testDescription) exited \(result.status)\n\(stdout)\n\(stderr)")
        for key in Self.keyLines where block.code.contains(key.command) {
            #expect(stdout.contains(key.line), "`\(key.line)` is not in what the block printed:\n\(stdout)\n\(stderr)")
            #expect(
                block.pastedOutput?.contains(key.line) == true,
                "`\(key.line)` is not in the output pasted under \(block.testDescription)")
        }
    }
}
