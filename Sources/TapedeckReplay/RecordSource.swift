import TapedeckTape

/// The records of one `ReplayTape` for `ReplayCursor`, one at a time: read from the file, or
/// taken from memory with the input they were decoded to once.
final class RecordSource {
    struct Record {
        var record: TapeRecord
        /// Nil when the record still has to be decoded.
        var input: ReplayInput?
    }

    private enum Origin {
        case file(TapeReader)
        case memory(TapeInMemory)
    }

    let path: String
    private let origin: Origin
    private var nextIndex = 0

    /// Throws only when a file cannot be opened at all.
    init(_ tape: ReplayTape) throws(TapeError) {
        path = tape.path
        switch tape {
        case .file(let path): origin = .file(try TapeReader(path: path))
        case .memory(let tape): origin = .memory(tape)
        }
    }

    /// The next record, or nil at the end of the tape (a file cut short ends there; `end` says how).
    func next() -> Record? {
        switch origin {
        case .file(let reader):
            guard let record = try? reader.next() else { return nil }
            return Record(record: record, input: nil)
        case .memory(let tape):
            guard nextIndex < tape.count else { return nil }
            let index = tape.order?[nextIndex] ?? nextIndex
            nextIndex += 1
            return Record(record: tape.records[index], input: tape.inputs[index])
        }
    }

    /// How the tape ended (once `next()` returned nil).
    var end: TapeEnd {
        switch origin {
        case .file(let reader): reader.end ?? .complete
        case .memory(let tape): tape.end
        }
    }
}
