import TapedeckCore
import TapedeckProtocol
import TapedeckReplay
import TapedeckState

/// Drops beyond the recording: `AppReplay.checkCuts` cuts a tape's connection after chosen
/// records, as a network would, and checks how the app takes it, without goldens:
///
/// ```swift
/// let cuts = await replay.checkCuts(tape: "Recordings/core-loop.tape", CutCheck(at: .every(10), reconnect: .seconds(1) ... .seconds(5)))
/// #expect(cuts.passed, "\(cuts)")
/// ```
///
/// After each cut: the adapter says disconnected (`AppSocketAdapter.isConnected`, when it says);
/// the app sends nothing on the dead socket and stops reading it (its receive loop ends); on the
/// replay's clock it asks for a new socket no earlier than `reconnect.lowerBound` (its declared
/// backoff) and by `reconnect.upperBound`. A crash or a hang ends the test itself.
public struct CutCheck: Sendable, Equatable {
    /// Which records the connection is cut after.
    public enum Points: Sendable, Equatable, CustomStringConvertible {
        /// After this record (numbered from 0, as `tapedeck cat` counts).
        case record(Int)
        /// After every `n`th record: n, 2n, 3n, ...
        case every(Int)
        /// After `count` records picked by a seeded generator: the same records for the same seed.
        case sample(count: Int, seed: UInt64)

        /// As written in Swift: `.every(10)`.
        public var description: String {
            switch self {
            case .record(let record): ".record(\(record))"
            case .every(let step): ".every(\(step))"
            case .sample(let count, let seed): ".sample(count: \(count), seed: \(seed))"
            }
        }
    }

    /// Which records the connection is cut after.
    public var at: Points
    /// When the app's first reconnect after a cut must come, counted from the cut.
    public var reconnect: ClosedRange<Duration>
    /// Stop at the first cut that fails (true), or try every cut and report them all.
    public var stopsAtFirstFailure: Bool
    /// How many of the tape's next user actions after each cut the player takes while offline
    /// (0: none). Nothing may go out on the dead socket; what became of each is reported, and a
    /// lost one is a problem where the adapter says actions survive an outage
    /// (`AppSocketAdapter.actionsSurviveOutages`).
    public var offlineActions: Int

    /// A check of cuts at `at`, whose app must reconnect within `reconnect`.
    ///
    /// - Parameters:
    ///   - at: Which records the connection is cut after.
    ///   - reconnect: When the app's first reconnect after a cut must come, counted from the cut on
    ///     the replay's clock: no earlier than its lower bound (the app's backoff), no later than
    ///     its upper bound.
    ///   - stopsAtFirstFailure: Whether to stop at the first cut that fails; true by default.
    ///   - offlineActions: How many of the tape's next user actions to take during each outage;
    ///     none by default. Negative counts as none.
    public init(at: Points, reconnect: ClosedRange<Duration>, stopsAtFirstFailure: Bool = true, offlineActions: Int = 0) {
        self.at = at
        self.reconnect = reconnect
        self.stopsAtFirstFailure = stopsAtFirstFailure
        self.offlineActions = max(offlineActions, 0)
    }

    /// The records to cut after, in order, of a tape of `count` records.
    ///
    /// - Parameter count: How many records the tape has.
    /// - Returns: Record numbers from 0 below `count`, ascending, without repeats; empty when
    ///   `.record` is out of range or `.every` is not positive. `.sample` picks at most `count`.
    public func records(inTapeOf count: Int) -> [Int] {
        switch at {
        case .record(let record): return record >= 0 && record < count ? [record] : []
        case .every(let step): return step > 0 ? Array(stride(from: step, to: count, by: step)) : []
        case .sample(let wanted, let seed):
            var generator = SeededGenerator(seed: seed)
            var picked = Set<Int>()
            while picked.count < min(max(wanted, 0), count) { picked.insert(Int(generator.next() % UInt64(count))) }
            return picked.sorted()
        }
    }
}

/// What the cuts of one tape found.
public struct CutReport: Sendable, CustomStringConvertible {
    /// The tape's path, as given to `checkCuts`.
    public var tape: String
    /// The records cut after (those with a connection open there).
    public var cuts: [Int]
    /// The cuts the app did not take well, in record order.
    public var failures: [CutFailure]
    /// Why no cut was made (an unreadable tape, a point out of range): the check then fails.
    public var noCut: NoCut?
    /// The user actions taken while offline (`CutCheck.offlineActions`), each with its fate, in cut order.
    public var offlineActions: [OfflineAction] = []

    /// Why a cut check made no cut.
    public enum NoCut: Sendable, Equatable, CustomStringConvertible {
        /// The tape could not be read: the reader's error.
        case unreadable(String)
        /// No record the check picks exists in the tape (`.record` past the end, `.every(0)`),
        /// or no connection was open after those it picked.
        case noPoint(CutCheck.Points, records: Int)

        /// The reason in a sentence, with what to do.
        public var description: String {
            switch self {
            case .unreadable(let error): "the tape cannot be read (\(error)): no cut was made"
            case .noPoint(let points, let records):
                "no cut was made: \(points) picks no record after which a connection is open "
                    + "(the tape has \(records) record\(records == 1 ? "" : "s"), numbered from 0)"
            }
        }
    }

    /// Whether cuts were made and every one passed.
    public var passed: Bool { failures.isEmpty && noCut == nil && !cuts.isEmpty }

    /// A line with the tape's file name and the counts, then each failure with its problems, then
    /// each action taken offline with its fate.
    public var description: String {
        let name = tape.split(separator: "/").last.map(String.init) ?? tape
        if let noCut { return "\(name): \(noCut)" }
        let head = "\(name): \(cuts.count) cut\(cuts.count == 1 ? "" : "s"), \(failures.count) failed"
        return ([head] + failures.map(\.description) + offlineActions.map { "  \($0)" }).joined(separator: "\n")
    }
}

/// One cut the app did not take well, with what went wrong.
public struct CutFailure: Sendable, Equatable, CustomStringConvertible {
    /// The record the connection was cut after, from 0.
    public var record: Int
    /// The replay's virtual time at the cut: that record's time.
    public var time: VirtualTime
    /// What went wrong.
    public var problems: [CutProblem]

    /// A failed cut.
    ///
    /// - Parameters:
    ///   - record: The record the connection was cut after, from 0.
    ///   - time: The replay's virtual time at the cut.
    ///   - problems: What went wrong.
    public init(record: Int, time: VirtualTime, problems: [CutProblem]) {
        self.record = record
        self.time = time
        self.problems = problems
    }

    /// The cut's record and time, then each problem on a line of its own.
    public var description: String {
        "  cut after record \(record) (t=\(DurationText.seconds(time.nanoseconds))):\n"
            + problems.map { "    " + $0.description }.joined(separator: "\n")
    }
}

/// One thing an app did wrong after a cut (`CutFailure`). Durations are nanoseconds of virtual time.
public enum CutProblem: Sendable, Equatable, CustomStringConvertible {
    /// The adapter still says connected after the drop.
    case stillConnected
    /// The first reconnect came `after` the drop, earlier than the declared backoff allows.
    case reconnectedEarly(after: UInt64, backoff: UInt64)
    /// No reconnect within the declared window.
    case noReconnect(within: UInt64)
    /// Something went out on the dead socket (the send check's finding).
    case sentOnDeadSocket(ClientFinding)
    /// The receive loop asked the dropped connection for a message this many times.
    case receiveLoopDidNotEnd(receives: Int)
    /// The app reconnected in a loop without waiting (the network's finding).
    case reconnectStorm(ClientFinding)
    /// The app kept running without waiting on the replay.
    case spinning(ClientFinding)

    /// A user action taken during the outage that the app neither sent after the reconnect nor
    /// showed as failed, where its adapter says actions survive an outage.
    case actionLost(OfflineAction)

    /// The problem in a sentence.
    public var description: String {
        switch self {
        case .stillConnected: "the app still says it is connected after the drop"
        case .reconnectedEarly(let after, let backoff):
            "the app reconnected \(DurationText.seconds(after)) after the drop, before its backoff allows "
                + "(\(DurationText.seconds(backoff)))"
        case .noReconnect(let within): "the app did not reconnect within \(DurationText.seconds(within)) of the drop"
        case .sentOnDeadSocket(let finding), .reconnectStorm(let finding), .spinning(let finding): finding.summary
        case .receiveLoopDidNotEnd(let receives):
            "its receive loop did not end: it asked the dropped connection for a message \(receives) times"
        case .actionLost(let action): "\(action) (the adapter says actions survive an outage)"
        }
    }
}

/// A user action the cut check took while the connection was down, and what became of it.
public struct OfflineAction: Sendable, Equatable, CustomStringConvertible {
    /// What became of an action taken while offline.
    public enum Fate: Sendable, Equatable {
        /// Sent on this connection (numbered from 1, in the order the app made its tasks) after the reconnect.
        case sent(connection: Int)
        /// The app showed it as failed (the adapter's `showsFailed(_:)`).
        case shownFailed
        /// Neither sent after the reconnect nor shown as failed.
        case lost
    }

    /// The envelope type of the recorded client message behind the action.
    public var type: String
    /// That message's record, from 0.
    public var record: Int
    /// What became of it.
    public var fate: Fate

    /// An action and its fate.
    ///
    /// - Parameters:
    ///   - type: The recorded client message's envelope type.
    ///   - record: Its record in the tape, from 0.
    ///   - fate: What became of it.
    public init(type: String, record: Int, fate: Fate) {
        self.type = type
        self.record = record
        self.fate = fate
    }

    /// `the tap behind claimEvent (record 60), taken offline: sent on connection 2 after the reconnect`
    public var description: String {
        let fate =
            switch fate {
            case .sent(let connection): "sent on connection \(connection) after the reconnect"
            case .shownFailed: "shown as failed"
            case .lost: "lost: neither sent after the reconnect nor shown as failed"
            }
        return "the tap behind \(type) (record \(record)), taken offline: \(fate)"
    }
}
