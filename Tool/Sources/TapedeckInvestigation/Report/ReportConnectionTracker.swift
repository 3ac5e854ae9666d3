import TapedeckTape

/// Follows the records of a session and keeps each connection's lane (`ReportConnection`): the
/// first `close` or `error` after its `open` ends it; an `error` before any `open` is a refusal.
/// Records after the end (the proxy's note of the other side going) change nothing.
struct ReportConnectionTracker {
    private(set) var connections: [ReportConnection] = []
    /// Index into `connections` by tape and connection id.
    private var indices: [Key: Int] = [:]
    private var ended: Set<Key> = []

    private struct Key: Hashable {
        var tape: Int
        var id: UInt32
    }

    mutating func add(_ record: TapeRecord, tape: Int, at time: UInt64) {
        let key = Key(tape: tape, id: record.connection)
        let index: Int
        if let known = indices[key] {
            index = known
        } else {
            index = connections.count
            indices[key] = index
            connections.append(
                ReportConnection(
                    tape: tape, id: record.connection, start: time, opened: nil, endTime: time, end: .open, messages: 0,
                    gapBefore: nil))
        }
        guard !ended.contains(key) else { return }
        var connection = connections[index]
        connection.endTime = time
        switch record.kind {
        case .open:
            if connection.opened == nil { connection.opened = time }
        case .text, .binary:
            connection.messages += 1
        case .close:
            connection.end = .closed(code: Int(record.closeCode ?? 1005), direction: record.direction.name)
            ended.insert(key)
        case .error:
            let reason = String(decoding: record.payload, as: UTF8.self)
            connection.end = connection.opened == nil ? .refused(reason: reason) : .dropped(reason: reason)
            ended.insert(key)
        case .ping, .pong, .marker, .handshake:
            break
        }
        connections[index] = connection
    }

    /// The lanes in the order the connections began, each with the gap since the previous one ended.
    var lanes: [ReportConnection] {
        var lanes = connections.sorted { ($0.start, $0.tape, $0.id) < ($1.start, $1.tape, $1.id) }
        for index in lanes.indices.dropFirst() {
            let previousEnd = lanes[index - 1].endTime
            lanes[index].gapBefore = lanes[index].start >= previousEnd ? lanes[index].start - previousEnd : 0
        }
        return lanes
    }
}
