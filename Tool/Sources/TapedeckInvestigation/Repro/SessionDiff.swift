import TapedeckCore
import TapedeckProtocol
import TapedeckReplay
import TapedeckTape

/// The first place two sessions differ: in their record streams (record times never count; JSON
/// keys in `ignoredKeys` are removed at every depth before comparing messages) and in their
/// replayed states (snapshots compared after each pair of records, without the ignored keys and
/// without `claimedAt`, which is the record time of a claim).
package struct SessionDiff: Sendable {
    package struct Divergence: Sendable {
        /// The record number in each tape (nil: that tape has ended).
        package var recordA: Int?
        package var recordB: Int?
        /// What differs, e.g. `message.energy`, or why (`B ends first`).
        package var paths: [String]
        package var lines: [String]
    }

    package var messages: Divergence?
    package var state: Divergence?

    /// Keys removed from states in any case: values that are record times.
    package static let timeKeys: Set<String> = ["claimedAt"]

    package init(_ a: ReproTape, _ b: ReproTape, ignoredKeys: Set<String> = []) {
        let count = min(a.records.count, b.records.count)
        for index in 0..<count {
            let recordA = a.records[index]
            let recordB = b.records[index]
            let sameFrame =
                recordA.direction == recordB.direction && recordA.kind == recordB.kind && recordA.closeCode == recordB.closeCode
            let left = Self.normalized(recordA, ignoring: ignoredKeys)
            let right = Self.normalized(recordB, ignoring: ignoredKeys)
            if !sameFrame || left != right {
                let diff = SnapshotDiff(expected: left, actual: right)
                messages = Divergence(
                    recordA: index, recordB: index,
                    paths: sameFrame ? diff?.changedPaths ?? [] : ["direction and kind"],
                    lines: ["A: " + a.line(index), "B: " + b.line(index), "A: −, B: +"] + (diff?.lines ?? []))
                break
            }
        }
        if messages == nil, a.records.count != b.records.count {
            let longer = a.records.count > b.records.count ? "A" : "B"
            messages = Divergence(
                recordA: a.records.count > count ? count : nil, recordB: b.records.count > count ? count : nil,
                paths: [],
                lines: [
                    "\(longer == "A" ? "B" : "A") ends after \(count) records; \(longer) goes on with "
                        + (longer == "A" ? a.line(count) : b.line(count))
                ])
        }
        let stateIgnored = ignoredKeys.union(Self.timeKeys)
        var replayA = Replay(a)
        var replayB = Replay(b)
        for index in 0..<count {
            replayA.step()
            replayB.step()
            let left = Self.removing(stateIgnored, from: replayA.model.snapshot())
            let right = Self.removing(stateIgnored, from: replayB.model.snapshot())
            if let diff = SnapshotDiff(expected: left, actual: right) {
                state = Divergence(
                    recordA: index, recordB: index, paths: diff.changedPaths,
                    lines: ["states differ after record \(index)", "A: −, B: +"] + diff.lines)
                break
            }
        }
    }

    /// One session's replay, a record at a time, past any broken rule.
    private struct Replay {
        var model = ReproSearch().initialModel
        var cursor: ReplayCursor

        init(_ tape: ReproTape) {
            cursor = ReplayCursor(reading: [tape.replayTape()])
            cursor.stopsOnBrokenRules = false
        }

        /// Applies the next record (there are no checkpoints: each step is a record).
        mutating func step() {
            guard case .record(let record, let input, let position)? = try? cursor.next() else { return }
            let delivered = model.replay(record, decoded: input, at: position.sessionTime)
            _ = cursor.applied(record, input, delivered: delivered, modelViolations: [])
        }
    }

    package var isEmpty: Bool { messages == nil && state == nil }

    package var report: String {
        if isEmpty { return "no divergence" }
        var lines: [String] = []
        if let messages {
            lines.append(
                "messages diverge at record \(messages.recordA ?? messages.recordB ?? 0)"
                    + (messages.paths.isEmpty ? "" : ": " + messages.paths.joined(separator: ", ")))
            lines += messages.lines.map { "  " + $0 }
        } else {
            lines.append("messages: no divergence")
        }
        if let state {
            lines.append("state diverges after record \(state.recordA ?? 0): " + state.paths.joined(separator: ", "))
            lines += state.lines.dropFirst().map { "  " + $0 }
        } else {
            lines.append("state: no divergence")
        }
        return lines.joined(separator: "\n")
    }

    /// A record's payload for comparison: parsed JSON without the ignored keys, or its text.
    static func normalized(_ record: TapeRecord, ignoring keys: Set<String>) -> JSONValue {
        if let value = try? JSONValue.parse(record.payload) { return removing(keys, from: value) }
        return .string(String(decoding: record.payload, as: UTF8.self))
    }

    static func removing(_ keys: Set<String>, from value: JSONValue) -> JSONValue {
        guard !keys.isEmpty else { return value }
        switch value {
        case .object(let members):
            var kept: [String: JSONValue] = [:]
            for (key, member) in members where !keys.contains(key) { kept[key] = removing(keys, from: member) }
            return .object(kept)
        case .array(let items):
            return .array(items.map { removing(keys, from: $0) })
        default:
            return value
        }
    }
}
