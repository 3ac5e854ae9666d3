import TapedeckCore
import TapedeckTape

/// The writer thread's loop: take what the app queued, write it, flush when due, answer requests.
///
/// `@unchecked Sendable` only so the thread's closure can carry it: after `FlightRecorder` hands it
/// to its thread, only that thread touches it (the queue is the one shared part, and locks itself).
final class WriterLoop: @unchecked Sendable {
    private let writer: RecorderWriter
    private let queue: RecordQueue
    private let clock: MonotonicClock
    /// Woken when a report is sealed; nil without a collector.
    private let uploader: ReportUploader?

    init(writer: RecorderWriter, queue: RecordQueue, clock: MonotonicClock, uploader: ReportUploader?) {
        self.writer = writer
        self.queue = queue
        self.clock = clock
        self.uploader = uploader
    }

    func run() {
        // Before this run writes a record: its pruning could delete the crashed run's segments.
        switch writer.sealCrashReport() {
        case .success?: uploader?.wake()
        case .failure(let error)?: uploader?.note(failure: "the crash report could not be sealed: \(error)")
        case nil: break
        }
        // The writer wakes at least every half flush interval; a record then waits at most half
        // an interval in the queue and half in the segment's buffer (`RecorderWriter.flushAge`).
        let wake = Double(writer.flushAge) / 1e9
        var recycled: [TapeRecord] = []
        while true {
            let batch = queue.take(timeout: wake, recycled: recycled)
            writer.append(batch.records)
            if let dropped = batch.droppedTotal { writer.noteDrops(total: dropped, at: batch.lastDropTime) }
            writer.flushIfDue(now: clock.elapsedNanoseconds())
            recycled = batch.records
            for request in batch.requests {
                switch request {
                case .export(let export, let reply):
                    reply.send(writer.export(export, now: clock.elapsedNanoseconds(), droppedTotal: queue.droppedCount))
                case .report(let report):
                    let result = writer.seal(report, now: clock.elapsedNanoseconds(), droppedTotal: queue.droppedCount)
                    if case .success = result { uploader?.wake() }
                    report.completion?(result)
                case .stop(let reply):
                    var result: Result<Void, FlightRecorderError> = writer.failure.map { .failure($0) } ?? .success(())
                    if case .success = result {
                        do throws(FlightRecorderError) { try writer.closeCurrent() } catch { result = .failure(error) }
                    }
                    queue.writerDidStop()
                    reply.send(result)
                    return
                }
            }
        }
    }
}
