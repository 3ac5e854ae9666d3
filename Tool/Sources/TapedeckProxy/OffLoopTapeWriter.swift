import NIOConcurrencyHelpers
import NIOPosix
import TapedeckCore
import TapedeckRedaction
import TapedeckTape
import TapedeckWebSocket

/// Writes one tape off the event loop: one connection's, or every connection of an app session
/// (`TapeGrouping`). The event loop hands records over with
/// `append` (a lock and an array append); a worker thread of the shared pool redacts them and
/// feeds the `TapeWriter`, one drain at a time per tape, so records stay in order.
///
/// The worker is woken in batches, not per record: at once when `wakeBytes` are waiting, else at
/// the proxy's next flush tick. Waking a thread for every small message would cost the event loop
/// a syscall per frame and put the writer in the forwarding path's way on a busy machine.
///
/// The queue is bounded in bytes: past `highWatermark` `append` reports that the connection
/// should stop reading, and `onResume` runs once the worker has brought it under `lowWatermark`.
/// Records are never dropped; a slow disk slows the proxy down.
///
/// `seal()` closes the file between a session's connections: the tape is complete while the
/// session waits for a reconnect, holds no file descriptor and none of the writer's buffers; the
/// next record continues it in a new LZ4 frame (`TapeWriter(appendingTo:)`).
final class OffLoopTapeWriter: Sendable {
    enum Item {
        case record(TapeRecord)
        case flushIfDue(UInt64)
        case seal
        case close
    }

    private struct Queue {
        var items: [Item] = []
        var bytes = 0
        var phase = Phase.idle
        var lastTime: UInt64 = 0
        var nextFlushDue: UInt64?
        var messages = 0
        var compressedBytes: UInt64 = 0

        /// Takes no more records: `close()` was queued.
        var isClosing: Bool { if case .closing = phase { true } else { false } }

        /// Marks a drain started when none runs; returns whether the caller must submit one.
        mutating func startDraining() -> Bool {
            switch phase {
            case .idle: phase = .draining(paused: false, flushCheckQueued: false)
            case .closing(draining: false): phase = .closing(draining: true)
            case .draining, .closing(draining: true): return false
            }
            return true
        }
    }

    /// Where the queue and its worker are. Only what can happen is spelled: reading pauses only
    /// while a drain runs (a queue over the watermark has woken one), a flush check waits only for
    /// a running drain, and a closing queue takes nothing, pauses nothing.
    private enum Phase {
        /// No drain runs: records wait for the next tick, or for `wakeBytes` of them.
        case idle
        /// A drain runs on the pool (one at most). `paused`: the queue went over `highWatermark`
        /// and reading waits until the worker brings it under `lowWatermark`. `flushCheckQueued`:
        /// a flush check is in the items, so a tick adds no second one.
        case draining(paused: Bool, flushCheckQueued: Bool)
        /// `close()` was queued: nothing more is taken; the worker drains what is queued, then ends.
        case closing(draining: Bool)
    }

    /// What the worker owns. `@unchecked Sendable`: touched only inside a drain, on a pool thread,
    /// and drains never overlap: one is submitted only when the queue, under its lock, says none
    /// runs, and that lock orders one drain's writes before the next one's reads.
    private final class WriterState: @unchecked Sendable {
        var writer: TapeWriter?
        var failure: String?
        /// The header, until the file is created: then let go (a handshake may be large).
        var metadata: TapeMetadata?
        /// The file was closed by `seal()`: the next record reopens it to append.
        var sealed = false
        /// Records and file bytes of the frames written before the current writer's.
        var sealedRecords = 0
        var sealedBytes: UInt64 = 0
        var lastTime: UInt64?
    }

    let path: String
    /// The tape's number: the proxy's number of its first connection, as in its file name.
    let id: UInt32
    /// Monotonic nanoseconds (`MonotonicClock`) when the tape's time 0 is.
    let start: UInt64
    let highWatermark: Int
    let lowWatermark: Int
    /// Queued bytes that wake the worker without waiting for the next tick.
    let wakeBytes: Int
    private let options: TapeWriterOptions
    private let redactor: Redactor
    private let pool: NIOThreadPool
    private let queue = NIOLockedValueBox(Queue())
    private let state = WriterState()
    private let onResume: @Sendable () -> Void
    private let onClosed: @Sendable (RecordedTape) -> Void
    private let onFailure: @Sendable (String) -> Void

    init(
        path: String, id: UInt32, start: UInt64, metadata: TapeMetadata, options: TapeWriterOptions,
        redactor: Redactor, pool: NIOThreadPool, highWatermark: Int,
        onResume: @escaping @Sendable () -> Void, onClosed: @escaping @Sendable (RecordedTape) -> Void,
        onFailure: @escaping @Sendable (String) -> Void
    ) {
        self.path = path
        self.id = id
        self.start = start
        state.metadata = metadata
        self.options = options
        self.redactor = redactor
        self.pool = pool
        self.highWatermark = highWatermark
        self.lowWatermark = highWatermark / 2
        self.wakeBytes = max(1, highWatermark / 8)
        self.onResume = onResume
        self.onClosed = onClosed
        self.onFailure = onFailure
    }

    /// Opens the file at once, so a connection killed before its first message still leaves a
    /// tape. Called once, when the tape table knows the tape: a failure reaches its connections.
    func startWriting() {
        if queue.withLockedValue({ $0.startDraining() }) { submitDrain() }
    }

    /// Tape time now.
    func now() -> UInt64 { MonotonicClock.now() &- start }

    /// Stamps a record with this tape's time and its connection's number (the one place a record
    /// is stamped) and queues it; returns true when the queue is over its bound and reading should
    /// pause.
    @discardableResult
    func append(_ relayed: RelayRecord, connection: UInt32) -> Bool {
        var record = TapeRecord(
            time: now(), connection: connection, direction: relayed.direction, kind: relayed.kind,
            closeCode: relayed.closeCode, fragmentCount: relayed.fragmentCount, endedBy: relayed.endedBy,
            refusalStatus: relayed.refusalStatus,
            payload: relayed.payload)
        let size = record.payload.count + 32
        let (startDrain, overBudget): (Bool, Bool) = queue.withLockedValue { queue in
            guard !queue.isClosing else { return (false, false) }
            // Markers and a session's connections come from other threads: keep times monotonic
            // whatever the order of arrival.
            if record.time < queue.lastTime { record.time = queue.lastTime }
            queue.lastTime = record.time
            queue.items.append(.record(record))
            queue.bytes += size
            if record.kind == .text || record.kind == .binary { queue.messages += 1 }
            let over = queue.bytes > highWatermark
            switch queue.phase {
            case .draining(let paused, let flushCheckQueued):
                queue.phase = .draining(paused: paused || over, flushCheckQueued: flushCheckQueued)
                return (false, paused || over)
            case .idle where queue.bytes >= wakeBytes:
                // The watermark is above `wakeBytes`: a queue over it always wakes the worker.
                queue.phase = .draining(paused: over, flushCheckQueued: false)
                return (true, over)
            case .idle, .closing:
                // Small batches wait for the next tick.
                return (false, false)
            }
        }
        if startDrain { submitDrain() }
        return overBudget
    }

    /// Called by the proxy's timer: hands the records waiting since the last tick to the worker,
    /// and asks it to flush when the oldest unflushed record is due.
    func tick() {
        let time = now()
        let startDrain: Bool = queue.withLockedValue { queue in
            let flushDue = queue.nextFlushDue.map { time >= $0 } ?? false
            switch queue.phase {
            case .closing, .draining(_, flushCheckQueued: true):
                return false
            case .draining(let paused, flushCheckQueued: false):
                guard flushDue else { return false }
                queue.items.append(.flushIfDue(time))
                queue.phase = .draining(paused: paused, flushCheckQueued: true)
                return false
            case .idle:
                if flushDue { queue.items.append(.flushIfDue(time)) }
                guard !queue.items.isEmpty else { return false }
                queue.phase = .draining(paused: false, flushCheckQueued: flushDue)
                return true
            }
        }
        if startDrain { submitDrain() }
    }

    /// Closes the file after every queued record, complete, and lets go of the writer: a session
    /// waiting for a reconnect holds no file. The next record reopens it.
    func seal() {
        schedule { queue in
            guard !queue.isClosing else { return }
            queue.items.append(.seal)
        }
    }

    /// Closes the tape after every queued record; `onClosed` runs on the worker afterwards.
    func close() {
        schedule { queue in
            switch queue.phase {
            case .closing: return
            case .idle: queue.phase = .closing(draining: false)
            case .draining: queue.phase = .closing(draining: true)
            }
            queue.items.append(.close)
        }
    }

    /// Whether reading is paused for this tape's sake.
    var isPaused: Bool {
        queue.withLockedValue { queue in
            if case .draining(paused: true, _) = queue.phase { true } else { false }
        }
    }

    /// Messages (text and binary records) queued so far, and bytes written to the file so far.
    var counts: (messages: Int, compressedBytes: UInt64) {
        queue.withLockedValue { ($0.messages, $0.compressedBytes) }
    }

    private func schedule(_ change: (inout Queue) -> Void) {
        let startDrain: Bool = queue.withLockedValue { queue in
            change(&queue)
            return queue.startDraining()
        }
        if startDrain { submitDrain() }
    }

    private func submitDrain() {
        pool.submit { _ in self.drain() }
    }

    private func drain() {
        if state.writer == nil && state.failure == nil && !state.sealed {
            openWriter()
        }
        while true {
            let items: [Item] = queue.withLockedValue { queue in
                let items = queue.items
                queue.items = []
                if items.isEmpty {
                    switch queue.phase {
                    case .draining: queue.phase = .idle
                    case .closing: queue.phase = .closing(draining: false)
                    case .idle: break
                    }
                }
                return items
            }
            if items.isEmpty { return }
            var done = 0
            var closed = false
            for item in items {
                switch item {
                case .record(let record):
                    done += record.payload.count + 32
                    write(record)
                case .flushIfDue(let time):
                    if let writer = state.writer, state.failure == nil {
                        do { try writer.flushIfDue(now: time) } catch { fail("\(error)") }
                    }
                case .seal:
                    sealWriter()
                case .close:
                    closed = true
                }
            }
            let due = state.writer?.nextFlushDue
            let written = state.sealedBytes + (state.writer?.compressedBytes ?? 0)
            let wake: Bool = queue.withLockedValue { queue in
                queue.bytes -= done
                queue.nextFlushDue = due
                queue.compressedBytes = written
                guard case .draining(let paused, _) = queue.phase else { return false }
                let resume = paused && queue.bytes <= lowWatermark
                queue.phase = .draining(paused: paused && !resume, flushCheckQueued: false)
                return resume
            }
            if wake { onResume() }
            if closed { finish() }
        }
    }

    private func openWriter() {
        guard let metadata = state.metadata else { return }
        state.metadata = nil
        do {
            state.writer = try TapeWriter(path: path, metadata: redactor.redactingHandshake(of: metadata), options: options)
        } catch {
            fail("\(error)")
        }
    }

    /// Ends the current frame and closes the file; its counts are kept.
    private func sealWriter() {
        guard let writer = state.writer else { return }
        state.writer = nil
        state.sealed = true
        state.sealedRecords += writer.recordCount
        state.lastTime = writer.lastTime ?? state.lastTime
        if state.failure == nil {
            do { try writer.close() } catch { fail("\(error)") }
        }
        state.sealedBytes += writer.compressedBytes
    }

    private func write(_ record: TapeRecord) {
        guard state.failure == nil else { return }
        if state.writer == nil, state.sealed {
            do {
                state.writer = try TapeWriter(appendingTo: path, lastTime: state.lastTime, options: options)
                state.sealed = false
            } catch {
                fail("\(error)")
                return
            }
        }
        guard let writer = state.writer else { return }
        do { try writer.append(redactor.redacting(record)) } catch { fail("\(error)") }
    }

    private func finish() {
        sealWriter()
        onClosed(
            RecordedTape(
                path: path, id: id, recordCount: state.sealedRecords, compressedBytes: state.sealedBytes,
                failure: state.failure))
    }

    private func fail(_ reason: String) {
        guard state.failure == nil else { return }
        state.failure = reason
        onFailure("\(path): recording stopped: \(reason)")
    }
}

/// A tape the proxy finished writing.
package struct RecordedTape: Sendable, Equatable {
    package var path: String
    /// The proxy's number of the tape's first connection.
    package var id: UInt32
    package var recordCount: Int
    package var compressedBytes: UInt64
    /// Why recording stopped early (a write error), or nil when the tape is complete.
    package var failure: String?
}
