import ArgumentParser
import TapedeckCatalog

/// `tapedeck history TAPE`: the check runs of a tape's checkpoints, and when each began failing.
struct HistoryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "history",
        abstract: "Show the check results of a tape per checkpoint, newest first, and when each began failing.",
        discussion: """
            Reads the catalog that `tapedeck check` writes (by default the nearest catalog.sqlite in \
            the tape's folder or above). Exit codes: 0 shown; 1 the tape has no results in the \
            catalog; 2 bad usage or no readable catalog.
            """
    )

    @Argument(help: "The tape.")
    var tape: String

    @Option(help: "The catalog (default: the nearest catalog.sqlite in the tape's folder or above).")
    var catalog: String?

    @Option(help: "Runs shown per checkpoint.")
    var limit: Int = 10

    func validate() throws {
        guard limit > 0 else { throw ValidationError("--limit must be at least 1.") }
    }

    func run() throws {
        guard let path = catalog ?? CatalogPaths.find(forTape: tape) else {
            throw CommandFailure.exit(
                "no catalog.sqlite in \(CatalogPaths.folder(of: tape)) or above; pass --catalog PATH "
                    + "or run `tapedeck check` first", code: ReplayExitCode.unreadable)
        }
        let store: Catalog
        let histories: [CheckpointHistory]
        let name = CatalogPaths.name(ofTape: tape, inCatalogFolder: CatalogPaths.folder(of: path))
        do {
            store = try Catalog(path: path)
            histories = try store.history(tapePath: name)
        } catch {
            throw CommandFailure.exit(error.description, code: ReplayExitCode.unreadable)
        }
        guard !histories.isEmpty else {
            let known = (try? store.checkedTapePaths()) ?? []
            throw CommandFailure.exit(
                "\(path) has no results for \(name)"
                    + (known.isEmpty ? "" : "; it has results for: " + known.prefix(10).joined(separator: ", ")),
                code: ReplayExitCode.failed)
        }
        print(Self.text(histories, tape: name, limit: limit))
    }

    static func text(_ histories: [CheckpointHistory], tape: String, limit: Int) -> String {
        var lines = ["\(tape): \(histories.count) cases (checkpoints, invariants, tape)"]
        for history in histories {
            lines.append("")
            lines.append("\(history.checkpoint): \(history.summary)")
            for run in history.runs.prefix(limit) {
                var line = "  run \(String(run.run).rightPadded(to: 4) + " ")\(run.passed ? "PASS" : "FAIL")  \(run.runAt)"
                if let label = run.label { line += "  \(label)" }
                if let digest = run.digest { line += "  \(digest.prefix(12))" }
                if !run.detail.isEmpty { line += "  \(run.detail)" }
                lines.append(line)
            }
            if history.runs.count > limit { lines.append("  … \(history.runs.count - limit) older runs") }
        }
        return lines.joined(separator: "\n")
    }
}
