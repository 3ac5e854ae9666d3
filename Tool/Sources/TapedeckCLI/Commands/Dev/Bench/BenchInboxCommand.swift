import ArgumentParser
import TapedeckBenchmarks
import TapedeckInbox

/// `tapedeck dev bench inbox`: uploads per second into one collector and triage per second with
/// one and two workers, on SQLite or PostgreSQL (docs/PERFORMANCE.md, "Inbox").
struct BenchInboxCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "inbox",
        abstract: "Measure the inbox: uploads per second into one collector, triage per second with one and two workers.",
        discussion: """
            Uses a fresh store: a folder (--store, SQLite) or a fresh PostgreSQL database (--postgres). \
            `make bench-inbox` runs both on a release build with a throwaway PostgreSQL.
            """)

    @OptionGroup var storeOptions: InboxStoreOptions

    @Option(help: ArgumentHelp("Reports per measured run, 10 to 100,000.", valueName: "count"))
    var reports = 1000

    @Option(help: ArgumentHelp("Upload connections side by side, 1 to 256.", valueName: "count"))
    var clients = 16

    @Option(help: ArgumentHelp("Messages in each report's session, 10 to 100,000.", valueName: "count"))
    var messages = 300

    func validate() throws {
        guard (10...100_000).contains(reports) else { throw ValidationError("--reports takes 10 to 100000 (got \(reports))") }
        guard (1...256).contains(clients) else { throw ValidationError("--clients takes 1 to 256 (got \(clients))") }
        guard (10...100_000).contains(messages) else { throw ValidationError("--messages takes 10 to 100000 (got \(messages))") }
    }

    func run() async throws {
        let store = try await storeOptions.open()
        let result: InboxBenchmark.Result
        do {
            result = try await InboxBenchmark(store: store, reports: reports, clients: clients, messages: messages).run {
                CommandFailure.printProgress("bench inbox: \($0)")
            }
        } catch {
            throw CommandFailure.exit("bench inbox: \(error)", code: 1)
        }
        let rows = storeOptions.postgres == nil ? "SQLite" : "PostgreSQL"
        print(
            "store: rows in \(rows), tapes in a folder; \(reports) reports of \(messages) messages, \(clients) upload connections"
        )
        print("uploads per second (one collector):   \(Self.rate(result.uploadsPerSecond))")
        print("triage per second, one worker:        \(Self.rate(result.triagePerSecondOneWorker))")
        print("triage per second, two workers:       \(Self.rate(result.triagePerSecondTwoWorkers))")
        print("two workers / one:                    \(Self.rate(result.scaling, digits: 2))")
        print("groups: " + result.groups.map { "\($0.count) × \($0.signature)" }.joined(separator: "; "))
    }

    static func rate(_ value: Double, digits: Int = 1) -> String {
        let scale = digits == 2 ? 100.0 : 10.0
        return "\((value * scale).rounded() / scale)"
    }
}
