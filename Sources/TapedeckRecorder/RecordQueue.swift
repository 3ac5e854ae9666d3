import Foundation
import TapedeckCore
import TapedeckTape

/// The hand-off between the app's threads and the recorder's writer thread: a bounded list of
/// records behind one lock. `push` never waits for the writer: when `capacity` records are
/// already waiting it counts the record as dropped and returns. The writer takes everything
/// waiting in one swap (`take`), so the lock is held for an append or a swap, never for I/O.
///
/// Record times are read from the clock inside the lock, so the queue's order is the time order
/// the tape format requires, whatever thread records.
///
/// `@unchecked Sendable`: every stored property is read and written only while `condition` is
/// held (Foundation's `NSCondition`, portable to Linux; `Mutex` needs iOS 18).
final class RecordQueue: @unchecked Sendable {
    let capacity: Int
    private let clock: MonotonicClock
    private let condition = NSCondition()
    private var waiting: [TapeRecord]
    private var spare: [TapeRecord]
    private var droppedTotal = 0
    private var lastDropTime: UInt64 = 0
    private var connection: UInt32 = 0
    private var openedAny = false
    /// Set when the writer should wake before its timer: half full, or a request is waiting.
    private var wakeRequested = false
    private var writerSleeping = false
    private var suspended = false
    /// Test hook: the writer takes nothing, requests included, until released.
    private var held = false
    private var requests: [WriterRequest] = []
    private var writerStopped = false

    init(capacity: Int, clock: MonotonicClock) {
        self.capacity = capacity
        self.clock = clock
        waiting = []
        waiting.reserveCapacity(capacity)
        spare = []
        spare.reserveCapacity(capacity)
    }

    /// Queues a record stamped with the clock's time now, or counts it as dropped when full.
    /// `opensConnection` starts the next connection id (the first open is connection 0).
    /// Returns false when dropped.
    @discardableResult
    func push(
        direction: TapeRecord.Direction, kind: TapeRecord.Kind, closeCode: UInt16? = nil, payload: [UInt8],
        opensConnection: Bool = false
    ) -> Bool {
        condition.lock()
        let now = clock.elapsedNanoseconds()
        if opensConnection {
            if openedAny { connection &+= 1 }
            openedAny = true
        }
        guard waiting.count < capacity, !writerStopped else {
            droppedTotal += 1
            lastDropTime = now
            condition.unlock()
            return false
        }
        waiting.append(
            TapeRecord(
                time: now, connection: connection, direction: direction, kind: kind,
                closeCode: closeCode, payload: payload))
        if waiting.count == capacity / 2, writerSleeping, !wakeRequested {
            wakeRequested = true
            condition.signal()
        }
        condition.unlock()
        return true
    }

    /// Records dropped so far because the queue was full.
    var droppedCount: Int {
        condition.lock()
        defer { condition.unlock() }
        return droppedTotal
    }

    /// What the writer gets from one `take`.
    struct Batch {
        var records: [TapeRecord]
        /// Drops counted so far (nil while suspended: the records before them are held back), and
        /// the time of the latest one.
        var droppedTotal: Int?
        var lastDropTime: UInt64
        var requests: [WriterRequest]
    }

    /// Waits until half full, a request arrives, or `timeout` seconds pass (while suspended, only a
    /// request or a resume ends the wait early), then takes everything waiting. `recycled` is the
    /// writer's emptied array from the previous batch, kept for its capacity.
    func take(timeout: Double, recycled: [TapeRecord]) -> Batch {
        condition.lock()
        defer { condition.unlock() }
        spare = recycled
        spare.removeAll(keepingCapacity: true)
        let deadline = Date(timeIntervalSinceNow: timeout)
        while held || (requests.isEmpty && (suspended || (!wakeRequested && waiting.count < capacity / 2))) {
            writerSleeping = true
            if suspended || held {
                condition.wait()
            } else if !condition.wait(until: deadline) {
                writerSleeping = false
                break
            }
            writerSleeping = false
        }
        wakeRequested = false
        var batch = Batch(records: [], droppedTotal: nil, lastDropTime: lastDropTime, requests: requests)
        requests.removeAll()
        guard !suspended else { return batch }
        batch.droppedTotal = droppedTotal
        swap(&waiting, &spare)
        batch.records = spare
        spare = []
        return batch
    }

    /// Hands the writer a request (export, stop) and wakes it. Returns false, doing nothing, once
    /// the writer has stopped: nobody would answer.
    func submit(_ request: WriterRequest) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        guard !writerStopped else { return false }
        requests.append(request)
        condition.signal()
        return true
    }

    /// The writer's last act: later requests are refused, later records dropped and counted.
    func writerDidStop() {
        condition.lock()
        writerStopped = true
        waiting.removeAll()
        condition.unlock()
    }

    /// Stops the writer from taking anything, requests included, so tests can show a call does not wait for it.
    func setHeld(_ value: Bool) {
        condition.lock()
        held = value
        condition.signal()
        condition.unlock()
    }

    /// Stops the writer from taking records (it still answers requests), so tests can fill the queue.
    func setSuspended(_ value: Bool) {
        condition.lock()
        suspended = value
        condition.signal()
        condition.unlock()
    }
}
