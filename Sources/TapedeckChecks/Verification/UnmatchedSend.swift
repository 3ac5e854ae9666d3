import TapedeckReplay

/// A client message the served session had no answer for.
public struct UnmatchedSend: Sendable, Equatable, CustomStringConvertible {
    /// 0-based count of client messages sent before this one.
    public var sendIndex: Int
    /// The sent message's envelope `type` ("" when it has none).
    public var type: String
    /// The type of the next client message recorded on the tape, nil when the tape has no more.
    public var expectedType: String?
    /// Which match field differed, when the types agree: `eventId: "e1" ≠ "e2"`.
    public var difference: String?
    /// The tape record index of the recorded client message it was compared with.
    public var recordIndex: Int?

    /// A send the session could not answer.
    ///
    /// - Parameters:
    ///   - sendIndex: How many client messages were sent before it.
    ///   - type: Its `type`.
    ///   - expectedType: The next recorded client message's type, or nil when there is none.
    ///   - difference: The match field that differed, when the types agree.
    ///   - recordIndex: The record it was compared with.
    public init(sendIndex: Int, type: String, expectedType: String?, difference: String? = nil, recordIndex: Int? = nil) {
        self.sendIndex = sendIndex
        self.type = type
        self.expectedType = expectedType
        self.difference = difference
        self.recordIndex = recordIndex
    }

    public var description: String {
        guard let expectedType else { return "unmatched send #\(sendIndex + 1) \(type): the tape has no more client messages" }
        let record = recordIndex.map { " (tape record \($0))" } ?? ""
        if let difference {
            return "unmatched send #\(sendIndex + 1) \(type): \(difference) against the tape's next \(expectedType)\(record)"
        }
        return "unmatched send #\(sendIndex + 1) \(type): the tape's next client message is \(expectedType)\(record)"
    }
}
