import TapedeckReplay
import TapedeckState
import TapedeckTape

/// A tape read into memory with each record decoded once, so a bug report can be replayed many
/// times over subsets of its records (`shrink`) without reading or decoding again.
package struct ReproTape: Sendable {
    package var path: String
    package var metadata: TapeMetadata
    package var records: [TapeRecord]
    /// `records[i]` decoded as the replayer would (messages, connection events, markers...).
    package var inputs: [ReplayInput]
    /// How reading ended; a truncated or damaged tape keeps the records before the cut.
    package var end: TapeEnd

    package init(path: String, metadata: TapeMetadata, records: [TapeRecord], end: TapeEnd = .complete) {
        self.path = path
        self.metadata = metadata
        self.records = records
        self.end = end
        inputs = records.map(ReplayInput.init(decoding:))
    }

    /// The records at `indices` (all when nil), in that order, for a replay.
    package func replayTape(_ indices: [Int]? = nil) -> ReplayTape {
        .memory(TapeInMemory(path: path, records: records, inputs: inputs, end: end, order: indices))
    }

    /// Reads the whole tape. Throws when it cannot be opened at all; a tape cut short later loads
    /// its complete records and says so in `end`.
    package static func load(_ path: String) throws(ReproError) -> ReproTape {
        let reader: TapeReader
        do {
            reader = try TapeReader(path: path)
        } catch {
            throw ReproError(error.description) // it starts with the path
        }
        var records: [TapeRecord] = []
        while true {
            do {
                guard let record = try reader.next() else { break }
                records.append(record)
            } catch {
                break
            }
        }
        return ReproTape(path: path, metadata: reader.header.metadata, records: records, end: reader.end ?? .complete)
    }

    /// Writes the records at `indices` (in that order, with their own times) as a new tape with
    /// this tape's metadata. The tape replaces `output` whole once it is complete.
    package func write(indices: [Int], to output: String) throws(ReproError) {
        do {
            let writer = try TapeWriter(path: output, metadata: metadata, options: TapeWriterOptions(replacesAtClose: true))
            for index in indices { try writer.append(records[index]) }
            try writer.close()
        } catch {
            throw ReproError(error.description) // it starts with the path and says what failed
        }
    }

    /// One line per record for reports: `record 12 t=1.250s s2c u {"type":"u",...}`.
    package func line(_ index: Int) -> String {
        let record = records[index]
        let excerpt = MessageText.excerpt(record.payload, limit: 100)
        return "record \(index) t=\(TapeTime.text(record.time)) \(inputs[index].summary)"
            + (excerpt.isEmpty ? "" : "  " + excerpt)
    }
}
