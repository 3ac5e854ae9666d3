/// Decides which checkpoints of one tape fire around each record.
struct CheckpointTracker {
    private(set) var remaining: [Checkpoint]

    init(checkpoints: [Checkpoint]) { remaining = checkpoints }

    /// Time checkpoints fire just before the first record later than their time.
    mutating func firingBefore(tapeTime: UInt64) -> [Checkpoint] {
        take { if case .time(let limit) = $0.trigger { return tapeTime > limit }; return false }
    }

    /// Marker, record and first-message checkpoints fire after their record.
    mutating func firingAfter<Model>(_ step: Replayer<Model>.Step) -> [Checkpoint] {
        guard !remaining.isEmpty else { return [] }
        return take { checkpoint in
            switch checkpoint.trigger {
            case .record(let number): return step.position.record == number
            case .marker(let name): if case .marker(name) = step.input { return true }; return false
            case .firstMessage(let type, let direction):
                guard let found = step.input.messageType, found == type else { return false }
                switch (direction, step.input) {
                case (nil, _), (.s2c?, .server), (.c2s?, .client): return true
                default: return false
                }
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
