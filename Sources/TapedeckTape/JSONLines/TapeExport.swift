/// Writes a tape's JSON Lines form.
public enum TapeExport {
    /// Writes the header line, then one line per record, until the tape ends. Throws the reader's
    /// error if the tape is truncated or damaged, after writing every record before the problem.
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
