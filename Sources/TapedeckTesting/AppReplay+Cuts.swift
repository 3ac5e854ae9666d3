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
            guard let outcome = await cutting.cut(tape: tape, after: record, check, records: records) else { continue }
            report.cuts.append(record)
            report.offlineActions += outcome.offline
            if let failure = outcome.failure { report.failures.append(failure) }
            if !report.failures.isEmpty && check.stopsAtFirstFailure { break }
        }
        if report.cuts.isEmpty { report.noCut = .noPoint(check.at, records: records.count) }
        return report
    }

    /// One cut: nil when no connection was open after `record`; else the failure, if any, and the
    /// actions taken offline.
    @MainActor
    private func cut(tape: String, after record: Int, _ check: CutCheck, records: [TapeRecord]) async
        -> (failure: CutFailure?, offline: [OfflineAction])?
    {
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
        network.leaveTape()
        network.ended(afterRecord: record)
        socket.deliverFailure("tapedeck cut the connection after record \(record)")
        await player.lockstep.settle(socket, player.adapter, network)

        var problems: [CutProblem] = []
        if player.adapter.isConnected() == true { problems.append(.stillConnected) }
        var offline = await takeOfflineActions(after: record, check.offlineActions, records: records, &player)
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
        for index in offline.indices {
            offline[index].fate = fate(of: offline[index], records: records, player.adapter, network, socketsBefore: tasksBefore)
            if offline[index].fate == .lost && player.adapter.actionsSurviveOutages {
                problems.append(.actionLost(offline[index]))
            }
        }
        if socket.receivesAfterEnd > 10 { problems.append(.receiveLoopDidNotEnd(receives: socket.receivesAfterEnd)) }
        return (problems.isEmpty ? nil : CutFailure(record: record, time: cutAt, problems: problems), offline)
    }

    /// The player taps while offline: the next `count` recorded client messages after `record`
    /// that the adapter performs as user actions, the app settled after each. Their fates come later.
    @MainActor
    private func takeOfflineActions(after record: Int, _ count: Int, records: [TapeRecord], _ player: inout Player) async
        -> [OfflineAction]
    {
        var taken: [OfflineAction] = []
        for index in records.indices.dropFirst(record + 1) where taken.count < count {
            let recorded = records[index]
            guard recorded.direction == .c2s, recorded.kind == .text else { continue }
            let message = SocketMessage(isText: true, bytes: recorded.payload)
            guard player.adapter.performUserAction(for: message) == .performed else { continue }
            await player.lockstep.settle(nil, player.adapter, player.network)
            taken.append(OfflineAction(type: ReplayNetwork.typeName(of: recorded.payload), record: index, fate: .lost))
        }
        return taken
    }

    /// Sent on a connection the app made after the cut (a message of the same type), shown as
    /// failed, or lost.
    @MainActor
    private func fate(
        of action: OfflineAction, records: [TapeRecord], _ adapter: Adapter, _ network: ReplayNetwork, socketsBefore: Int
    ) -> OfflineAction.Fate {
        for (index, socket) in network.sockets.enumerated().dropFirst(socketsBefore) {
            let sentIt = socket.sentMessages.contains { message in
                guard case .string(let text) = message else { return false }
                return ReplayNetwork.typeName(of: Array(text.utf8)) == action.type
            }
            if sentIt { return .sent(connection: index + 1) }
        }
        if adapter.showsFailed(SocketMessage(isText: true, bytes: records[action.record].payload)) { return .shownFailed }
        return .lost
    }
}
