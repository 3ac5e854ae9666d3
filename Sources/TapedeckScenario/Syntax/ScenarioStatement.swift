/// One statement of a scenario, with where it was written.
public struct ScenarioStatement: Sendable, Hashable {
    public var kind: Kind
    public var location: SourceLocation

    public init(_ kind: Kind, at location: SourceLocation) {
        self.kind = kind; self.location = location
    }

    public struct Header: Sendable, Hashable {
        public var name: String
        public var value: TextTemplate
        public init(name: String, value: TextTemplate) { self.name = name; self.value = value }
    }

    public struct Connect: Sendable, Hashable {
        /// nil: the target's own URL (the `server` variable).
        public var url: TextTemplate?
        public var headers: [Header]
        public var subprotocol: String?
        /// `refused`: the step passes when the connection cannot be opened (the upgrade refused,
        /// nothing listening) and fails when it opens.
        public var expectsRefusal: Bool
        public init(url: TextTemplate?, headers: [Header] = [], subprotocol: String? = nil, expectsRefusal: Bool = false) {
            self.url = url; self.headers = headers; self.subprotocol = subprotocol; self.expectsRefusal = expectsRefusal
        }
    }

    public struct Expect: Sendable, Hashable {
        public var type: String
        public var filter: MessageFilter?
        /// nil: the current default (`timeout`, 5s unless changed).
        public var within: ScenarioDuration?
        public init(type: String, filter: MessageFilter?, within: ScenarioDuration?) {
            self.type = type; self.filter = filter; self.within = within
        }
    }

    public struct ExpectNo: Sendable, Hashable {
        public var type: String
        public var filter: MessageFilter?
        public var duration: ScenarioDuration
        public init(type: String, filter: MessageFilter?, duration: ScenarioDuration) {
            self.type = type; self.filter = filter; self.duration = duration
        }
    }

    public struct Repeat: Sendable, Hashable {
        public var count: Int
        /// `repeat up to N until TYPE [where ...]`: stop after the first iteration in which such a
        /// message arrived; failing if none did within N iterations.
        public var until: Until?
        public var body: [ScenarioStatement]
        public init(count: Int, until: Until?, body: [ScenarioStatement]) {
            self.count = count; self.until = until; self.body = body
        }
    }

    public struct Until: Sendable, Hashable {
        public var type: String
        public var filter: MessageFilter?
        public init(type: String, filter: MessageFilter?) { self.type = type; self.filter = filter }
    }

    public enum Kind: Sendable, Hashable {
        case connect(Connect)
        case close(code: Int)
        case send(type: String, body: JSONTemplate?)
        case expect(Expect)
        case expectNo(ExpectNo)
        case capture(name: String, path: String)
        case set(name: String, value: JSONTemplate)
        case checkpoint(name: String, assertions: [Comparison])
        case wait(ScenarioDuration)
        case repeatBlock(Repeat)
        case mark(String)
        case ignore([String])
        case timeout(ScenarioDuration)
    }
}
