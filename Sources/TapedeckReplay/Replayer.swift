import TapedeckProtocol
import TapedeckState
import TapedeckTape

/// Feeds tape records, in order, into a client model with the tape's virtual clock, and checks the
/// invariants after every record that changed the state.
///
/// - s2c text → `ServerMessage.decode` → `receive`; c2s text → `ClientMessage.decode` → `send`;
/// - open / close / error → `ConnectionEvent`; markers are noted; binary, ping and pong are counted;
/// - several tapes in a row are one session across reconnects: `startTape()` shifts the clock so
///   each tape's time 0 is the previous tape's last record time.
///
/// A message that does not decode is recorded in `statistics.decodeFailures` and not applied; the
/// caller decides whether that stops anything.
public struct Replayer<Model: ClientModel> {
    /// What one `apply` did.
    public struct Step {
        public var position: RecordPosition
        public var input: ReplayInput
        /// Broken invariants after this record (model rules first, then stream rules); empty if none.
        public var violations: [InvariantViolation]
    }

    public private(set) var model: Model
    public private(set) var statistics = ReplayStatistics()
    /// Check invariants after each state-changing record.
    public var checksInvariants: Bool
    private var ledger = ClaimLedger()
    private var tapeIndex = -1
    private var tapeOffset: UInt64 = 0
    private var lastSessionTime: UInt64 = 0

    public init(model: Model, checksInvariants: Bool = true) {
        self.model = model
        self.checksInvariants = checksInvariants
    }

    /// Call before the first record of each tape.
    public mutating func startTape() {
        tapeIndex += 1
        tapeOffset = lastSessionTime
    }

    /// The session time a record of the current tape at `tapeTime` gets.
    public func sessionTime(ofTapeTime tapeTime: UInt64) -> UInt64 {
        let (sum, overflow) = tapeOffset.addingReportingOverflow(tapeTime)
        return overflow ? UInt64.max : sum
    }

    /// Which tape of the session is playing (0 for the first).
    public var currentTape: Int { max(tapeIndex, 0) }

    /// Applies one record; `number` is its position in its tape.
    public mutating func apply(_ record: TapeRecord, number: Int) -> Step {
        if tapeIndex < 0 { startTape() }
        let time = sessionTime(ofTapeTime: record.time)
        lastSessionTime = time
        let position = RecordPosition(tape: tapeIndex, record: number, tapeTime: record.time,
                                      sessionTime: VirtualTime(nanoseconds: time))
        statistics.records += 1
        statistics.kindCounts[Int(record.kind.rawValue)] += 1
        let input = decode(record, at: position)
        var violations: [InvariantViolation] = []
        switch input {
        case .server(let message):
            statistics.serverMessages[message.type, default: 0] += 1
            model.receive(message, at: position.sessionTime)
            if let broken = ledger.check(message) { violations.append(broken) }
        case .client(let message):
            statistics.clientMessages[message.type, default: 0] += 1
            ledger.noteSent(message)
            model.send(message, at: position.sessionTime)
        case .connection(let event):
            statistics.connectionEvents += 1
            model.connectionChanged(event, at: position.sessionTime)
        case .marker(let name):
            statistics.markers.append((position, name))
        case .undecodable(let direction, let error):
            statistics.decodeFailures.append(.init(position: position, direction: direction, error: error,
                                                   excerpt: MessageText.excerpt(record.payload, limit: 120)))
        case .passive:
            break
        }
        if checksInvariants && input.changesState {
            let found = model.checkInvariants()
            if !found.isEmpty { violations.insert(contentsOf: found, at: 0) }
        }
        return Step(position: position, input: input, violations: violations)
    }

    func decode(_ record: TapeRecord, at position: RecordPosition) -> ReplayInput {
        switch record.kind {
        case .text:
            switch record.direction {
            case .s2c:
                do { return .server(try ServerMessage.decode(record.payload)) } catch { return .undecodable(.s2c, error) }
            case .c2s:
                do { return .client(try ClientMessage.decode(record.payload)) } catch { return .undecodable(.c2s, error) }
            case .note:
                return .passive(.text)
            }
        case .open:
            return .connection(.opened)
        case .close:
            return .connection(.closed(code: Int(record.closeCode ?? 1005), reason: String(decoding: record.payload, as: UTF8.self)))
        case .error:
            return .connection(.failed(String(decoding: record.payload, as: UTF8.self)))
        case .marker:
            return .marker(String(decoding: record.payload, as: UTF8.self))
        case .binary, .ping, .pong:
            return .passive(record.kind)
        }
    }
}
