import Dispatch

/// Work the app asks of the writer thread, which owns the segment files: export a tape, seal a
/// report, or stop.
enum WriterRequest: Sendable {
    case export(ExportRequest, Reply<Result<FlightRecorderExport, FlightRecorderError>>)
    case report(ReportRequest)
    case stop(Reply<Result<Void, FlightRecorderError>>)
}

/// What `FlightRecorder.report(note:)` asks for; `completion` is called on the writer thread.
struct ReportRequest: Sendable {
    var note: String
    var completion: (@Sendable (Result<FlightRecorderReport, FlightRecorderError>) -> Void)?
}

/// What `FlightRecorder.export` asks for.
struct ExportRequest: Sendable {
    var path: String
    /// Nanoseconds back from now; records older than that are left out.
    var window: UInt64
}

/// A one-shot answer from the writer thread to the thread that waits for it.
///
/// `@unchecked Sendable`: `value` is written once by the writer before `signal()` and read by the
/// waiter only after `wait()` returns; the semaphore orders the two.
final class Reply<Value: Sendable>: @unchecked Sendable {
    private let semaphore = DispatchSemaphore(value: 0)
    private var value: Value?

    func send(_ answer: Value) {
        value = answer
        semaphore.signal()
    }

    func wait() -> Value {
        semaphore.wait()
        return value!
    }
}
