import TapedeckTape

/// Decides which checkpoints of one tape fire around each record; `ReplayCursor` asks it.
struct CheckpointTracker {
    private(set) var remaining: [Checkpoint]
    /// How many messages (and connection events) of each type and direction went by.
    private var seen: [String: Int] = [:]

    init(checkpoints: [Checkpoint]) { remaining = checkpoints }

    /// Time checkpoints fire just before the first record later than their time.
    mutating func firingBefore(tapeTime: UInt64) -> [Checkpoint] {
        guard !remaining.isEmpty else { return [] }
        return take {
            if case .time(let limit) = $0.trigger { return tapeTime > limit }
            return false
        }
    }

    /// Marker, record and message checkpoints fire after their record. With the payload, a
    /// message Tapedeck's decoder rejected still places `first TYPE` checkpoints by its envelope's
    /// `type` (a model that parses the bytes itself got it).
    mutating func firingAfter(position: RecordPosition, input: ReplayInput, payload: [UInt8]?) -> [Checkpoint] {
        guard !remaining.isEmpty else { return [] }
        var type = input.messageType
        var direction = input.direction
        if type == nil, case .undecodable(let undecoded, _) = input, let payload,
            let scanned = EnvelopeTypeScanner.type(in: payload)
        {
            type = String(decoding: scanned, as: UTF8.self)
            direction = undecoded
        }
        switch input {
        case .connection(.opened): type = "open"
        case .connection(.closed): type = "close"
        case .connection(.failed): type = "error"
        default: break
        }
        if let type {
            seen[type, default: 0] += 1
            if let direction { seen[direction.name + " " + type, default: 0] += 1 }
        }
        let seen = self.seen
        return take { checkpoint in
            switch checkpoint.trigger {
            case .record(let number): return position.record == number
            case .marker(let name):
                if case .marker(name) = input { return true }
                return false
            case .message(let wanted, let wantedDirection, let occurrence):
                guard let type, type == wanted else { return false }
                guard wantedDirection == nil || wantedDirection == direction else { return false }
                return seen[wantedDirection.map { $0.name + " " + wanted } ?? wanted] == occurrence
            case .time, .end: return false
            }
        }
    }

    /// At the end of the tape: `end` (only when the tape is complete) and times up to the last record.
    mutating func firingAtEnd(lastTapeTime: UInt64?, complete: Bool) -> [Checkpoint] {
        take { checkpoint in
            switch checkpoint.trigger {
            case .end: return complete
            case .time(let limit): return lastTapeTime.map { limit <= $0 } ?? false
            default: return false
            }
        }
    }

    private mutating func take(_ fires: (Checkpoint) -> Bool) -> [Checkpoint] {
        var fired: [Checkpoint] = []
        remaining.removeAll { checkpoint in
            guard fires(checkpoint) else { return false }
            fired.append(checkpoint)
            return true
        }
        return fired
    }
}
