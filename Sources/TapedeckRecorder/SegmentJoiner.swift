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
enum SegmentJoiner {
    struct Joined {
        var recordCount: Int
        var bytes: UInt64
    }

    static func join(
        _ segments: [String], from cutoff: UInt64, metadata: TapeMetadata,
        to path: String
    ) throws(FlightRecorderError) -> Joined {
        let temporary = path + ".partial"
        do {
            let output = try TapeWriter(path: temporary, metadata: metadata, options: RecorderWriter.segmentOptions)
            for segment in segments {
                let reader = try TapeReader(path: segment)
                while let record = try reader.next() {
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
}
