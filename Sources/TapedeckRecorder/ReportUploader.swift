import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Sends the waiting reports to the collector on a thread of its own, oldest first, one at a
/// time, with URLSession: `POST` of the tape's bytes with the app's bearer token. A delivered or
/// refused report is deleted; any other outcome keeps it and waits a backoff delay
/// (`RetryBackoff`) before trying the oldest again. Woken when a report is sealed; `stop()`
/// cancels the upload in flight and ends any wait at once. Reports left at a stop (or a kill)
/// are sent by the next run's uploader.
///
/// `@unchecked Sendable`: the app's threads (`wake`, `stop`, `counts`), URLSession's delegate
/// queue (an answer) and the uploader's thread share it; every mutable property is touched only
/// while `condition` is held.
final class ReportUploader: @unchecked Sendable {
    private let pending: PendingReports
    private let endpoint: URL
    private let token: String
    private let backoff: RetryBackoff
    private let pacing: BackoffPacing
    private let session: URLSession
    private let condition = NSCondition()
    private var stopped = false
    private var wakeRequested = false
    private var running = false
    private var task: URLSessionTask?
    private var answer: UploadOutcome?
    private var delivered = 0
    private var rejected = 0
    private var failedAttempts = 0
    private var lastFailure: String?

    /// The MIME type the collector takes (the contract's `Content-Type`).
    static let contentType = "application/vnd.tapedeck.tape"

    init(pending: PendingReports, endpoint: URL, token: String, backoff: RetryBackoff, pacing: BackoffPacing) {
        self.pending = pending
        self.endpoint = endpoint
        self.token = token
        self.backoff = backoff
        self.pacing = pacing
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = 60
        configuration.timeoutIntervalForResource = 600
        configuration.httpCookieStorage = nil
        configuration.urlCache = nil
        session = URLSession(configuration: configuration)
    }

    /// Starts the uploader's thread; it sends what earlier runs left at once.
    func start() {
        condition.lock()
        running = true
        condition.unlock()
        let thread = Thread { [self] in run() }
        thread.name = "TapedeckRecorder uploader"
        thread.qualityOfService = .utility
        thread.start()
    }

    /// A report was sealed: send it unless a backoff wait is under way (the collector is failing).
    func wake() {
        condition.lock()
        wakeRequested = true
        condition.broadcast()
        condition.unlock()
    }

    /// Cancels the upload in flight and ends the thread; with `waits`, returns once it has ended.
    func stop(waits: Bool) {
        condition.lock()
        stopped = true
        let inFlight = task
        condition.broadcast()
        condition.unlock()
        inFlight?.cancel()
        guard waits else { return }
        condition.lock()
        while running { condition.wait() }
        condition.unlock()
    }

    /// Records a failure met outside an upload (a crash report that could not be sealed).
    func note(failure: String) {
        condition.lock()
        lastFailure = failure
        condition.unlock()
    }

    /// What the uploader did this run.
    func counts() -> (delivered: Int, rejected: Int, failedAttempts: Int, lastFailure: String?) {
        condition.lock()
        defer { condition.unlock() }
        return (delivered, rejected, failedAttempts, lastFailure)
    }

    private func run() {
        var failures = 0
        var generator = SystemRandomNumberGenerator()
        while !isStopped {
            guard let report = pending.claimOldest() else {
                waitForWork()
                continue
            }
            guard let body = FileManager.default.contents(atPath: report.path) else {
                // Unreadable (or deleted behind the recorder's back): it would be claimed again at
                // once, forever, so it goes, counted as refused.
                pending.finish(report, delete: true)
                note(refused: report, "the file cannot be read")
                continue
            }
            let outcome = upload(body)
            condition.lock()
            switch outcome {
            case .delivered:
                delivered += 1
                failures = 0
            case .refused(let reason):
                rejected += 1
                failures = 0
                lastFailure = Self.refusal(report, reason)
            case .retry(let reason):
                failedAttempts += 1
                failures += 1
                lastFailure = "\((report.path as NSString).lastPathComponent): \(reason)"
            case .stopped:
                break
            }
            condition.unlock()
            switch outcome {
            case .delivered, .refused: pending.finish(report, delete: true)
            case .retry:
                pending.finish(report, delete: false)
                pause(nanoseconds: pacing.wait(backoff.delay(afterFailures: failures, using: &generator)))
            case .stopped: pending.finish(report, delete: false)
            }
        }
        session.invalidateAndCancel()
        condition.lock()
        running = false
        condition.broadcast()
        condition.unlock()
    }

    private static func refusal(_ report: PendingReports.Entry, _ reason: String) -> String {
        "\((report.path as NSString).lastPathComponent) refused: \(reason)"
    }

    private func note(refused report: PendingReports.Entry, _ reason: String) {
        condition.lock()
        rejected += 1
        lastFailure = Self.refusal(report, reason)
        condition.unlock()
    }

    private var isStopped: Bool {
        condition.lock()
        defer { condition.unlock() }
        return stopped
    }

    /// Waits for a sealed report or a stop.
    private func waitForWork() {
        condition.lock()
        while !wakeRequested, !stopped { condition.wait() }
        wakeRequested = false
        condition.unlock()
    }

    /// Waits out a backoff delay; only a stop ends it early (a new report waits its turn).
    private func pause(nanoseconds: UInt64) {
        let deadline = Date(timeIntervalSinceNow: Double(nanoseconds) / 1e9)
        condition.lock()
        while !stopped, condition.wait(until: deadline) {}
        wakeRequested = false
        condition.unlock()
    }

    /// One `POST` of `body`, waiting on this thread for the answer or a stop.
    private func upload(_ body: Data) -> UploadOutcome {
        var request = URLRequest(url: endpoint)
        request.httpMethod = "POST"
        request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
        request.setValue(Self.contentType, forHTTPHeaderField: "Content-Type")
        let task = session.uploadTask(with: request, from: body) { [self] data, response, error in
            let outcome: UploadOutcome
            if let response = response as? HTTPURLResponse {
                outcome = UploadOutcome.of(status: response.statusCode, body: data)
            } else {
                outcome = .retry(error.map { "no answer: \($0.localizedDescription)" } ?? "no HTTP answer")
            }
            condition.lock()
            answer = outcome
            condition.broadcast()
            condition.unlock()
        }
        condition.lock()
        guard !stopped else {
            condition.unlock()
            return .stopped
        }
        answer = nil
        self.task = task
        condition.unlock()
        task.resume()
        condition.lock()
        defer { condition.unlock() }
        while answer == nil, !stopped { condition.wait() }
        self.task = nil
        guard !stopped, let outcome = answer else { return .stopped }
        return outcome
    }
}
