/// A decoder of a file of LZ4 frames that goes unit by unit on `LZ4FrameUnits`: TapedeckTape's
/// `LZ4FrameDecoder`, or the liblz4 reference. Both stop the same ways (`LZ4FrameStop`).
public protocol LZ4FrameStepping: AnyObject {
    /// Bytes produced by decompression so far.
    var uncompressedBytes: UInt64 { get }
    /// Decodes the next unit, appending decompressed bytes to `output`.
    ///
    /// - Parameter output: Where a block's decompressed bytes are appended; a frame's header or end
    ///   appends nothing.
    /// - Returns: `.decoded` after a unit, `.endOfFile` once the file has ended after a complete frame.
    /// - Throws: `LZ4FrameStop` when the file ends inside a frame, a block or checksum is damaged,
    ///   the file is not LZ4, or reading fails.
    func step(into output: inout [UInt8]) throws(LZ4FrameStop) -> LZ4FrameStep
}

extension LZ4FrameStepping {
    /// Decodes the rest of the file at `path`, checksums included, one unit at a time into `block`
    /// (emptied before each, so memory stays bounded by one block); returns the bytes produced.
    ///
    /// - Parameters:
    ///   - path: The file's path, for the error's message.
    ///   - block: A buffer to decode into; it holds the last unit's bytes afterwards.
    /// - Returns: `uncompressedBytes` at the end of the file: every byte produced since the start.
    /// - Throws: `TapeError` for the stop (`LZ4FrameStop.tapeError(path:records:)` with 0 records).
    public func decodeAll(path: String, into block: inout [UInt8]) throws(TapeError) -> UInt64 {
        do {
            while true {
                block.removeAll(keepingCapacity: true)
                if case .endOfFile = try step(into: &block) { return uncompressedBytes }
            }
        } catch {
            throw error.tapeError(path: path, records: 0)
        }
    }
}

/// Why reading a file of LZ4 frames stopped early.
public enum LZ4FrameStop: Error {
    /// The file ends inside a frame; the incomplete unit starts at `atByte`.
    case truncated(atByte: UInt64)
    /// A block, a header or a checksum is wrong at compressed byte `atByte`.
    case damaged(atByte: UInt64, reason: String)
    /// The first bytes are not an LZ4 frame.
    case notLZ4(reason: String)
    /// Reading the file failed.
    case io(TapeError)

    /// The error a tape's reader gives for this stop after `records` whole records.
    ///
    /// - Parameters:
    ///   - path: The tape's path, for the message.
    ///   - records: How many whole records were read before the stop.
    /// - Returns: `.truncated`, `.damaged` or `.notATape` with the path and counts; an I/O error as
    ///   it was.
    public func tapeError(path: String, records: Int) -> TapeError {
        switch self {
        case .truncated(let offset): .truncated(path: path, afterRecords: records, atByte: offset)
        case .damaged(let offset, let reason): .damaged(path: path, afterRecords: records, atByte: offset, reason: reason)
        case .notLZ4(let reason): .notATape(path: path, reason: reason)
        case .io(let error): error
        }
    }
}

/// What one step of a frame decoder did.
public enum LZ4FrameStep {
    /// A unit was decoded; zero or more bytes were appended.
    case decoded
    /// The file ended cleanly after a complete frame.
    case endOfFile
}
