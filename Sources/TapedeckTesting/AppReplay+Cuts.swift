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
        cutting.readOnce = TapeReadOnce(path: tape, comparing: comparison)
        cutting.checksInvariants = false
        for record in check.records(inTapeOf: cutting.readOnce?.tape.records.count ?? 0) {
            guard let outcome = await cutting.cut(tape: tape, after: record, check) else { continue }
            report.cuts.append(record)
            if let failure = outcome { report.failures.append(failure) }
            if !report.failures.isEmpty && check.stopsAtFirstFailure { break }
        }
        return report
    }

    /// One cut: nil when no connection was open after `record`; else the failure, if any.
    @MainActor
    private func cut(tape: String, after record: Int, _ check: CutCheck) async -> CutFailure?? {
        guard var player = try? await replay(tapes: [tape], limit: .record(record), finishing: false).player else { return nil }
        let network = player.network
        defer {
            network.finish()
            network.clock.end()
        }
        guard let socket = network.sockets.last(where: { $0.connection > 0 && !$0.isEnded }) else { return nil }
        let cutAt = network.time
        let tasksBefore = network.taskTimes.count
        let findingsBefore = network.findings.count
        let before = Reaction(network)
        socket.deliverFailure("tapedeck cut the connection after record \(record)")
        await player.lockstep.settle(socket, player.adapter, network, afterEnd: true)
        // The app must react (a timer or a new task): wait for it in wall time, bounded.
        await before.waitForTheApp(network)

        var problems: [String] = []
        if player.adapter.isConnected() == true { problems.append("the app still says it is connected after the drop") }
        let latest = VirtualTime(nanoseconds: cutAt.nanoseconds + check.reconnect.upperBound.wholeNanoseconds)
        await player.lockstep.runTimers(until: latest, player.adapter, network) { network.taskTimes.count > tasksBefore }
        let earliest = cutAt.nanoseconds + check.reconnect.lowerBound.wholeNanoseconds
        if let reconnected = network.taskTimes.dropFirst(tasksBefore).first {
            let after = DurationText.seconds(reconnected.nanoseconds - cutAt.nanoseconds)
            if reconnected.nanoseconds < earliest {
                problems.append(
                    "the app reconnected \(after) after the drop, before its backoff allows "
                        + "(\(DurationText.seconds(check.reconnect.lowerBound.wholeNanoseconds)))")
            }
        } else {
            problems.append(
                "the app did not reconnect within \(DurationText.seconds(check.reconnect.upperBound.wholeNanoseconds)) of the drop"
            )
        }
        for finding in network.findings.dropFirst(findingsBefore) {
            if case .sentAfterClose = finding.finding { problems.append(finding.finding.summary) }
        }
        if socket.receivesAfterEnd > 10 {
            problems.append(
                "its receive loop did not end: it asked the dropped connection for a message \(socket.receivesAfterEnd) times")
        }
        return .some(problems.isEmpty ? nil : CutFailure(record: record, time: cutAt, problems: problems))
    }
}
