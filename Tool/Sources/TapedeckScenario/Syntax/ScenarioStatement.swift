/// One statement of a scenario, with where it was written.
package struct ScenarioStatement: Sendable, Hashable {
    package var kind: Kind
    package var location: SourceLocation

    package init(_ kind: Kind, at location: SourceLocation) {
        self.kind = kind
        self.location = location
    }

    package struct Header: Sendable, Hashable {
        package var name: String
        package var value: TextTemplate
        package init(name: String, value: TextTemplate) {
            self.name = name
            self.value = value
        }
    }

    package struct Connect: Sendable, Hashable {
        /// nil: the target's own URL (the `server` variable).
        package var url: TextTemplate?
        package var headers: [Header]
        package var subprotocol: String?
        /// `refused`: the step passes when the connection cannot be opened (the upgrade refused,
        /// nothing listening) and fails when it opens.
        package var expectsRefusal: Bool
        package init(url: TextTemplate?, headers: [Header] = [], subprotocol: String? = nil, expectsRefusal: Bool = false) {
            self.url = url
            self.headers = headers
            self.subprotocol = subprotocol
            self.expectsRefusal = expectsRefusal
        }
    }

    package struct Expect: Sendable, Hashable {
        package var type: String
        package var filter: MessageFilter?
        /// nil: the current default (`timeout`, 5s unless changed).
        package var within: ScenarioDuration?
        package init(type: String, filter: MessageFilter?, within: ScenarioDuration?) {
            self.type = type
            self.filter = filter
            self.within = within
        }
    }

    package struct ExpectNo: Sendable, Hashable {
        package var type: String
        package var filter: MessageFilter?
        package var duration: ScenarioDuration
        package init(type: String, filter: MessageFilter?, duration: ScenarioDuration) {
            self.type = type
            self.filter = filter
            self.duration = duration
        }
    }

    /// `expect closed [CODE]` or `expect dropped`: the server ends the connection.
    package struct ExpectEnd: Sendable, Hashable {
        /// The close code the server's close frame must carry; nil for any close frame.
        package var code: Int?
        /// The connection must end without a close frame (a drop).
        package var dropped: Bool
        package var within: ScenarioDuration?
        package init(code: Int?, dropped: Bool, within: ScenarioDuration?) {
            self.code = code
            self.dropped = dropped
            self.within = within
        }

        /// As written: `expect closed 4001 within 5s`.
        package var text: String {
            (dropped ? "expect dropped" : "expect closed" + (code.map { " \($0)" } ?? ""))
                + (within.map { " within \($0)" } ?? "")
        }
    }

    package struct Repeat: Sendable, Hashable {
        package var count: Int
        /// `repeat up to N until TYPE [where ...]`: stop after the first iteration in which such a
        /// message arrived; failing if none did within N iterations.
        package var until: Until?
        package var body: [ScenarioStatement]
        package init(count: Int, until: Until?, body: [ScenarioStatement]) {
            self.count = count
            self.until = until
            self.body = body
        }
    }

    package struct Until: Sendable, Hashable {
        package var type: String
        package var filter: MessageFilter?
        package init(type: String, filter: MessageFilter?) {
            self.type = type
            self.filter = filter
        }
    }

    package enum Kind: Sendable, Hashable {
        case connect(Connect)
        case close(code: Int)
        case send(type: String, body: JSONTemplate?)
        case expect(Expect)
        case expectNo(ExpectNo)
        case expectEnd(ExpectEnd)
        case capture(name: String, path: String)
        case set(name: String, value: JSONTemplate)
        case checkpoint(name: String, assertions: [Comparison])
        case wait(ScenarioDuration)
        /// `backoff D`: a `wait` that is also real time on a real network (the app's reconnect delay).
        case backoff(ScenarioDuration)
        case repeatBlock(Repeat)
        case mark(String)
        case ignore([String])
        case timeout(ScenarioDuration)
    }
}
