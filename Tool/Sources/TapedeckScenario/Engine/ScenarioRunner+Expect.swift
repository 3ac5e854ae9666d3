import TapedeckProtocol
import TapedeckState

extension ScenarioRunner {
    /// Reads forward from the inbox, then from the transport, for the first message of the type
    /// that passes the filter. Everything before it is consumed: messages of the type that did
    /// not pass are kept as near misses for the report, others are noted in the step's log.
    func performExpect(_ expect: ScenarioStatement.Expect) async -> Outcome {
        let timeout = expect.within ?? defaultTimeout
        let deadline = VirtualTime(nanoseconds: clock.now.nanoseconds &+ timeout.nanoseconds)
        var nearMisses: [(message: ReceivedMessage, failures: [ComparisonEvaluator.Failure])] = []
        var skipped: [ReceivedMessage] = []
        while true {
            while !inbox.isEmpty {
                let message = inbox.removeFirst()
                guard message.type == expect.type else {
                    skipped.append(message)
                    continue
                }
                let failures = ComparisonEvaluator.failures(of: expect.filter, in: message.body, variables: variables)
                if failures.isEmpty {
                    lastExpected = message
                    noteSkipped(skipped, nearMisses: nearMisses.map(\.message))
                    return .pass
                }
                nearMisses.append((message, failures))
            }
            let ending: String
            switch await receiveNext(until: deadline) {
            case .message: continue
            case .timeout: ending = "nothing matching arrived within \(timeout)"
            case .closed(let reason): ending = reason
            }
            noteSkipped(skipped, nearMisses: nearMisses.map(\.message))
            return .fail(
                "expected \(expectation(expect.type, expect.filter)): \(ending)",
                FailureReport.expect(
                    expect, timeout: timeout, nearMisses: nearMisses, others: skipped,
                    recent: recentForReport(excluding: expect.type), state: state.snapshot(),
                    variables: variables))
        }
    }

    /// Watches for the duration: fails as soon as a message of the type passing the filter is in
    /// the inbox or arrives. Consumes nothing, so a later `expect` still sees what arrived.
    func performExpectNo(_ expectNo: ScenarioStatement.ExpectNo) async -> Outcome {
        let deadline = VirtualTime(nanoseconds: clock.now.nanoseconds &+ expectNo.duration.nanoseconds)
        func offending(_ message: ReceivedMessage) -> Bool {
            message.type == expectNo.type && ComparisonEvaluator.matches(expectNo.filter, message.body, variables: variables)
        }
        if let found = inbox.first(where: offending) {
            return .fail(
                "expected no \(expectation(expectNo.type, expectNo.filter)), but one had already arrived",
                FailureReport.unexpected(found, state: state.snapshot()))
        }
        while true {
            switch await receiveNext(until: deadline) {
            case .message(let message):
                if offending(message) {
                    return .fail(
                        "expected no \(expectation(expectNo.type, expectNo.filter)) for \(expectNo.duration), but one arrived",
                        FailureReport.unexpected(message, state: state.snapshot()))
                }
            case .timeout:
                return .pass
            case .closed(let reason):
                stepLog.append(reason)
                await clock.sleep(until: deadline)
                return .pass
            }
        }
    }

    /// Waits for the server to end the connection, taking in (and applying) what it sends first:
    /// with a close frame (of `end.code`, when given), or without one (`expect dropped`: the
    /// connection broke, code 1006).
    func performExpectEnd(_ end: ScenarioStatement.ExpectEnd) async -> Outcome {
        let timeout = end.within ?? defaultTimeout
        let deadline = VirtualTime(nanoseconds: clock.now.nanoseconds &+ timeout.nanoseconds)
        var count = 0
        while isConnected {
            switch await receiveNext(until: deadline) {
            case .message: count += 1
            case .timeout: return .fail("\(end.text): the connection was still open after \(timeout)")
            case .closed(let reason): stepLog.append(reason)
            }
        }
        if count > 0 { stepLog.append("received \(count) message\(count == 1 ? "" : "s") first") }
        let dropped = endCode == nil || endCode == 1006
        let how = dropped ? "without a close frame" : "with close code \(endCode ?? 0)"
        if end.dropped != dropped || (end.code.map { UInt16($0) != endCode } ?? false) {
            return .fail("\(end.text): the connection ended \(how)")
        }
        return .pass
    }

    /// Lets time pass, taking in (and applying) whatever the server sends meanwhile.
    func performWait(_ duration: ScenarioDuration) async -> Outcome {
        let deadline = VirtualTime(nanoseconds: clock.now.nanoseconds &+ duration.nanoseconds)
        var count = 0
        waiting: while isConnected {
            switch await receiveNext(until: deadline) {
            case .message: count += 1
            case .timeout: break waiting
            case .closed(let reason):
                stepLog.append(reason)
                break waiting
            }
        }
        await clock.sleep(until: deadline)
        if count > 0 { stepLog.append("received \(count) message\(count == 1 ? "" : "s") meanwhile") }
        return .pass
    }

    func performCapture(name: String, path: String) -> Outcome {
        guard let message = lastExpected else {
            return .fail("capture \(name) reads the message the last expect matched, and no expect has matched yet")
        }
        guard let value = message.body.value(at: path) else {
            return .fail(
                "the \(message.type) message has no value at \(path)",
                ["\(message.label):"] + FailureReport.indented(message.body.canonicalJSONString(pretty: true), by: 2))
        }
        variables[name] = value
        stepLog.append("\(name) = \(value.canonicalJSONString(pretty: false))")
        return .pass
    }

    func performCheckpoint(name: String, assertions: [Comparison]) async -> Outcome {
        await transport.mark(name)
        let snapshot = state.snapshot()
        let results = assertions.map { ($0, ComparisonEvaluator.failure(of: $0, in: snapshot, variables: variables)) }
        let failed = results.filter { $0.1 != nil }.count
        guard failed > 0 else { return .pass }
        return .fail(
            "checkpoint \(name): \(failed) of \(assertions.count) assertion\(assertions.count == 1 ? "" : "s") failed",
            FailureReport.checkpoint(results, state: snapshot))
    }

    func performRepeat(_ block: ScenarioStatement.Repeat, depth: Int) async -> Outcome {
        for iteration in 1...block.count {
            if let until = block.until { untilWatches.append((until, false)) }
            let passed = await execute(block.body, depth: depth + 1)
            let seen = block.until == nil ? false : untilWatches.removeLast().seen
            guard passed else {
                return Outcome(
                    passed: false, message: "iteration \(iteration) of \(block.count) failed", note: "iteration \(iteration)")
            }
            if seen {
                return Outcome(passed: true, note: "\(iteration) iteration\(iteration == 1 ? "" : "s")")
            }
        }
        if let until = block.until {
            return .fail(
                "no \(expectation(until.type, until.filter)) arrived in \(block.count) iterations",
                FailureReport.recentMessages(recentForReport(excluding: nil)))
        }
        return Outcome(passed: true, note: "\(block.count) iteration\(block.count == 1 ? "" : "s")")
    }

    func expectation(_ type: String, _ filter: MessageFilter?) -> String {
        filter.map { "\(type) where \($0)" } ?? type
    }

    func noteSkipped(_ skipped: [ReceivedMessage], nearMisses: [ReceivedMessage]) {
        let shown = skipped.filter { !ignored.contains($0.type) }
        if !shown.isEmpty { stepLog.append("also received: " + FailureReport.countByType(shown)) }
        if !nearMisses.isEmpty { stepLog.append("passed over: " + FailureReport.countByType(nearMisses)) }
    }

    func recentForReport(excluding type: String?) -> [ReceivedMessage] {
        Array(recent.filter { $0.type != type }.suffix(options.recentMessageCount))
    }
}
