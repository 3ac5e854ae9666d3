/// Writes a tape's JSON Lines form.
public enum TapeExport {
    /// Writes the header line, then one line per record, until the tape ends. Throws the reader's
    /// error if the tape is truncated or damaged, after writing every record before the problem.
    ///
    /// - Parameters:
    ///   - reader: A tape reader; the records it has not read yet are written (all of them from a
    ///     fresh reader), numbered from 0 in `seq`.
    ///   - output: Where the lines go; flushed before this returns or throws.
    ///   - includeHeader: Whether to write the `{"header":...}` line first; true by default.
    /// - Throws: The reader's `TapeError` for a truncated or damaged tape, or `writeFailed` when
    ///   `output` cannot be written.
    public static func jsonLines(from reader: TapeReader, to output: OutputFile, includeHeader: Bool = true) throws(TapeError) {
        if includeHeader {
            try output.write(TapeJSONLines.headerLine(reader.header.metadata) + [0x0A])
        }
        var seq = 0
        do {
            while let record = try reader.next() {
                var line = TapeJSONLines.recordLine(record, seq: seq)
                line.append(0x0A)
                try output.write(line)
                seq += 1
            }
        } catch {
            try output.flush()
            throw error
        }
        try output.flush()
    }
}
