import Foundation
import TapedeckProtocol
import TapedeckTape

/// Times decode functions over the same recorded messages in one run: the app's own parsing
/// before and after a refactor, say, beside Tapedeck's typed decoder and Foundation's
/// `JSONDecoder` as baselines.
///
/// ```swift
/// let payloads = try MessagePayloads(tapes: ["Recordings/five-minute-session.tape"])
/// var bench = DecodeThroughput(payloads: payloads)
/// bench.add("before: JSONSerialization") { try BeforeMessageParser.parse($0.data) }
/// bench.add("after: Codable") { try AfterMessageParser.parse($0.data) }
/// bench.addBaselines()
/// print(bench.run().text)
/// ```
///
/// The passes of the functions alternate, `repeats` rounds of one pass each, and the fastest pass
/// of each counts, so a busy minute of the machine hurts them all alike. Measure a release build.
/// Allocations per message come from a package-benchmark target running `pass(_:)` (see
/// docs/TESTING-YOUR-APP.md).
public struct DecodeThroughput {
    /// A decode function under measurement.
    public struct Contender {
        /// The function's name, as the report's table shows it.
        public let name: String
        let decode: (MessagePayloads.Payload) throws -> Void
    }

    /// The messages every function decodes, each pass.
    public let payloads: MessagePayloads
    /// How many rounds `run()` makes, one pass of each function per round; at least 1.
    public var repeats: Int
    /// The functions added so far, in the order they run and the report lists them.
    public private(set) var contenders: [Contender] = []

    /// A measurement over `payloads` with no functions yet.
    ///
    /// - Parameters:
    ///   - payloads: The messages every function decodes.
    ///   - repeats: How many rounds to time; 5 by default, and less than 1 counts as 1.
    public init(payloads: MessagePayloads, repeats: Int = 5) {
        self.payloads = payloads
        self.repeats = max(1, repeats)
    }

    /// Adds a decode function; what it returns is kept from the optimiser, what it throws counted.
    ///
    /// - Parameters:
    ///   - name: The function's name in the report.
    ///   - decode: Decodes one message; a throw counts as a failure of that message, not of the run.
    public mutating func add<Result>(_ name: String, _ decode: @escaping (MessagePayloads.Payload) throws -> Result) {
        contenders.append(Contender(name: name) { keep(try decode($0)) })
    }

    /// Adds the baselines: Tapedeck's typed decoder (`ServerMessage` / `ClientMessage`) and
    /// `JSONDecoder` into Codable mirrors of the same protocol.
    public mutating func addBaselines() {
        add("baseline: Tapedeck typed decoder") { payload -> Bool in
            if payload.direction == .s2c {
                if case .unknown = try ServerMessage.decode(payload.bytes) { return false }
                return true
            }
            if case .unknown = try ClientMessage.decode(payload.bytes) { return false }
            return true
        }
        let decoder = JSONDecoder()
        add("baseline: JSONDecoder (Codable mirrors)") { payload -> Bool in
            if payload.direction == .s2c { return try FoundationBaseline.decodeServer(payload.data, with: decoder) }
            return try FoundationBaseline.decodeClient(payload.data, with: decoder)
        }
    }

    /// One pass of a function over every payload; returns how many threw. For a benchmark
    /// harness's measured closure.
    ///
    /// - Parameter contender: The function to run, one of `contenders`.
    /// - Returns: How many messages it threw on, from 0 to `payloads.count`.
    public func pass(_ contender: Contender) -> Int {
        var failures = 0
        for payload in payloads.payloads {
            do { try contender.decode(payload) } catch { failures += 1 }
        }
        return failures
    }

    /// Times every function and returns the table.
    ///
    /// - Returns: A row per function in the order added, with its fastest pass in seconds and the
    ///   failures of its last pass.
    public func run() -> ThroughputReport {
        let clock = ContinuousClock()
        var best = [Duration](repeating: .seconds(Int64.max), count: contenders.count)
        var failures = [Int](repeating: 0, count: contenders.count)
        for _ in 0..<repeats {
            for (index, contender) in contenders.enumerated() {
                let start = clock.now
                failures[index] = pass(contender)
                best[index] = min(best[index], clock.now - start)
            }
        }
        let rows = contenders.indices.map { index in
            ThroughputReport.Row(name: contenders[index].name, seconds: Self.seconds(best[index]), failures: failures[index])
        }
        return ThroughputReport(messages: payloads.count, bytes: payloads.byteCount, repeats: repeats, rows: rows)
    }

    static func seconds(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}

/// Keeps a value alive past the optimiser without costing more than a call.
@inline(never)
func keep<Value>(_ value: Value) {
    withExtendedLifetime(value) {}
}
