import TapedeckChecks
import TapedeckCore
import TapedeckProtocol
import TapedeckReplay
import TapedeckState

/// Runs a parsed scenario against a transport, playing the client: every message it sends and
/// receives goes through the same `ClientState` as replay, and the `.send` effects (automatic
/// claims) are really sent, so checkpoints mean what they mean in replay. Semantics of each
/// statement: docs/SCENARIOS.md.
package final class ScenarioRunner {
    package struct Options: Sendable {
        /// How long `expect` waits when it says no `within` (until a `timeout` statement changes it).
        package var defaultTimeout: ScenarioDuration
        /// Variables defined before the first statement (the parser must know their names too).
        package var variables: [String: JSONValue]
        /// The URL of `connect` without one, and the value of `${server}`.
        package var serverURL: String
        package var stateConfiguration: ClientState.Configuration
        /// How many recent messages a failure shows.
        package var recentMessageCount: Int

        package init(
            defaultTimeout: ScenarioDuration = .seconds(5), variables: [String: JSONValue] = [:],
            serverURL: String = "ws://127.0.0.1:8080/wss/",
            stateConfiguration: ClientState.Configuration = .init(sessionEpochMilliseconds: 1_767_225_600_000),
            recentMessageCount: Int = 5
        ) {
            self.defaultTimeout = defaultTimeout
            self.variables = variables
            self.serverURL = serverURL
            self.stateConfiguration = stateConfiguration
            self.recentMessageCount = recentMessageCount
        }
    }

    package let scenario: Scenario
    let transport: any ScenarioTransport
    let clock: any ScenarioClock
    let options: Options

    var state: ClientState
    var variables: ScenarioVariables
    var defaultTimeout: ScenarioDuration
    var ignored: Set<String> = []
    var isConnected = false
    /// How the server ended the last connection: its close code (1006 without a close frame), or
    /// nil when the connection failed on the client's side.
    var endCode: UInt16?
    /// Received and not yet consumed by an `expect`, oldest first.
    var inbox: [ReceivedMessage] = []
    /// The last few messages received (of types not ignored), for failure reports.
    var recent: [ReceivedMessage] = []
    /// The message the last `expect` matched: what `capture` reads.
    var lastExpected: ReceivedMessage?
    var nextSequence = 0
    /// Open `repeat ... until` conditions, innermost last; set when a matching message arrives.
    var untilWatches: [(until: ScenarioStatement.Until, seen: Bool)] = []
    var unmatchedReported = 0
    static let inboxLimit = 10_000

    var results: [StepResult] = []
    var onStep: ((StepResult) -> Void)?
    /// Notes and warnings of the step being run.
    var stepLog: [String] = []
    var stepWarnings: [String] = []
    var stepProtocolErrors: [String] = []

    package init(scenario: Scenario, transport: any ScenarioTransport, clock: any ScenarioClock, options: Options = Options()) {
        self.scenario = scenario
        self.transport = transport
        self.clock = clock
        self.options = options
        state = ClientState(configuration: options.stateConfiguration)
        variables = ScenarioVariables(options.variables)
        variables["server"] = .string(options.serverURL)
        defaultTimeout = options.defaultTimeout
    }

    /// Runs every statement, stopping at the first failure (the rest are reported skipped).
    /// `onStep` sees each step as it finishes. Run a runner once.
    package func run(onStep: ((StepResult) -> Void)? = nil) async -> ScenarioResult {
        self.onStep = onStep
        let start = clock.now
        _ = await execute(scenario.statements, depth: 0)
        let finalState = state.snapshot()
        if isConnected {
            await transport.close(code: 1000)
            state.apply(.closed(code: 1000, reason: ""), at: clock.now)
            isConnected = false
        }
        return ScenarioResult(
            name: scenario.name, file: scenario.file, steps: results, unmatchedSends: transport.unmatchedSends,
            duration: clock.now.nanoseconds - start.nanoseconds, finalState: finalState)
    }

    /// The outcome of one statement.
    struct Outcome {
        var passed: Bool
        var message: String?
        var details: [String] = []
        /// Extra words for the step line: `(3 iterations)`.
        var note: String?

        static let pass = Outcome(passed: true)
        static func fail(_ message: String, _ details: [String] = []) -> Outcome {
            Outcome(passed: false, message: message, details: details)
        }
    }

    /// Runs statements in order; false once one failed (the rest are recorded as skipped).
    func execute(_ statements: [ScenarioStatement], depth: Int) async -> Bool {
        for (index, statement) in statements.enumerated() {
            let start = clock.now
            stepLog = []
            stepWarnings = []
            stepProtocolErrors = []
            var outcome = await perform(statement, depth: depth)
            reportUnmatchedSends()
            if outcome.passed, !stepProtocolErrors.isEmpty {
                outcome = .fail("the server sent a message the client cannot decode", stepProtocolErrors)
            }
            var summary = StepSummary.text(of: statement)
            if let note = outcome.note { summary += " (\(note))" }
            record(
                StepResult(
                    number: results.count + 1, depth: depth, summary: summary, location: statement.location,
                    status: outcome.passed ? .passed : .failed, duration: clock.now.nanoseconds - start.nanoseconds,
                    message: outcome.message, details: outcome.details, log: stepLog, warnings: stepWarnings))
            if !outcome.passed {
                skip(statements[(index + 1)...], depth: depth)
                return false
            }
        }
        return true
    }

    func skip(_ statements: ArraySlice<ScenarioStatement>, depth: Int) {
        for statement in statements {
            record(
                StepResult(
                    number: results.count + 1, depth: depth, summary: StepSummary.text(of: statement),
                    location: statement.location, status: .skipped, duration: 0))
        }
    }

    func record(_ result: StepResult) {
        results.append(result)
        onStep?(result)
    }

    func perform(_ statement: ScenarioStatement, depth: Int) async -> Outcome {
        switch statement.kind {
        case .connect(let connect): return await performConnect(connect)
        case .close(let code): return await performClose(code: code)
        case .send(let type, let body): return await performSend(type: type, body: body)
        case .expect(let expect): return await performExpect(expect)
        case .expectNo(let expectNo): return await performExpectNo(expectNo)
        case .expectEnd(let end): return await performExpectEnd(end)
        case .capture(let name, let path): return performCapture(name: name, path: path)
        case .set(let name, let value):
            do {
                variables[name] = try value.render(variables)
                return .pass
            } catch {
                return .fail(error.description)
            }
        case .checkpoint(let name, let assertions): return await performCheckpoint(name: name, assertions: assertions)
        case .wait(let duration): return await performWait(duration)
        case .backoff(let duration):
            // Real time first, where a real network listens: a recording shows the app's delay.
            await transport.letRealTimePass(nanoseconds: duration.nanoseconds)
            return await performWait(duration)
        case .repeatBlock(let block): return await performRepeat(block, depth: depth)
        case .mark(let name):
            await transport.mark(name)
            return .pass
        case .ignore(let types):
            ignored.formUnion(types)
            return .pass
        case .timeout(let duration):
            defaultTimeout = duration
            return .pass
        }
    }

    // MARK: Connection

    func performConnect(_ connect: ScenarioStatement.Connect) async -> Outcome {
        let url: String
        var headers: [(name: String, value: String)] = []
        do {
            url = try connect.url?.render(variables) ?? options.serverURL
            for header in connect.headers { headers.append((header.name, try header.value.render(variables))) }
        } catch {
            return .fail(error.description)
        }
        if isConnected {
            await transport.close(code: 1000)
            state.apply(.closed(code: 1000, reason: ""), at: clock.now)
            stepLog.append("closed the previous connection first")
        }
        inbox.removeAll()
        do {
            try await transport.connect(url: url, headers: headers, subprotocol: connect.subprotocol)
        } catch {
            isConnected = false
            state.apply(.failed("\(error)"), at: clock.now)
            guard connect.expectsRefusal else { return .fail("could not connect to \(url): \(error)") }
            stepLog.append("refused, as expected: \(error)")
            return .pass
        }
        isConnected = true
        state.apply(.opened, at: clock.now)
        guard !connect.expectsRefusal else {
            return .fail("the connection to \(url) opened, but the scenario expected it to be refused")
        }
        return .pass
    }

    func performClose(code: Int) async -> Outcome {
        guard isConnected else {
            stepLog.append("not connected: nothing to close")
            return .pass
        }
        await transport.close(code: UInt16(code))
        isConnected = false
        state.apply(.closed(code: code, reason: ""), at: clock.now)
        return .pass
    }

    // MARK: Sending

    func performSend(type: String, body: JSONTemplate?) async -> Outcome {
        guard isConnected else { return .fail("cannot send \(type): not connected (add a connect statement before it)") }
        variables["now"] = .string(state.timestamp(clock.now))
        let value: JSONValue
        do {
            value = try body?.render(variables) ?? .object([:])
        } catch {
            return .fail(error.description)
        }
        if let problem = SentMessage.problem(type: type, body: value) {
            return .fail(
                "the \(type) body does not match the protocol: \(problem)",
                ["body: " + value.canonicalJSONString(pretty: false)])
        }
        guard case .success(let message) = SentMessage.message(type: type, body: value) else {
            return .fail("cannot encode \(type)")
        }
        return await send(message, automatic: false)
    }

    /// Sends a typed message, applies it to the client state and acts on the effects.
    func send(_ message: ClientMessage, automatic: Bool) async -> Outcome {
        let bytes = message.encoded()
        do {
            try await transport.send(bytes)
        } catch {
            return .fail("could not send \(message.type): \(error)")
        }
        if automatic { stepLog.append("the client sent \(String(decoding: bytes, as: UTF8.self)) by itself") }
        reportUnmatchedSends()
        let effects = state.apply(message, at: clock.now)
        return await perform(effects)
    }

    func perform(_ effects: [ClientEffect]) async -> Outcome {
        for effect in effects {
            switch effect {
            case .send(let message):
                let outcome = await send(message, automatic: true)
                if !outcome.passed { return outcome }
            case .toast(let toast):
                stepLog.append("toast: \(toast)")
            case .showQuestion(let id):
                stepLog.append("shows question \(id)")
            case .showRelationshipMilestone(let personId, let milestone):
                stepLog.append("shows milestone \(milestone) with \(personId)")
            }
        }
        return .pass
    }

    func reportUnmatchedSends() {
        let unmatched = transport.unmatchedSends
        guard unmatched.count > unmatchedReported else { return }
        for send in unmatched[unmatchedReported...] { stepWarnings.append(send.description) }
        unmatchedReported = unmatched.count
    }

    // MARK: Receiving

    enum ReceiveOutcome {
        case message(ReceivedMessage)
        case timeout
        case closed(String)
    }

    /// Waits for the next server message until `deadline`; the message is applied to the client
    /// state and appended to the inbox.
    func receiveNext(until deadline: VirtualTime) async -> ReceiveOutcome {
        guard isConnected else { return .closed("the connection is not open") }
        let now = clock.now
        let timeout = deadline > now ? deadline.nanoseconds - now.nanoseconds : 0
        let event: TransportEvent
        do {
            event = try await transport.receive(timeout: timeout)
        } catch {
            isConnected = false
            endCode = nil
            state.apply(.failed("\(error)"), at: clock.now)
            return .closed("the connection failed: \(error)")
        }
        switch event {
        case .timeout:
            return .timeout
        case .closed(let code, let reason):
            isConnected = false
            endCode = code
            state.apply(.closed(code: Int(code), reason: reason), at: clock.now)
            return .closed("the server closed the connection (code \(code)\(reason.isEmpty ? "" : ", \"\(reason)\""))")
        case .message(let bytes):
            return .message(await ingest(bytes))
        }
    }

    func ingest(_ bytes: [UInt8]) async -> ReceivedMessage {
        let (type, body) = RecordedSessionPlayer.typeAndBody(bytes)
        var received = ReceivedMessage(sequence: nextSequence, time: clock.now, type: type, bytes: bytes, body: body)
        nextSequence += 1
        switch Result(catching: { () throws(ProtocolError) in try ServerMessage.decode(bytes) }) {
        case .success(let message):
            let effects = state.apply(message, at: clock.now)
            let outcome = await perform(effects)
            if !outcome.passed, let message = outcome.message { stepLog.append(message) }
        case .failure(let error):
            received.decodeError = error.description
            stepProtocolErrors.append("\(received.label): \(error)")
            stepProtocolErrors.append("  " + String(decoding: bytes, as: UTF8.self))
        }
        for index in untilWatches.indices where !untilWatches[index].seen {
            let until = untilWatches[index].until
            if until.type == type, ComparisonEvaluator.matches(until.filter, body, variables: variables) {
                untilWatches[index].seen = true
            }
        }
        inbox.append(received)
        if inbox.count > Self.inboxLimit { inbox.removeFirst(inbox.count - Self.inboxLimit) }
        if !ignored.contains(type) {
            recent.append(received)
            if recent.count > 100 { recent.removeFirst(recent.count - 100) }
        }
        return received
    }
}

extension Result where Failure == ProtocolError {
    init(catching body: () throws(ProtocolError) -> Success) {
        do { self = .success(try body()) } catch { self = .failure(error) }
    }
}
