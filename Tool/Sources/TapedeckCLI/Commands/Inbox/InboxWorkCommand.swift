import ArgumentParser
import TapedeckInbox

/// `tapedeck inbox work`: triage workers without a collector, for more triage beside `inbox serve`.
struct InboxWorkCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "work",
        abstract: "Triage the inbox's waiting reports (beside `inbox serve`, on the same store).",
        discussion: """
            Each worker claims the oldest waiting report, replays it to its first failure as `tapedeck \
            repro` does, files it in its group and, for a group's first report, stores the tape \
            shrunk as `tapedeck shrink` does. Workers on several machines share one PostgreSQL \
            (--postgres): each claim skips the reports others hold. Runs until SIGINT or SIGTERM, or \
            with --drain until no report waits.

            Exit codes: 0 after a signal or a drain; 1 when the store cannot be opened or fails.
            """)

    @OptionGroup var storeOptions: InboxStoreOptions

    @Option(help: ArgumentHelp("Workers in this process, 1 to 64.", valueName: "count"))
    var workers = 1

    @Flag(help: "Stop once no report waits, printing how many were triaged.")
    var drain = false

    @Option(
        help: ArgumentHelp(
            "Seconds a worker holds a report before another may take it (its worker died), 5 to 86400.",
            valueName: "seconds"))
    var triageLease = 600

    func validate() throws {
        guard (5...86_400).contains(triageLease) else {
            throw ValidationError("--triage-lease takes 5 to 86400 seconds (got \(triageLease))")
        }
        guard (1...64).contains(workers) else { throw ValidationError("--workers takes 1 to 64 (got \(workers))") }
    }

    func run() async throws {
        let store = try await storeOptions.open()
        let workers = store.workers(count: workers, lease: Int64(triageLease) * 1000)
        if drain {
            let counts = try await withThrowingTaskGroup(of: Int.self) { group in
                for worker in workers { group.addTask { try await worker.drain() } }
                return try await group.reduce(0, +)
            }
            print("triaged \(counts) report\(counts == 1 ? "" : "s")")
            return
        }
        let signals = TerminationSignals()
        let tasks = workers.map { worker in Task { await worker.run { ServeCommand.writeLine($0, to: 2) } } }
        let signal = await signals.wait()
        ServeCommand.writeLine("inbox work: \(signal): stopping", to: 2)
        for task in tasks { task.cancel() }
    }
}
