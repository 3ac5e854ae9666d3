import ArgumentParser
import Foundation
import TapedeckCatalog
import TapedeckChecks
import TapedeckCore
import TapedeckReplay
import TapedeckState
import TapedeckTape

/// `tapedeck check [DIR]`: every tape of a folder against its checkpoints, goldens and invariants.
struct CheckCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Replay every tape of a folder with its checkpoints, goldens and invariants.",
        discussion: """
            Each NAME.tape (searched recursively) is replayed with the checkpoints of NAME.checkpoints; \
            the state at each checkpoint is compared with NAME.golden/CHECKPOINT.json. Every tape \
            also gets an `invariants` case and a `tape` case (readable to the end, every message \
            decodable, checkpoint file valid). Tapes run in parallel; results go into the catalog.

            Record modes: missing (default) writes absent goldens and fails the run that wrote them; \
            all rewrites goldens that differ (and fails); none never writes, a missing golden fails (CI).

            Exit codes: 0 every case of every tape passed; 1 at least one failure (a checkpoint \
            differs, a golden was written or is missing, an invariant broke, a message did not \
            decode, a tape is truncated or damaged); 2 bad usage or unreadable input (no such \
            folder, a file that is not a tape, a checkpoint file that does not parse, a catalog \
            that cannot be opened, a bad option value, a --junit file that is one of the tapes, \
            their checkpoints or goldens, or the catalog). The JUnit file is written beside its \
            path and renamed, whole. A truncated tape is a failure (1): its intact \
            records are checked. An unknown option exits 2 too, as in every tapedeck command.
            """
    )

    @Argument(help: "The folder of tapes.")
    var directory: String = "Recordings"

    @Option(help: "When to write goldens: missing, all or none.")
    var record: RecordMode = .missing

    @OptionGroup var report: JUnitOption

    @Option(
        help: ArgumentHelp(
            "Check only shard I of N (1 <= I <= N), e.g. 2/4: tapes sorted by path, every N-th from the I-th.",
            valueName: "I/N"))
    var shard: ShardOption?

    @Option(help: "A label stored with the results in the catalog (a commit, a build number).")
    var label: String?

    @OptionGroup(title: "Catalog") var catalog: CatalogOptions

    @Option(help: "Tapes checked at once (default: the number of cores).")
    var jobs: Int?

    @Flag(help: "Also list passing cases.")
    var verbose = false

    func validate() throws {
        if let jobs, jobs < 1 { throw ValidationError("--jobs must be at least 1 (got \(jobs)).") }
    }

    func run() async throws {
        var tapes: [String]
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: directory, isDirectory: &isFolder), !isFolder.boolValue {
            let folder = (directory as NSString).deletingLastPathComponent
            throw CommandFailure.exit(
                "\(directory) is a file, not a folder: `tapedeck check` checks every tape of a folder. Replay this one tape "
                    + "with `tapedeck replay \(directory)`, or check its folder: `tapedeck check \(folder.isEmpty ? "." : folder)`.",
                code: ReplayExitCode.unreadable)
        }
        do { tapes = try CheckRunner.findTapes(in: directory) } catch {
            throw CommandFailure.exit("\(error)", code: ReplayExitCode.unreadable)
        }
        let found = tapes.count
        if let junit = report.junit {
            let inputs = OutputPaths.replayInputs(ofTapes: tapes)
            let catalogFile = catalog.path(inFolder: directory).map { [$0] } ?? []
            try OutputPaths.refuseInputs(
                output: junit, option: "--junit", inputs: inputs.files + catalogFile, folders: inputs.folders)
        }
        if let shard {
            tapes = CheckRunner.shard(tapes, index: shard.index, count: shard.count)
        }
        var store: Catalog?
        if let path = catalog.path(inFolder: directory) {
            do { store = try Catalog(path: path) } catch {
                throw CommandFailure.exit(error.description, code: ReplayExitCode.unreadable)
            }
        }

        let progress = ProgressReporter(width: TerminalWidth.current(environment: ProcessEnvironment.variables))
        let cores = ProcessInfo.processInfo.activeProcessorCount
        let reports = await CheckRunner.run(tapes: tapes, mode: record, concurrency: jobs ?? cores, model: ClientState()) {
            done, total, path in
            progress.update(done: done, total: total, path: path)
        }

        let output = OutputFile()
        do {
            try output.write(CheckReportText.text(reports, verbose: verbose, found: found, shard: shard?.description))
            try output.flush()
        } catch {
            throw CommandFailure.exit(error.description, code: ReplayExitCode.unreadable)
        }
        if let junit = report.junit {
            do { try ReplacingFile.write(Array(JUnitReport.xml(reports).utf8), to: junit) } catch {
                throw CommandFailure.exit("cannot write the JUnit report: \(error.description)", code: ReplayExitCode.unreadable)
            }
        }
        if let store {
            do { try save(reports, to: store) } catch {
                throw CommandFailure.exit(error.description, code: ReplayExitCode.unreadable)
            }
        }
        if reports.contains(where: \.unreadable) { throw ExitCode(ReplayExitCode.unreadable) }
        if reports.contains(where: { !$0.passed }) { throw ExitCode(ReplayExitCode.failed) }
    }

    func save(_ reports: [TapeCheckReport], to store: Catalog) throws(CatalogError) {
        let folder = CatalogPaths.folder(of: store.path)
        let runAt = WallClock.nowRFC3339()
        var rows: [CheckResultRow] = []
        for report in reports {
            let name = CatalogPaths.name(ofTape: report.path, inCatalogFolder: folder)
            if let tape = try? TapeScanner.row(forTapeAt: report.path, catalogPath: name) { try store.upsert(tape) }
            for testCase in report.cases {
                rows.append(
                    CheckResultRow(
                        tapePath: name, checkpoint: testCase.name, passed: testCase.passed, digest: testCase.digest,
                        toolVersion: TapedeckVersion.current, label: label, runAt: runAt,
                        detail: testCase.passed ? "" : String(testCase.message.split(separator: "\n").first ?? "")))
            }
        }
        try store.record(rows)
    }
}
