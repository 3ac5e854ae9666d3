import TapedeckTesting
import XCTest

/// The corpus check from XCTest, for app test targets that have not moved to Swift Testing: the
/// refactored app against the goldens the pre-refactor app recorded.
final class XCTestCorpusTests: XCTestCase {
    @MainActor
    func testTheRefactoredAppMatchesEveryCheckpoint() async {
        XCTAssertFalse(Corpus.tapes.isEmpty, "no tapes in \(Corpus.recordings.path)")
        let replay = Corpus.replay(record: .none) { AfterAdapter(network: $0) }
        for tape in Corpus.tapes {
            let report = await replay.check(tape: Corpus.path(tape))
            for failure in report.failures { XCTFail("\(tape): \(failure.name):\n\(failure.message)") }
        }
    }
}
