import TapedeckChecks
import TapedeckProtocol
import TapedeckReplay
import TapedeckState
import TapedeckTape

/// Builds the report of a session: tapes in session order, each with the search `tapedeck repro`
/// would run on it (its predicate, checkpoints and goldens, from `ReproSetup`).
///
/// - The failure is the first one `ReproSearch` finds, tape by tape: each tape replays alone, as
///   `repro` and `check` replay it, so its checkpoints meet the goldens they were recorded with.
/// - Checkpoints are judged per tape the same way (`CheckpointEvaluation`).
/// - The timeline, type counts, charts and final digest follow the whole session through one
///   `ReplayCursor`, each tape's clock starting where the previous one ended (as `tapedeck
///   replay`), past any broken rule.
package struct SessionReportBuilder: Sendable {
    package var limits: ReportLimits

    package init(limits: ReportLimits = ReportLimits()) { self.limits = limits }

    /// Reads the tapes and their checkpoint files as `tapedeck repro` does, then builds the report.
    /// Throws when a tape cannot be opened, a checkpoint file does not parse or the predicate is bad.
    package func build(tapePaths: [String], until condition: (any StateCondition)? = nil) throws(ReproError) -> SessionReport {
        var tapes: [(tape: ReproTape, search: ReproSearch)] = []
        for path in tapePaths {
            let search = try ReproSetup.search(forTape: path, until: condition)
            tapes.append((tape: try ReproTape.load(path), search: search))
        }
        return build(tapes, predicate: condition?.description)
    }

    package func build(_ tapes: [(tape: ReproTape, search: ReproSearch)], predicate: String? = nil) -> SessionReport {
        var offsets: [Int] = []
        var total = 0
        for (tape, _) in tapes {
            offsets.append(total)
            total += tape.records.count
        }
        var failure: ReportFailure?
        for (tapeIndex, (tape, search)) in tapes.enumerated() {
            var search = search
            search.contextRecords = limits.failureContext
            if let found = search.find(in: tape) {
                failure = reportFailure(found, tape: tape, tapeIndex: tapeIndex, offset: offsets[tapeIndex])
                break
            }
        }
        let checkpoints = tapes.enumerated().flatMap { CheckpointEvaluation.evaluate($1.tape, tapeIndex: $0, search: $1.search) }
        let ranges = limits.ranges(recordCount: total, failureRow: failure?.row)

        var model = ClientState()
        var cursor = ReplayCursor(reading: tapes.map { $0.tape.replayTape() })
        cursor.stopsOnBrokenRules = false
        var rows: [ReportRow] = []
        var typeTotals: [String: Int] = [:]
        var typeEmbedded: [String: Int] = [:]
        var directionTotals: [String: Int] = [:]
        var directionEmbedded: [String: Int] = [:]
        var samples: [ChartSample] = []
        var withoutClock = 0
        var coverage = CoverageReport()
        var lanes = ReportConnectionTracker()
        var rangeIndex = 0
        var index = 0
        for (tape, _) in tapes { coverage.addTape(tape.path) }
        // Tapes in memory open without error; no checkpoints, so every step is a record.
        while case .record(let record, let input, let position)? = try? cursor.next() {
            let delivered = model.replay(record, decoded: input, at: position.sessionTime)
            _ = cursor.applied(record, input, delivered: delivered, modelViolations: [])
            let (tapeIndex, number) = (position.tape, position.record)
            lanes.add(record, tape: tapeIndex, at: position.sessionTime.nanoseconds)
            coverage.count(input, fired: model.firedRules, tape: tapes[tapeIndex].tape.path, record: number)
            let type = ReportRowMaker.type(of: record, input: input)
            typeTotals[type, default: 0] += 1
            directionTotals[record.direction.name, default: 0] += 1
            while rangeIndex < ranges.count, ranges[rangeIndex].upperBound < index { rangeIndex += 1 }
            if rangeIndex < ranges.count, ranges[rangeIndex].contains(index) {
                rows.append(
                    ReportRowMaker.row(
                        record, input: input, index: index, tape: tapeIndex, number: number,
                        detailLines: limits.detailLines))
                typeEmbedded[type, default: 0] += 1
                directionEmbedded[record.direction.name, default: 0] += 1
            }
            if input.changesState {
                let state = model.gameState
                if let minute = GameClock.minutes(
                    date: state.gameDate, hourOfDay: state.hourOfDay, minuteOfHour: state.minuteOfHour)
                {
                    let sample = ChartSample(
                        row: index, gameMinute: minute, tapeTime: position.sessionTime.nanoseconds, energy: state.energy,
                        money: state.money, diamonds: state.diamonds)
                    if samples.last.map({ !$0.plotsLike(sample) }) ?? true { samples.append(sample) }
                } else {
                    withoutClock += 1
                }
            }
            index += 1
        }
        let typeCounts = typeTotals.keys
            .sorted {
                typeTotals[$0]! != typeTotals[$1]!
                    ? typeTotals[$0]! > typeTotals[$1]! : $0.utf8.lexicographicallyPrecedes($1.utf8)
            }
            .map { SessionReport.Count(name: $0, total: typeTotals[$0]!, embedded: typeEmbedded[$0] ?? 0) }
        let directionCounts = TapeRecord.Direction.allCases.map(\.name).filter { directionTotals[$0] != nil }
            .map { SessionReport.Count(name: $0, total: directionTotals[$0]!, embedded: directionEmbedded[$0] ?? 0) }
        return SessionReport(
            tapes: tapes.map { ReportTape($0.tape) }, predicate: predicate, recordCount: total,
            finalDigest: SnapshotDigest.hex(model.snapshot()), typeCounts: typeCounts,
            directionCounts: directionCounts, rows: rows, embeddedRanges: ranges, samples: samples,
            samplesWithoutClock: withoutClock, chartAxis: Self.axis(samples), connections: lanes.lanes,
            checkpoints: checkpoints, failure: failure, coverage: coverage)
    }

    /// Tape time when every sample is at one game minute but the tape's time moves; else game time.
    static func axis(_ samples: [ChartSample]) -> SessionReport.ChartAxis {
        guard let first = samples.first, samples.allSatisfy({ $0.gameMinute == first.gameMinute }),
            samples.contains(where: { $0.tapeTime != first.tapeTime })
        else { return .game }
        return .tape
    }

    private func reportFailure(_ found: ReproFailure, tape: ReproTape, tapeIndex: Int, offset: Int) -> ReportFailure {
        let first = max(0, found.index - limits.failureContext)
        let last = min(tape.records.count - 1, found.index + limits.failureContext)
        let around = (first...last).map { number in
            ReportRowMaker.row(
                tape.records[number], input: tape.inputs[number], index: offset + number, tape: tapeIndex,
                number: number, detailLines: limits.detailLines)
        }
        let hasMessage = found.input.messageType != nil || !found.payload.isEmpty
        return ReportFailure(
            tape: tapeIndex, row: offset + found.index, position: found.position.description,
            signature: found.kind.signature, detail: found.detail,
            message: hasMessage ? MessageText.pretty(found.payload, maxLines: limits.detailLines) : nil,
            stateDiff: SnapshotDiff(expected: found.before, actual: found.after)?.lines, around: around)
    }
}
