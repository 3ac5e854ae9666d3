import TapedeckTape

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Joins segments into one tape: their records from tape time `cutoff` on, in order, under one
/// header. The segments of one run share a time base, so the joined times stay as recorded.
/// Written beside `path` and renamed over it once complete: an attachment is never half a tape.
/// With `endsAtDamage` (a crashed run's segments, the last one cut off by the kill) a segment is
/// read up to where it is truncated or damaged, and one whose header cannot be read is passed over.
enum SegmentJoiner {
    struct Joined {
        var recordCount: Int
        var bytes: UInt64
    }

    static func join(
        _ segments: [String], from cutoff: UInt64, metadata: TapeMetadata,
        to path: String, endsAtDamage: Bool = false
    ) throws(FlightRecorderError) -> Joined {
        let temporary = path + ".partial"
        do {
            let output = try TapeWriter(path: temporary, metadata: metadata, options: RecorderWriter.segmentOptions)
            for segment in segments {
                guard let reader = try open(segment, endsAtDamage: endsAtDamage) else { continue }
                while let record = try next(reader, endsAtDamage: endsAtDamage) {
                    guard record.time >= cutoff else { continue }
                    try output.append(record)
                    if output.pendingBytes >= RecorderWriter.flushThreshold { try output.flush() }
                }
            }
            try output.close()
            guard rename(temporary, path) == 0 else {
                let reason = POSIXFile.errorText(errno)
                _ = unlink(temporary)
                throw FlightRecorderError("cannot move the export into place at \(path): \(reason)")
            }
            return Joined(recordCount: output.recordCount, bytes: output.compressedBytes)
        } catch let error as TapeError {
            _ = unlink(temporary)
            throw FlightRecorderError(error)
        } catch let error as FlightRecorderError {
            throw error
        } catch {
            throw FlightRecorderError("export to \(path) failed: \(error)")
        }
    }

    private static func open(_ segment: String, endsAtDamage: Bool) throws(TapeError) -> TapeReader? {
        do { return try TapeReader(path: segment) } catch { if endsAtDamage { return nil } else { throw error } }
    }

    private static func next(_ reader: TapeReader, endsAtDamage: Bool) throws(TapeError) -> TapeRecord? {
        do { return try reader.next() } catch {
            guard endsAtDamage else { throw error }
            switch error {
            case .truncated, .damaged: return nil
            default: throw error
            }
        }
    }

    /// The time of the last record that reads in `segments` (newest last), from the newest segment
    /// that has one: where a crashed run's window ends.
    static func lastTime(of segments: [String]) -> UInt64? {
        for segment in segments.reversed() {
            guard let reader = try? TapeReader(path: segment) else { continue }
            var last: UInt64?
            while let record = try? reader.next() { last = record.time }
            if let last { return last }
        }
        return nil
    }
}
