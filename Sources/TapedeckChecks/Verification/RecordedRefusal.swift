import TapedeckReplay

/// A recorded connection that never opened: the upgrade was refused, or the server could not be
/// reached. The recording proxy notes it as an `error` record with no `open` before it
/// (`upgrade failed: upstream answered 503 Service Unavailable`).
public struct RecordedRefusal: Sendable, Equatable {
    /// The note the tape holds.
    public var reason: String
    /// The HTTP status the server answered, when the note names one (nil: it was not reached).
    public var status: Int?

    /// The refusal a tape's note describes.
    ///
    /// - Parameter reason: The `error` record's note; its HTTP status, if it names one, is read from it.
    public init(reason: String) {
        self.reason = reason
        status = Self.status(in: reason)
    }

    /// The status of the proxy's `upstream answered NNN ...` wording.
    static func status(in reason: String) -> Int? {
        guard let range = reason.range(of: "upstream answered ") else { return nil }
        return Int(reason[range.upperBound...].prefix(while: \.isNumber))
    }
}
