import TapedeckProtocol
import TapedeckReplay
import TapedeckState
import TapedeckTape

/// What a set of tapes exercises: each client rule (docs/STATE-MACHINES.md, *Rules*) and each
/// message type of both directions, with how often and where first. `tapedeck coverage` prints
/// it and the HTML report shows the same table.
public struct CoverageReport: Sendable, Equatable {
    /// One row: a rule or a message type.
    public struct Item: Sendable, Equatable {
        /// What an item counts.
        public enum Kind: String, Sendable, Equatable, CaseIterable {
            /// A client rule fired by a message or a connection event.
            case rule
            /// A rule only the app's own UI fires: no tape can show it, so it is not counted.
            case uiRule
            /// A message type the server sends.
            case serverType
            /// A message type the client sends.
            case clientType
        }

        /// Whether it is a rule or a message type, and whose.
        public var kind: Kind
        /// The rule's name (docs/STATE-MACHINES.md) or the message's `type`.
        public var name: String
        /// How many records exercised it.
        public var count: Int = 0
        /// The tape (as given) and record (from 0, as `tapedeck cat` numbers them) of the first time.
        public var firstTape: String?
        /// The record of the first time, from 0 (in `firstTape`).
        public var firstRecord: Int?

        /// Counted in the percentage: the rules a message can fire and the server's message types.
        public var isCounted: Bool { kind == .rule || kind == .serverType }
    }

    /// Every rule, then the server's and the client's message types, in that order.
    public private(set) var items: [Item]
    /// The tapes counted, in the order they were added.
    public private(set) var tapes: [String] = []
    /// The tapes that did not end cleanly, as `PATH: truncated after record 14 at byte 1788`: only
    /// their intact records were counted (issue 34, finding 8: coverage passed them silently).
    public private(set) var incompleteTapes: [String] = []
    private var ruleIndex: [Int]
    private var typeIndex: [String: Int] = [:]

    /// A report with every rule and known message type, none exercised yet.
    public init() {
        var items: [Item] = []
        var ruleIndex: [Int] = []
        for rule in ClientRule.allCases {
            ruleIndex.append(items.count)
            items.append(Item(kind: rule.trigger == .userInterface ? .uiRule : .rule, name: rule.name))
        }
        for type in ServerMessage.knownTypes {
            typeIndex["s2c " + type] = items.count
            items.append(Item(kind: .serverType, name: type))
        }
        for type in ClientMessage.knownTypes {
            typeIndex["c2s " + type] = items.count
            items.append(Item(kind: .clientType, name: type))
        }
        self.items = items
        self.ruleIndex = ruleIndex
    }

    /// A tape joins the report (before its records are counted).
    ///
    /// - Parameter tape: The tape's path, as the report will show it.
    public mutating func addTape(_ tape: String) { tapes.append(tape) }

    /// `tape` was cut short: `end` says where and how.
    ///
    /// - Parameters:
    ///   - tape: The tape's path.
    ///   - end: How the tape ended.
    public mutating func noteIncomplete(_ tape: String, end: TapeEnd) { incompleteTapes.append("\(tape): \(end)") }

    /// Counts one applied record of `tape`: its message type, and `fired`, the rules the model
    /// reported for it. Markers, pings and undecodable records count for nothing.
    ///
    /// - Parameters:
    ///   - input: The record as the replay applied it.
    ///   - fired: The rules the model fired for it.
    ///   - tape: The tape it came from, for the first-seen column.
    ///   - record: Its position in the tape, from 0.
    public mutating func count(_ input: ReplayInput, fired: ClientRuleSet, tape: String, record: Int) {
        guard input.changesState else { return }
        if let type = input.messageType, let direction = input.direction,
            let index = typeIndex[(direction == .s2c ? "s2c " : "c2s ") + type]
        {
            note(index, tape: tape, record: record)
        }
        for rule in fired { note(ruleIndex[rule.rawValue], tape: tape, record: record) }
    }

    private mutating func note(_ index: Int, tape: String, record: Int) {
        items[index].count += 1
        if items[index].firstTape == nil {
            items[index].firstTape = tape
            items[index].firstRecord = record
        }
    }

    /// The items of one kind, in report order.
    ///
    /// - Parameter kind: The kind to keep.
    /// - Returns: Those items.
    public func items(of kind: Item.Kind) -> [Item] { items.filter { $0.kind == kind } }

    /// The counted items never exercised.
    public var missing: [Item] { items.filter { $0.isCounted && $0.count == 0 } }

    /// How many items count towards the percentage.
    public var countedTotal: Int { items.filter(\.isCounted).count }
    /// How many of the counted items were exercised at least once.
    public var countedExercised: Int { items.filter { $0.isCounted && $0.count > 0 }.count }

    /// Exercised share of the counted items, 0...100.
    public var percent: Double {
        countedTotal == 0 ? 100 : Double(countedExercised) * 100 / Double(countedTotal)
    }

    /// `percent` to one decimal: `88.3 %`.
    ///
    /// - Parameter value: A percentage, 0...100.
    /// - Returns: The text, rounded to the nearest tenth.
    public static func percentText(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        return "\(tenths / 10).\(tenths % 10) %"
    }

    /// Exercised and total of one kind.
    ///
    /// - Parameter kind: The kind to tally.
    /// - Returns: How many items of that kind were exercised, and how many there are.
    public func tally(_ kind: Item.Kind) -> (exercised: Int, total: Int) {
        let all = items(of: kind)
        return (all.filter { $0.count > 0 }.count, all.count)
    }
}
