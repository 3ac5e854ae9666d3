import TapedeckCore
import TapedeckProtocol
import TapedeckReplay
import TapedeckState
import TapedeckTape

/// Replays each tape through two versions of the app side by side (before and after a refactor,
/// say), each through its own socket code, and returns the first record after which they differ:
/// in what they show (`makeA`'s as −, `makeB`'s as +) or, after that, in what they have sent
/// (compared as the send check compares: `sends`). Nil when they agree throughout.
///
/// Each tape gets a fresh pair of apps, as a user opens it; `asOneSession` plays the tapes in
/// order through one pair instead (each tape a reconnect of the same app), so state that outlives
/// a connection is compared too. Throws for a tape that cannot be opened or a bad pattern.
///
/// - Parameters:
///   - tapes: The tapes' paths, played in order.
///   - ignoring: Paths of the snapshots left out of the comparison (`"lifeEvents[*].claimedAt"`).
///   - sends: How what they sent is compared, as the send check compares it; exact by default.
///   - asOneSession: Whether to play the tapes in order through one pair of apps (each tape a
///     reconnect of the same app) instead of a fresh pair per tape; false by default.
///   - makeA: Makes the first app on the network it is given (shown as − in diffs).
///   - makeB: Makes the second app on the network it is given (shown as + in diffs).
/// - Returns: The first record after which the apps differ, with the diff; nil when they agree
///   throughout every tape.
/// - Throws: The setup's error (a pattern of `ignoring` or `sends` that does not parse, a
///   `TAPEDECK_RECORD` that names no mode), or the `TapeError` of a tape that cannot be read.
@MainActor
public func compareApps<A: AppSocketAdapter, B: AppSocketAdapter>(
    tapes: [String], ignoring: [String] = [], sends: SendCheck = SendCheck(), asOneSession: Bool = false,
    _ makeA: @escaping @MainActor (ReplayNetwork) -> A, _ makeB: @escaping @MainActor (ReplayNetwork) -> B
) async throws -> ModelDivergence? {
    let left = AppReplay(goldens: "", ignoring: ignoring, sends: sends, makeAdapter: makeA)
    let right = AppReplay(goldens: "", ignoring: ignoring, sends: sends, makeAdapter: makeB)
    return try await AppComparison(left: left, right: right).run(tapes: tapes, asOneSession: asOneSession)
}

/// The same for apps handed each event by their adapters (no socket seam: sends are not compared).
///
/// - Parameters:
///   - tapes: The tapes' paths, played in order.
///   - ignoring: Paths of the snapshots left out of the comparison (`"lifeEvents[*].claimedAt"`).
///   - asOneSession: Whether to play the tapes in order through one pair of apps (each tape a
///     reconnect of the same app) instead of a fresh pair per tape; false by default.
///   - makeA: Makes the first app (shown as − in diffs).
///   - makeB: Makes the second app (shown as + in diffs).
/// - Returns: The first record after which the apps show different states, with the diff; nil
///   when they agree throughout every tape.
/// - Throws: The setup's error (a pattern of `ignoring` that does not parse, a `TAPEDECK_RECORD`
///   that names no mode), or the `TapeError` of a tape that cannot be read.
@MainActor
public func compareApps<A: AppClientAdapter, B: AppClientAdapter>(
    tapes: [String], ignoring: [String] = [], asOneSession: Bool = false,
    _ makeA: @escaping @MainActor () -> A, _ makeB: @escaping @MainActor () -> B
) async throws -> ModelDivergence? {
    let left = AppReplay(goldens: "", ignoring: ignoring, makeAdapter: makeA)
    let right = AppReplay(goldens: "", ignoring: ignoring, makeAdapter: makeB)
    return try await AppComparison(left: left, right: right).run(tapes: tapes, asOneSession: asOneSession)
}

/// Two replays stepped record by record.
@MainActor
struct AppComparison<A: AppUnderReplay, B: AppUnderReplay> {
    let left: AppReplay<A>
    let right: AppReplay<B>

    /// Whether two snapshots are equal as values, without their JSON: the shortcut for the common
    /// case of one `Equatable` snapshot type (equal values make equal JSON, whatever is ignored).
    static func equal(_ left: A.Snapshot, _ right: B.Snapshot) -> Bool {
        guard let left = left as? any Equatable else { return false }
        return isEqual(left, right)
    }

    private static func isEqual<Value: Equatable>(_ left: Value, _ right: Any) -> Bool { (right as? Value) == left }

    func run(tapes: [String], asOneSession: Bool) async throws -> ModelDivergence? {
        if let setupError = left.setupError { throw setupError }
        for session in asOneSession ? [tapes] : tapes.map({ [$0] }) {
            if let divergence = try await run(session: session) { return divergence }
        }
        return nil
    }

    private func run(session: [String]) async throws -> ModelDivergence? {
        var a = left.makePlayer()
        var b = right.makePlayer()
        if let diff = SnapshotDiff(expected: left.snapshot(of: a.adapter), actual: right.snapshot(of: b.adapter)) {
            return ModelDivergence(
                tape: session[0], position: RecordPosition(tape: 0, record: -1, tapeTime: 0, sessionTime: .zero),
                input: .passive(.open), payload: [], diff: diff)
        }
        var cursor = ReplayCursor(tapes: session)
        var tape = -1
        var sentA = SentMessages(comparison: left.comparison)
        var sentB = SentMessages(comparison: right.comparison)
        while let next = try cursor.next() {
            guard case .record(let record, let input, let position) = next else { continue }
            if position.tape != tape {
                let offset = position.sessionTime.nanoseconds - position.tapeTime
                a.begin(tape: session[position.tape], finishing: tape >= 0, sessionOffset: offset)
                b.begin(tape: session[position.tape], finishing: tape >= 0, sessionOffset: offset)
                tape = position.tape
            }
            let deliveredA = await left.play(&a, record, position)
            let deliveredB = await right.play(&b, record, position)
            _ = cursor.applied(record, input, delivered: deliveredA || deliveredB, modelViolations: [])
            guard deliveredA || deliveredB else { continue }
            sentA.update(from: a.network)
            sentB.update(from: b.network)
            let shown =
                Self.equal(a.adapter.snapshot(), b.adapter.snapshot())
                ? nil
                : SnapshotDiff(expected: left.snapshot(of: a.adapter), actual: right.snapshot(of: b.adapter))
            let sends = sentA.messages == sentB.messages ? nil : SnapshotDiff(expected: sentA.json, actual: sentB.json)
            // Both named when the same record changes the model and what is sent.
            if let diff = shown ?? sends {
                return ModelDivergence(
                    tape: session[position.tape], position: position, input: input, payload: record.payload, diff: diff,
                    sendDiff: shown == nil ? nil : sends)
            }
        }
        return nil
    }
}

/// What an app has sent so far, as the send check compares it: each message read once.
struct SentMessages {
    let comparison: ClientMessageComparison
    private(set) var messages: [JSONValue] = []
    private var read = 0

    init(comparison: ClientMessageComparison) { self.comparison = comparison }

    mutating func update(from network: ReplayNetwork) {
        let sent = network.sent
        guard sent.count > read else { return }
        for message in sent[read...] {
            guard message.isText, case .object(let fields)? = try? JSONValue.parse(message.bytes),
                case .string(let type)? = fields["type"], comparison.judges(type)
            else { continue }
            messages.append(.object(["type": .string(type), "message": comparison.comparable(fields["message"] ?? .null)]))
        }
        read = sent.count
    }

    /// The messages under `sent`, as diffs name them.
    var json: JSONValue { .object(["sent": .array(messages)]) }
}
