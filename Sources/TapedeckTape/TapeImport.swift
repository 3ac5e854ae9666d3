import TapedeckCore

/// Builds a tape from its JSON Lines form.
public enum TapeImport {
    /// Why an import failed.
    public enum Failure: Error, Sendable, Equatable, CustomStringConvertible {
        /// A line of the JSON Lines file is wrong, at this line and column.
        case jsonLines(TextFileError)
        /// The file cannot be read, or the tape cannot be written.
        case tape(TapeError)

        /// The underlying error's description.
        public var description: String {
            switch self {
            case .jsonLines(let error): error.description
            case .tape(let error): error.description
            }
        }
    }

    /// Reads `jsonLinesPath` and writes the tape to `tapePath`. `metadata` is used when the file has
    /// no header line. Returns the number of records written. The tape replaces `tapePath` whole
    /// when it is complete (`replacesAtClose` is always on): an error leaves `tapePath` as it was.
    /// A line over `maxLineLength` bytes is an error, read no further than the limit.
    ///
    /// - Parameters:
    ///   - jsonLinesPath: The JSON Lines file: an optional header line, then a record a line; blank
    ///     lines are skipped.
    ///   - tapePath: Where to write the tape.
    ///   - fallback: The metadata for a file without a header line.
    ///   - options: How the tape is written; `replacesAtClose` is always on.
    ///   - maxLineLength: The longest line read, in bytes; `TapeJSONLines.maxLineLength` by default.
    /// - Returns: How many records the tape has.
    /// - Throws: `Failure.jsonLines` for a line that does not decode, a header that is not first, a
    ///   time that goes back or lies outside `TapeTimeRange`; `Failure.tape` when the file cannot be
    ///   read (a line too long included) or the tape cannot be written.
    @discardableResult
    public static func jsonLines(
        from jsonLinesPath: String, to tapePath: String, metadata fallback: TapeMetadata,
        options: TapeWriterOptions = TapeWriterOptions(), maxLineLength: Int = TapeJSONLines.maxLineLength
    ) throws(Failure) -> Int {
        var options = options
        options.replacesAtClose = true
        let lines: LineReader
        do { lines = try LineReader(path: jsonLinesPath, maxLineLength: maxLineLength) } catch { throw .tape(error) }
        var writer: TapeWriter?
        var lineNumber = 0
        var previousTime: UInt64 = 0
        var created: Int64 = 0
        func fail(_ line: [UInt8], _ offset: Int, _ message: String) -> Failure {
            .jsonLines(TextFileError(path: jsonLinesPath, line: lineNumber, bytes: line, offset: offset, message: message))
        }
        func column(of key: String, in line: [UInt8]) -> Int {
            line.firstRange(of: Array("\"\(key)\":".utf8))?.upperBound ?? 0
        }
        /// The writer for a file without a header line, whose creation time the caller gave.
        func fallbackWriter(_ line: [UInt8]) throws -> TapeWriter {
            switch TapeTimeRange.created(fallback.created) {
            case .success(let milliseconds): created = milliseconds
            case .failure(let problem): throw fail(line, 0, "the file has no header line, and \(problem)")
            }
            return try TapeWriter(path: tapePath, metadata: fallback, options: options)
        }
        do {
            while let line = try lines.nextLine() {
                lineNumber += 1
                if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) { continue }
                let decoded: TapeJSONLinesDecoder.Line
                do {
                    decoded = try TapeJSONLinesDecoder.decode(line)
                } catch {
                    throw fail(line, error.offset, error.message)
                }
                switch decoded {
                case .header(let metadata):
                    guard writer == nil else { throw fail(line, 0, "a header line may only come first") }
                    switch TapeTimeRange.created(metadata.created) {
                    case .success(let milliseconds): created = milliseconds
                    case .failure(let problem): throw fail(line, column(of: "created", in: line), "\(problem)")
                    }
                    writer = try TapeWriter(path: tapePath, metadata: metadata, options: options)
                case .record(let record):
                    if writer == nil { writer = try fallbackWriter(line) }
                    guard record.time >= previousTime else {
                        throw fail(
                            line, column(of: "t", in: line),
                            "\"t\" \(record.time) is before the previous record's \(previousTime); times must not decrease")
                    }
                    if let problem = TapeTimeRange.recordTimeProblem(record.time, createdMilliseconds: created) {
                        throw fail(line, column(of: "t", in: line), "\"t\": \(problem)")
                    }
                    previousTime = record.time
                    try writer?.append(record)
                }
            }
            let finished = try writer ?? fallbackWriter([])
            try finished.close()
            return finished.recordCount
        } catch let error as Failure {
            throw error
        } catch let error as TapeError {
            throw .tape(error)
        } catch {
            throw .tape(.writeFailed(path: tapePath, reason: "\(error)"))
        }
    }
}
