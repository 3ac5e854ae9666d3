import TapedeckCore
import TapedeckReplay
import TapedeckState
import TapedeckTape

extension AppReplay where Adapter: AppSocketAdapter {
    /// Cuts the tape's connection after each record `check` picks, each in a replay of its own
    /// from the start, and checks the app's reaction (`CutCheck`). Records with no connection
    /// open after them are not cut. The cuts' replays leave the adapter's invariants to
    /// `check(tape:)`.
    ///
    /// - Parameters:
    ///   - tape: The tape's path; a tape that cannot be read gets no cuts (an empty, passing report).
    ///   - check: Which records to cut after, the reconnect window, and whether to stop at the
    ///     first failure.
    /// - Returns: The records cut after and the failures, in record order.
    @MainActor
    public func checkCuts(tape: String, _ check: CutCheck) async -> CutReport {
        var report = CutReport(tape: tape, cuts: [], failures: [])
        // Each cut replays the tape from the start: read and decode it once. The app's invariants
        // are the replay's check, not the cut's: a broken one would stop the replay before the cut.
        var cutting = self
        let readOnce: TapeReadOnce
        do {
            readOnce = try TapeReadOnce(reading: tape, comparing: comparison)
        } catch {
            report.noCut = .unreadable("\(error)")
            return report
        }
        cutting.readOnce = readOnce
        cutting.checksInvariants = false
        let records = readOnce.tape.records
        for record in check.records(inTapeOf: records.count) {
            guard let outcome = await cutting.cut(tape: tape, after: record, check) else { continue }
            report.cuts.append(record)
            if let failure = outcome { report.failures.append(failure) }
            if !report.failures.isEmpty && check.stopsAtFirstFailure { break }
        }
        if report.cuts.isEmpty { report.noCut = .noPoint(check.at, records: records.count) }
        return report
    }

    /// One cut: nil when no connection was open after `record`; else the failure, if any.
    @MainActor
    private func cut(tape: String, after record: Int, _ check: CutCheck) async -> CutFailure?? {
        AppWork.begin()
        defer { AppWork.end() }
        guard var player = try? await replay(tapes: [tape], limit: .record(record), finishing: false).player else { return nil }
        let network = player.network
        defer {
            network.finish()
            network.end()
        }
        guard let socket = network.sockets.last(where: { $0.connection > 0 && !$0.isEnded }) else { return nil }
        let cutAt = network.time
        let tasksBefore = network.taskTimes.count
        let findingsBefore = network.findings.count
        network.cut(afterRecord: record)
        socket.deliverFailure("tapedeck cut the connection after record \(record)")
        await player.lockstep.settle(socket, player.adapter, network)

        var problems: [CutProblem] = []
        if player.adapter.isConnected() == true { problems.append(.stillConnected) }
        let latest = VirtualTime(nanoseconds: cutAt.nanoseconds + check.reconnect.upperBound.wholeNanoseconds)
        await player.lockstep.runTimers(until: latest, player.adapter, network) { network.taskTimes.count > tasksBefore }
        let earliest = cutAt.nanoseconds + check.reconnect.lowerBound.wholeNanoseconds
        if let reconnected = network.taskTimes.dropFirst(tasksBefore).first {
            if reconnected.nanoseconds < earliest {
                problems.append(
                    .reconnectedEarly(
                        after: reconnected.nanoseconds - cutAt.nanoseconds, backoff: check.reconnect.lowerBound.wholeNanoseconds))
            }
        } else {
            problems.append(.noReconnect(within: check.reconnect.upperBound.wholeNanoseconds))
        }
        for finding in network.findings.dropFirst(findingsBefore) {
            switch finding.finding {
            case .sentAfterClose: problems.append(.sentOnDeadSocket(finding.finding))
            case .reconnectStorm: problems.append(.reconnectStorm(finding.finding))
            case .keptBusy: problems.append(.spinning(finding.finding))
            default: break
            }
        }
        if socket.receivesAfterEnd > 10 { problems.append(.receiveLoopDidNotEnd(receives: socket.receivesAfterEnd)) }
        return .some(problems.isEmpty ? nil : CutFailure(record: record, time: cutAt, problems: problems))
    }
}
