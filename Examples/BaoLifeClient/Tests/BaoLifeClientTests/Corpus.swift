import Foundation
import TapedeckTesting

/// The regression corpus (`Recordings/` of the Tapedeck checkout this example sits in) and the
/// example's own goldens, which the `before` version recorded.
enum Corpus {
    static let package = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let recordings = package.deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Recordings")
    static let goldens = package.appendingPathComponent("Goldens").path

    /// The claim times come from the tape's clock, which re-recording the corpus changes.
    static let ignoring = ["lifeEvents[*].claimedAt"]

    /// `none` in CI: the goldens are committed. `TAPEDECK_RECORD=missing swift test` writes the
    /// goldens of new checkpoints (run it with the `before` tests only), `all` rewrites them:
    /// AppReplay reads the variable itself.
    static let record = RecordMode.none

    /// The names of the corpus's tapes, sorted (`connect`, `core-loop`, ...).
    static let tapes: [String] = {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: recordings.path)) ?? []
        return files.filter { $0.hasSuffix(".tape") }.map { String($0.dropLast(".tape".count)) }.sorted()
    }()

    static func path(_ tape: String) -> String {
        recordings.appendingPathComponent("\(tape).tape").path
    }

    /// What the send check judges: the messages this miniature app sends (the corpus also holds
    /// character creation, dating and the store, screens it does not have). A claim's timestamp
    /// comes from the replay's clock: its format is checked, not its time.
    static let sends = SendCheck(formatOnly: ["timestamp"], types: ["claimEvent", "answerQuestion", "speed"])

    @MainActor
    static func replay<Adapter: AppSocketAdapter>(
        record: RecordMode = Corpus.record,
        _ makeAdapter: @escaping @MainActor (ReplayNetwork) -> Adapter
    ) -> AppReplay<Adapter> {
        AppReplay(goldens: goldens, ignoring: ignoring, sends: sends, record: record, makeAdapter: makeAdapter)
    }
}
