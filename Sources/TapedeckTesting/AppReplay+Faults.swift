import TapedeckCore
import TapedeckReplay
import TapedeckTape

extension AppReplay where Adapter: AppSocketAdapter {
    /// Runs the schedules drawn from `seeds` (`FaultSchedule.drawn`), each in a replay of its own,
    /// and checks the app's reaction to each fault against what it declares (`FaultCheck`). A
    /// failing schedule is shrunk to the fewest faults at the earliest point that still fail, and
    /// reported with its seed, so `checkFaults(tape:_:schedules:)` reruns it.
    ///
    /// - Parameters:
    ///   - tape: The tape's path.
    ///   - check: What the app declares of its reconnects.
    ///   - seeds: The seeds to draw schedules from.
    /// - Returns: The report; it fails when no schedule ran (an unreadable tape, no seed).
    @MainActor
    public func checkFaults(tape: String, _ check: FaultCheck, seeds: ClosedRange<UInt64>) async -> FaultReport {
        var kinds: [Fault] = [.drop, .close(code: 1001), .close(code: 1011), .refusals(count: 2)]
        if check.stallTimeout != nil { kinds.append(.stall) }
        if let answerTimeout = check.answerTimeout { kinds.append(.slowServer(delay: answerTimeout / 2)) }
        kinds += check.staysOfflineAfter.sorted().map { .close(code: $0) }
        return await checkFaults(tape: tape, check) { records in
            seeds.compactMap { seed in FaultSchedule.drawn(seed: seed, records: records, kinds: kinds).map { (seed, $0) } }
        }
    }

    /// Runs schedules written by hand, each in a replay of its own (see `checkFaults(tape:_:seeds:)`).
    ///
    /// - Parameters:
    ///   - tape: The tape's path.
    ///   - check: What the app declares of its reconnects.
    ///   - schedules: The schedules.
    /// - Returns: The report; it fails when no schedule ran.
    @MainActor
    public func checkFaults(tape: String, _ check: FaultCheck, schedules: [FaultSchedule]) async -> FaultReport {
        await checkFaults(tape: tape, check) { _ in schedules.map { (nil, $0) } }
    }

    @MainActor
    private func checkFaults(
        tape: String, _ check: FaultCheck, _ schedules: (Int) -> [(seed: UInt64?, schedule: FaultSchedule)]
    ) async -> FaultReport {
        var report = FaultReport(tape: tape, runs: 0, failures: [])
        var faulting = self
        do {
            faulting.readOnce = try TapeReadOnce(reading: tape, comparing: comparison)
        } catch {
            report.noRun = "the tape cannot be read (\(error)): no fault was delivered"
            return report
        }
        faulting.checksInvariants = false
        let records = faulting.readOnce?.tape.records.count ?? 0
        let drawn = schedules(records)
        // What a slow server's run is compared with: the tape played on time, once.
        let onTime = drawn.contains { $0.schedule.faults.first?.isOnTape == true } ? await faulting.onTimeFindings() : nil
        for (seed, schedule) in drawn {
            guard let problems = await faulting.run(schedule, check, onTime: onTime) else { continue }
            report.runs += 1
            guard !problems.isEmpty else { continue }
            let (shrunk, shrunkProblems) = await faulting.shrink(schedule, problems, check, onTime: onTime)
            report.failures.append(FaultFailure(seed: seed, schedule: schedule, shrunk: shrunk, problems: shrunkProblems))
        }
        if report.runs == 0 { report.noRun = "no fault was delivered: no schedule strikes a connection that is open" }
        return report
    }

    /// How many smaller schedules a failure tries at most.
    static var shrinkRuns: Int { 64 }

    /// The smallest schedule found that still fails, greedily: the first smaller one that fails
    /// replaces it, until none does.
    @MainActor
    private func shrink(_ schedule: FaultSchedule, _ problems: [FaultProblem], _ check: FaultCheck, onTime: Set<String>?) async
        -> (FaultSchedule, [FaultProblem])
    {
        var (current, currentProblems) = (schedule, problems)
        var tried = 0
        var shrinking = true
        while shrinking, tried < Self.shrinkRuns {
            shrinking = false
            for smaller in current.shrinks where tried < Self.shrinkRuns {
                tried += 1
                guard let problems = await run(smaller, check, onTime: onTime), !problems.isEmpty else { continue }
                (current, currentProblems) = (smaller, problems)
                shrinking = true
                break
            }
        }
        return (current, currentProblems)
    }

    /// One schedule: nil when no connection was open after its record; else the problems.
    @MainActor
    private func run(_ schedule: FaultSchedule, _ check: FaultCheck, onTime: Set<String>?) async -> [FaultProblem]? {
        AppWork.begin()
        defer { AppWork.end() }
        var faults = schedule.faults[...]
        var playing = self
        var problems: [FaultProblem] = []
        var limit: ReplayLimit? = .record(schedule.afterRecord)
        if case .slowServer(let delay)? = faults.first {
            // On the tape to its end, the server late from the schedule's record; what the app
            // does differently from the tape played on time is its impatience.
            faults = faults.dropFirst()
            limit = nil
            playing.lateAnswers = (schedule.afterRecord, delay.wholeNanoseconds)
            guard let onTime else { return nil }
            guard let late = try? await playing.replay(tapes: [tape], finishing: false).player.network else { return nil }
            defer { late.end() }
            late.finish()
            let from = readOnce?.tape.records[schedule.afterRecord].time ?? 0
            if let left = late.cancelTimes.map(\.nanoseconds).first(where: { $0 > from && $0 - from <= delay.wholeNanoseconds }) {
                problems.append(
                    .leftTheSlowServer(after: left - from, delay: delay.wholeNanoseconds, afterRecord: schedule.afterRecord))
            }
            for finding in late.findings.map(\.finding) where !onTime.contains(finding.summary) {
                problems.append(.impatient(delay: delay.wholeNanoseconds, afterRecord: schedule.afterRecord, finding))
            }
            if faults.isEmpty || !problems.isEmpty { return problems }
        }
        guard var player = try? await playing.replay(tapes: [tape], limit: limit, finishing: false).player else { return nil }
        let network = player.network
        defer {
            network.finish()
            network.end()
        }
        guard var socket = network.sockets.last(where: { $0.connection > 0 && !$0.isEnded }) else {
            return problems.isEmpty && limit != nil ? nil : problems
        }
        let findingsBefore = network.findings.count
        network.leaveTape()
        let greeting = greeting(before: limit == nil ? (readOnce?.tape.records.count ?? 1) - 1 : schedule.afterRecord)
        for fault in faults {
            let (next, faultProblems) = await deliver(fault, to: socket, check, greeting: greeting, &player)
            problems += faultProblems
            guard let next, faultProblems.isEmpty else { break }
            socket = next
        }
        for finding in network.findings.dropFirst(findingsBefore) {
            switch finding.finding {
            case .sentAfterClose, .reconnectStorm, .keptBusy, .receiveLoopSpun: problems.append(.finding(finding.finding))
            default: break
            }
        }
        return problems
    }

    /// The tape this replay reads from memory.
    private var tape: String { readOnce?.tape.path ?? "" }

    /// The send check's findings of the tape played on time, to the end (what a slow server's
    /// run is compared with); nil when it cannot be played.
    @MainActor
    private func onTimeFindings() async -> Set<String>? {
        guard let network = try? await replay(tapes: [tape]).player.network else { return nil }
        return Set(network.findings.map(\.finding.summary))
    }

    /// What the server said first on the connection open at `record`: a connection the app opens
    /// after a fault is greeted with it, as the server greets a reconnect (the resync), so the app
    /// counts itself connected again.
    private func greeting(before record: Int) -> [UInt8]? {
        guard let records = readOnce?.tape.records, records.indices.contains(record) else { return nil }
        let connection = records[...record].last { $0.direction != .note }?.connection ?? records[record].connection
        return records.first { $0.connection == connection && $0.direction == .s2c && $0.kind == .text }?.payload
    }

    /// Delivers one fault and follows the app on its clock until it is connected again (or the
    /// declared windows pass); the app's new socket, and what it did wrong.
    @MainActor
    private func deliver(
        _ fault: Fault, to socket: ReplaySocket, _ check: FaultCheck, greeting: [UInt8]?, _ player: inout Player
    ) async -> (ReplaySocket?, [FaultProblem]) {
        let network = player.network
        let start = network.time.nanoseconds
        let tasksBefore = network.taskTimes.count
        let lower = check.reconnect.lowerBound.wholeNanoseconds
        let upper = check.reconnect.upperBound.wholeNanoseconds
        var wait: UInt64 = 0
        var refused = 0
        switch fault {
        case .drop:
            socket.deliverFailure("tapedeck fault: the connection dropped")
        case .close(let code):
            // Where `CloseCode` is a Swift enum (Linux) a code it has no case for reads `.invalid`:
            // the reason carries the number, as a server that means it to be read sends it.
            socket.deliverClose(code: code, reason: String(code))
        case .stall:
            wait = check.stallTimeout?.wholeNanoseconds ?? 0
            socket.stall()
        case .slowServer:
            // Off the tape no server answers: a slow server plays on the tape only, first.
            return (socket, [])
        case .refusals(let count):
            refused = count
            network.refuseNext(count)
            socket.deliverFailure("tapedeck fault: the connection dropped")
        }
        network.ended(afterRecord: nil)
        await player.lockstep.settle(socket, player.adapter, network)
        // The accepted attempt comes after the refused ones. An app that counts more ends in a row
        // than its maximum gives up first: it makes only the attempts left to it, and is followed
        // one more window to see that it stopped.
        let inARow = network.endsInARow
        let allowed = check.maximumAttempts.map { max($0 - inARow + 1, 0) } ?? Int.max
        let gaveUp = refused >= allowed
        let wanted = gaveUp ? Int.max : refused + 1
        let horizon = start + wait + upper * UInt64(refused + 1) + (gaveUp ? upper : 0)
        await player.lockstep.runTimers(until: VirtualTime(nanoseconds: horizon), player.adapter, network) {
            network.taskTimes.count - tasksBefore >= wanted
        }
        let attempts = network.taskTimes.dropFirst(tasksBefore).map(\.nanoseconds)
        var problems: [FaultProblem] = []
        if case .close(let code) = fault, check.staysOfflineAfter.contains(code) {
            if !attempts.isEmpty { problems.append(.reconnectedAfterItsOwnCode(code: code)) }
            return (nil, problems)
        }
        if gaveUp {
            if let maximum = check.maximumAttempts, attempts.count > allowed {
                problems.append(.tooManyAttempts(made: inARow - 1 + attempts.count, maximum: maximum))
            }
            return (nil, problems)
        }
        guard let first = attempts.first else {
            return (nil, [.noReconnect(fault, within: horizon - start)])
        }
        // A stall's timeout bounds how late the app notices it, not how early.
        if fault != .stall, first < start + lower {
            problems.append(.reconnectedEarly(fault, after: first - start, backoff: lower))
        }
        problems += Self.spacing(
            of: Array(attempts.prefix(refused + 1)), ceiling: check.backoffCeiling?.wholeNanoseconds ?? upper)
        guard let accepted = network.sockets.last else { return (nil, problems) }
        if let greeting {
            network.serverSpoke()
            accepted.deliver(.string(String(decoding: greeting, as: UTF8.self)))
            await player.lockstep.settle(accepted, player.adapter, network)
        }
        return (accepted, problems)
    }

    /// Each wait between attempts longer than the one before, until the backoff reaches its
    /// ceiling: the first attempt that breaks it, with its wait and the one before.
    private static func spacing(of attempts: [UInt64], ceiling: UInt64) -> [FaultProblem] {
        guard attempts.count > 2 else { return [] }
        let waits = zip(attempts.dropFirst(), attempts).map { $0 - $1 }
        for index in 1..<waits.count where waits[index] <= waits[index - 1] && waits[index] < ceiling {
            return [.backoffDidNotGrow(attempt: index + 2, wait: waits[index], previous: waits[index - 1])]
        }
        return []
    }
}
