/// What `tapedeck conform` found over a set of tapes: per direction and message type the messages
/// seen, and each distinct departure (kind, direction, type, path with indices dropped) with its
/// count and first occurrence.
@_spi(TapedeckTool) public struct ConformanceReport: Sendable {
    public struct TypeKey: Sendable, Hashable, Comparable {
        /// `s2c` or `c2s`.
        public var direction: String
        public var type: String

        public static func < (a: TypeKey, b: TypeKey) -> Bool { (a.direction, a.type) < (b.direction, b.type) }
    }

    public struct Occurrence: Sendable, Equatable {
        public var tape: String
        /// Counted from 0, as `tapedeck cat` shows records.
        public var record: Int
        public var path: String
        public var offset: Int
        public var detail: String
    }

    public struct Finding: Sendable {
        public var kind: Departure.Kind
        public var key: TypeKey
        public var pathPattern: String
        public var count: Int
        public var first: Occurrence
    }

    public private(set) var tapes = 0
    public private(set) var messages: [TypeKey: Int] = [:]
    private var findingIndex: [String: Int] = [:]
    public private(set) var findings: [Finding] = []

    public init() {}

    public mutating func countTape() { tapes += 1 }

    /// Adds one message's result.
    public mutating func add(direction: String, type: String?, departures: [Departure], tape: String, record: Int) {
        let key = TypeKey(direction: direction, type: type ?? "(no type)")
        messages[key, default: 0] += 1
        for departure in departures {
            let id =
                "\(departure.kind.rawValue)\u{0}\(direction)\u{0}\(key.type)\u{0}\(departure.pathPattern)"
                + (departure.kind == .unknownType || departure.kind == .unknownEnumValue ? "\u{0}\(departure.detail)" : "")
            if let index = findingIndex[id] {
                findings[index].count += 1
            } else {
                findingIndex[id] = findings.count
                findings.append(
                    Finding(
                        kind: departure.kind, key: key, pathPattern: departure.pathPattern, count: 1,
                        first: Occurrence(
                            tape: tape, record: record, path: departure.path,
                            offset: departure.offset, detail: departure.detail)))
            }
        }
    }

    /// The findings in a stable order: by kind, then direction and type, then path.
    public var sortedFindings: [Finding] {
        findings.sorted {
            ($0.kind, $0.key, $0.pathPattern, $0.first.detail) < ($1.kind, $1.key, $1.pathPattern, $1.first.detail)
        }
    }

    /// Findings whose kind the team has not accepted with `--allow`.
    public func failures(allowing allowed: Set<Departure.Kind>) -> [Finding] {
        sortedFindings.filter { !allowed.contains($0.kind) }
    }
}
