import Foundation
import TapedeckChecks
import TapedeckState
import TapedeckTape
import TapedeckTestFixtures
import Testing

@testable import TapedeckReplay

#if canImport(FoundationXML)
import FoundationXML
#endif

@Suite struct CheckRunnerTests {
    /// A copy of a tape cut short, as when the recording proxy was killed.
    func truncatedCopy(of tape: String, to path: String, droppingBytes: Int) throws {
        let data = try #require(FileManager.default.contents(atPath: tape))
        try data.prefix(data.count - droppingBytes).write(to: URL(fileURLWithPath: path))
    }

    @Test func aTruncatedTapeIsReportedDamagedAndTheOthersAreStillChecked() async throws {
        let fixtures = try TestTapes()
        defer { fixtures.remove() }
        let good = try fixtures.tape(fixture: "session", as: "a-good")
        _ = TapeCheck.run(tape: good, model: ClientState(), mode: .missing)
        try fixtures.tape(fixture: "session", as: "c-good", subfolder: "more")
        _ = TapeCheck.run(tape: fixtures.directory + "/more/c-good.tape", model: ClientState(), mode: .missing)
        try truncatedCopy(of: good, to: fixtures.directory + "/b-cut.tape", droppingBytes: 40)
        try FileManager.default.copyItem(
            atPath: fixtures.directory + "/a-good.checkpoints", toPath: fixtures.directory + "/b-cut.checkpoints")
        try FileManager.default.copyItem(
            atPath: fixtures.directory + "/a-good.golden", toPath: fixtures.directory + "/b-cut.golden")

        let tapes = try CheckRunner.findTapes(in: fixtures.directory)
        #expect(
            tapes.map { String($0.dropFirst(fixtures.directory.count + 1)) } == ["a-good.tape", "b-cut.tape", "more/c-good.tape"])
        var progress: [Int] = []
        let reports = await CheckRunner.run(tapes: tapes, mode: .none, concurrency: 2, model: ClientState()) { done, total, _ in
            #expect(total == 3)
            progress.append(done)
        }
        #expect(progress == [1, 2, 3])
        #expect(reports.map(\.passed) == [true, false, true])
        let cut = reports[1]
        #expect(!cut.unreadable)
        let tapeCase = try #require(cut.cases.first { $0.name == "tape" })
        #expect(!tapeCase.passed)
        #expect(tapeCase.message.contains("b-cut.tape: truncated after record"))
        #expect(tapeCase.message.contains(" at byte "))
        #expect(
            cut.cases.first { $0.name == "end" }?.message.contains("not reached: the tape is cut short (truncated after record")
                == true)
        #expect(cut.cases.first { $0.name == "character-created" }?.passed == true)
    }

    @Test func aFileThatIsNotATapeIsUnreadableAndABadCheckpointFileToo() async throws {
        let fixtures = try TestTapes()
        defer { fixtures.remove() }
        try fixtures.write("not a tape at all", to: "junk.tape")
        try fixtures.tape(fixture: "session", as: "ok")
        try fixtures.write("ok: end\nbroken: record x\n", to: "ok.checkpoints")
        let reports = await CheckRunner.run(
            tapes: try CheckRunner.findTapes(in: fixtures.directory), mode: .none,
            concurrency: 2, model: ClientState())
        #expect(reports.map(\.unreadable) == [true, true])
        #expect(reports[0].cases.last?.message.contains("junk.tape: not a tape") == true)
        #expect(reports[1].cases.last?.message.contains("ok.checkpoints:2:16: expected a record number") == true)
    }

    @Test func shardsSplitTheSortedListWithoutOverlap() {
        let tapes = (0..<10).map { "t\($0).tape" }
        let shards = (1...3).map { CheckRunner.shard(tapes, index: $0, count: 3) }
        #expect(shards[0] == ["t0.tape", "t3.tape", "t6.tape", "t9.tape"])
        #expect(shards[1] == ["t1.tape", "t4.tape", "t7.tape"])
        #expect(Set(shards.flatMap { $0 }) == Set(tapes))
        #expect(shards.map(\.count).reduce(0, +) == tapes.count)
    }

    @Test func junitIsWellFormedXMLWithASuitePerTapeAndFailuresCarryingTheDiff() throws {
        let reports = [
            TapeCheckReport(
                path: "a.tape", cases: [CheckCase(name: "claimed", passed: true), CheckCase(name: "invariants", passed: true)]),
            TapeCheckReport(
                path: "b&<c>.tape",
                cases: [
                    CheckCase(name: "claimed", passed: false, message: "differs\n−   energy: 100\n+   energy: 80 \u{1}"),
                    CheckCase(name: "tape", passed: true),
                ]),
        ]
        let xml = JUnitReport.xml(reports)
        let parser = XMLParser(data: Data(xml.utf8))
        let collector = JUnitCollector()
        parser.delegate = collector
        #expect(parser.parse(), "\(String(describing: parser.parserError))")
        #expect(collector.suites == ["a.tape", "b&<c>.tape"])
        #expect(collector.cases == ["claimed", "invariants", "claimed", "tape"])
        #expect(collector.failureText.contains("−   energy: 100\n+   energy: 80"))
        #expect(xml.contains("<testsuites name=\"tapedeck check\" tests=\"4\" failures=\"1\" errors=\"0\" skipped=\"0\">"))
    }
}

final class JUnitCollector: NSObject, XMLParserDelegate {
    var suites: [String] = []
    var cases: [String] = []
    var failureText = ""
    var inFailure = false

    func parser(
        _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        if name == "testsuite" { suites.append(attributes["name"] ?? "") }
        if name == "testcase" { cases.append(attributes["name"] ?? "") }
        if name == "failure" { inFailure = true }
    }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        if name == "failure" { inFailure = false }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        if inFailure { failureText += string }
    }
}
