import Foundation

/// What one upload of a report came to, by the contract's client rule (docs/REPRO.md): 2xx is
/// delivered; 400, 413 and 415 are refused for good; anything else is kept and retried.
enum UploadOutcome: Equatable {
    /// The collector has the report (201 stored, 200 a duplicate of one it stored): delete it.
    case delivered
    /// The collector will never take it (not a tape, too large, wrong type): delete and count it.
    case refused(String)
    /// Try again later: 401, 5xx, any other answer, or no answer (network error, timeout).
    case retry(String)
    /// `stop()` ended the upload: keep the report for the next launch.
    case stopped

    /// The outcome of an HTTP answer with `status` and `body` (the collector's JSON).
    static func of(status: Int, body: Data?) -> UploadOutcome {
        switch status {
        case 200..<300: return .delivered
        case 400, 413, 415: return .refused(describe(status, body))
        default: return .retry(describe(status, body))
        }
    }

    /// "HTTP 401: the upload token is wrong": the status and the collector's `error`, if it gave one.
    static func describe(_ status: Int, _ body: Data?) -> String {
        let object = body.flatMap { try? JSONSerialization.jsonObject(with: $0) as? [String: Any] }
        guard let message = object?["error"] as? String, !message.isEmpty else { return "HTTP \(status)" }
        return "HTTP \(status): \(message)"
    }
}
