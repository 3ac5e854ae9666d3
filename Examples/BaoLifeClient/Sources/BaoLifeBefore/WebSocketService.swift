import Foundation
import TapedeckSocket

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

#if canImport(Combine)
import Combine
#else
import OpenCombine
#endif

/// The errors the app shows (`.errorOverlay()`).
public enum WebSocketError: Error, Equatable {
    case connectionFailed(String)
    case messageParsingFailed
    case serverError(String)
    case rateLimited
}

/// The app's central hub for everything real-time, before the refactor: it owns the socket's
/// callbacks, parses every server message with `JSONSerialization`, routes it by `type` and keeps
/// the whole game state in `@Published` properties that views and view models subscribe to.
///
/// The socket comes from the injected `makeTask` (`URLSession.shared.webSocketTask(with:)` in the
/// app, a replay socket in tests); its receive loop, in the completion-handler style, hands each
/// frame to the main queue.
@MainActor
public final class WebSocketService: ObservableObject {
    // MARK: Connection
    @Published public private(set) var isConnected = false
    @Published public private(set) var appLoaded = false
    @Published public var currentError: WebSocketError?
    @Published public var toastMessage: String?

    // MARK: Game state (GameStateViewModel subscribes)
    @Published public var energy = 100
    @Published public var money = 0
    @Published public var diamonds = 0
    @Published public var gameDate = ""
    @Published public var hourOfDay = 8
    @Published public var minuteOfHour = 0
    @Published public var season = "spring"
    @Published public var gameSpeed = 5000

    // MARK: Player (PlayerViewModel subscribes)
    @Published public var person = Person()
    /// Everyone the player knows: the server's `r`.
    @Published public var people: [Person] = []
    /// How the player relates to each of `people`: the server's `relData`.
    @Published public var relationships: [Relationship] = []
    @Published public var gameStatus = ""
    @Published public var location: String?

    // MARK: Life events (the home screen's timeline)
    /// The 50 most recent life events, newest first.
    @Published public var lifeEvents: [MessageEvent] = []
    @Published public var unclaimedEventCount = 0

    // MARK: Questions
    @Published public var questionQueue: [Question] = []
    @Published public var currentQuestion: Question?

    public static let maxLifeEvents = 50

    private let url: URL
    private let makeTask: (URL) -> any WebSocketTasking
    private var task: (any WebSocketTasking)?
    private let now: () -> Date
    /// The clock the reconnect's backoff waits on (`ContinuousClock` in the app, the replay's in tests).
    private let clock: any Clock<Duration>
    /// The reconnect waiting for its backoff, and how many attempts failed in a row.
    private var reconnect: Task<Void, Never>?
    private var failures = 0
    /// Claims sent and not answered yet: only these roll back when the server refuses.
    private var pendingClaims: Set<String> = []
    /// Messages sent while disconnected (a claim tapped offline), sent in order on the next
    /// connection as soon as it opens.
    private var outbox: [String] = []

    /// - Parameters:
    ///   - url: the game server.
    ///   - makeTask: makes the socket.
    ///   - now: the clock claim timestamps come from.
    ///   - clock: the clock the reconnect's backoff waits on.
    public init(
        url: URL = URL(string: "wss://lichun.app/wss/")!,
        makeTask: @escaping (URL) -> any WebSocketTasking = { URLSession.shared.webSocketTask(with: $0) },
        now: @escaping () -> Date = Date.init, clock: any Clock<Duration> = ContinuousClock()
    ) {
        self.url = url
        self.makeTask = makeTask
        self.now = now
        self.clock = clock
    }

    /// Automatic reconnection with exponential backoff: 1 s, doubling to at most 30 s, up to 1000
    /// attempts in a row (a message from the server starts the count again).
    public static let maximumAttempts = 1000

    // MARK: - Socket

    /// Opens the socket and starts reading it. A live connection stays as it is; a reconnect
    /// waiting for its backoff is superseded.
    public func connect() {
        reconnect?.cancel()
        reconnect = nil
        if isConnected, task != nil { return }
        let task = makeTask(url)
        self.task = task
        task.resume()
        didOpen()
        let queued = outbox
        outbox = []
        for text in queued { task.send(.string(text)) { _ in } }
        receiveNext(on: task)
        keepAlive(task)
    }

    /// A ping every 10 s; a connection whose pong has not come 5 s later is silent (a half-open
    /// TCP connection, which never fails by itself): the service leaves it, and reconnects.
    private func keepAlive(_ task: any WebSocketTasking) {
        Task { @MainActor [weak self, clock] in
            while self?.task === task {
                do { try await clock.sleep(for: .seconds(10)) } catch { return }
                guard self?.task === task else { return }
                let pong = PongFlag()
                task.sendPing { error in if error == nil { pong.set() } }
                do { try await clock.sleep(for: .seconds(5)) } catch { return }
                if !pong.isSet, self?.task === task {
                    // The pending receive fails with the close: the receive path reconnects.
                    task.cancel(with: .goingAway, reason: nil)
                    return
                }
            }
        }
    }

    private func receiveNext(on task: any WebSocketTasking) {
        task.receive { result in
            DispatchQueue.main.async {
                switch result {
                case .success(.string(let text)):
                    self.failures = 0
                    self.receive(text: text)
                    self.receiveNext(on: task)
                case .success:
                    self.receiveNext(on: task) // binary: the server speaks JSON text only
                case .failure(let error):
                    if task.closeCode != .invalid {
                        self.didClose(
                            code: task.closeCode.rawValue, reason: String(decoding: task.closeReason ?? Data(), as: UTF8.self))
                    } else {
                        self.didFail("\(error)")
                    }
                    if self.task === task { self.task = nil }
                    self.scheduleReconnect()
                }
            }
        }
    }

    private func scheduleReconnect() {
        guard failures < Self.maximumAttempts else { return }
        let delay = min(Duration.seconds(1 << min(failures, 5)), .seconds(30))
        failures += 1
        reconnect = Task { @MainActor [weak self, clock] in
            do { try await clock.sleep(for: delay) } catch { return }
            self?.reconnect = nil
            self?.connect()
        }
    }

    public func didOpen() {
        isConnected = true
        currentError = nil
    }

    public func didClose(code: Int, reason: String) {
        isConnected = false
    }

    public func didFail(_ reason: String) {
        isConnected = false
        currentError = .connectionFailed(reason)
    }

    /// One text message from the server.
    public func receive(text: String) {
        guard let parsed = try? BeforeMessageParser.parse(Data(text.utf8)) else {
            currentError = .messageParsingFailed
            return
        }
        let message = parsed.message
        switch parsed.type {
        case "u": handleUpdate(message)
        case "batch_update": handleBatchUpdate(message)
        case "playerObject": handlePlayerObject(message)
        case "personObject": handlePersonObject(message)
        case "messageEvent": handleMessageEvent(message)
        case "questionEvent": handleQuestionEvent(message)
        case "relationshipEvent": handleRelationshipEvent(message)
        case "claimResult": handleClaimResult(message)
        case "purchaseResult": handlePurchaseResult(message)
        case "error": handleError(message)
        default: break // conversations, achievements, tiers, statistics...: other screens
        }
    }

    // MARK: - Sending

    public func sendMessage(message: [String: Any]) {
        guard let data = try? JSONSerialization.data(withJSONObject: message),
            let text = String(data: data, encoding: .utf8)
        else { return }
        guard let task else { return outbox.append(text) }
        task.send(.string(text)) { _ in }
    }

    public func setSpeed(_ speed: Int) {
        gameSpeed = speed
        sendMessage(message: ["type": "speed", "message": ["speed": speed]])
    }

    /// The player taps an unclaimed event: the reward is added at once (optimistic) and the claim
    /// goes to the server; a refused claim is rolled back when `claimResult` says so.
    public func claimEvent(_ event: MessageEvent) {
        guard let index = lifeEvents.firstIndex(where: { $0.id == event.id }), !lifeEvents[index].claimed else { return }
        var claimedEvent = lifeEvents[index]
        let timestamp = now()
        if claimedEvent.isClaimable { unclaimedEventCount -= 1 }
        claimedEvent.claimed = true
        claimedEvent.claimedAt = timestamp
        lifeEvents[index] = claimedEvent
        pendingClaims.insert(claimedEvent.id)
        applyClientChange(
            energy: claimedEvent.energyCost ?? 0, money: claimedEvent.moneyCost ?? 0,
            diamonds: claimedEvent.diamondCost ?? 0)
        sendMessage(message: [
            "type": "claimEvent",
            "message": ["eventId": claimedEvent.id, "timestamp": Self.iso8601(timestamp)],
        ])
    }

    /// The player picks an answer: its costs are spent at once, the question leaves the queue and
    /// the next one is shown.
    public func answerQuestion(_ question: Question, option: AnswerOption) {
        guard let index = questionQueue.firstIndex(where: { $0.id == question.id }) else { return }
        sendMessage(message: ["type": "answerQuestion", "message": ["questionId": question.id, "optionId": option.id]])
        applyClientChange(
            energy: -(option.energyCost ?? 0), money: -(option.moneyCost ?? 0),
            diamonds: -(option.diamondCost ?? 0))
        questionQueue.remove(at: index)
        currentQuestion = questionQueue.first
    }

    // MARK: - Message handlers

    private func handleUpdate(_ json: [String: Any]) {
        if let value = json["energy"] as? Int { energy = value }
        if let value = json["money"] as? Int { money = value }
        if let value = json["diamonds"] as? Int { diamonds = value }
        if let value = json["date"] as? String { gameDate = value }
        if let value = json["hourOfDay"] as? Int { hourOfDay = value }
        if let value = json["minuteOfHour"] as? Int { minuteOfHour = value }
        if let value = json["mood"] as? String { updatePerson { $0.mood = value } }
        if let value = json["location"] as? String { location = value }
    }

    private func handleBatchUpdate(_ json: [String: Any]) {
        if let value = json["energy"] as? Int { energy = value }
        if let value = json["money"] as? Int { money = value }
        if let value = json["diamonds"] as? Int { diamonds = value }
        if let value = json["date"] as? String { gameDate = value }
        if let value = json["hourOfDay"] as? Int { hourOfDay = value }
        if let value = json["minuteOfHour"] as? Int { minuteOfHour = value }
        if let value = json["season"] as? String { season = value }
        if let value = json["gameSpeed"] as? Int { gameSpeed = value }
        if let value = json["status"] as? String { gameStatus = value }
        if let value = json["location"] as? String { location = value }
        let stats = ["age", "health", "happiness", "intelligence", "prestige", "mood"]
        if stats.contains(where: { json[$0] != nil }) {
            updatePerson { person in
                if let value = json["age"] as? Int { person.age = value }
                if let value = json["health"] as? Int { person.health = value }
                if let value = json["happiness"] as? Int { person.happiness = value }
                if let value = json["intelligence"] as? Int { person.intelligence = value }
                if let value = json["prestige"] as? Int { person.prestige = value }
                if let value = json["mood"] as? String { person.mood = value }
            }
        }
    }

    /// The full state: everything is replaced (but the location, which only updates carry).
    private func handlePlayerObject(_ json: [String: Any]) {
        guard let personJSON = json["person"] as? [String: Any] else {
            currentError = .messageParsingFailed
            return
        }
        if let value = json["date"] as? String { gameDate = value }
        if let value = json["hourOfDay"] as? Int { hourOfDay = value }
        if let value = json["minuteOfHour"] as? Int { minuteOfHour = value }
        if let value = json["season"] as? String { season = value }
        if let value = json["gameSpeed"] as? Int { gameSpeed = value }
        if let value = json["status"] as? String { gameStatus = value }
        let newPerson = Person(json: personJSON)
        if let value = newPerson.energy { energy = value }
        if let value = newPerson.money { money = value }
        if let value = newPerson.diamonds { diamonds = value }
        person = newPerson
        people = (json["r"] as? [[String: Any]] ?? []).map(Person.init(json:))
        relationships = (json["relData"] as? [[String: Any]] ?? []).compactMap(Relationship.init(json:))
        currentError = nil
        appLoaded = true
    }

    /// One character: the player's own person when the id matches (with the resources it
    /// carries), else someone already known, else a new acquaintance.
    private func handlePersonObject(_ json: [String: Any]) {
        guard let id = json["id"] as? String else { return }
        if id == person.id {
            updatePerson { $0.update(with: json) }
            if let value = json["energy"] as? Int { energy = value }
            if let value = json["money"] as? Int { money = value }
            if let value = json["diamonds"] as? Int { diamonds = value }
        } else {
            upsertPerson(json)
        }
    }

    private func handleRelationshipEvent(_ json: [String: Any]) {
        guard let personId = json["personId"] as? String, let milestone = json["milestone"] as? String else { return }
        let kind = json["kind"] as? String ?? "friend"
        let status = json["status"] as? String ?? ""
        let affinity = json["affinity"] as? Int ?? 0
        if let index = relationships.firstIndex(where: { $0.personId == personId }) {
            relationships[index].kind = kind
            relationships[index].status = status
            relationships[index].affinity = affinity
            relationships[index].milestones.append(milestone)
        } else {
            relationships.append(
                Relationship(
                    personId: personId, kind: kind, status: status, affinity: affinity,
                    milestones: [milestone]))
        }
        if let personJSON = json["person"] as? [String: Any] {
            if personJSON["id"] as? String == person.id {
                updatePerson { $0.update(with: personJSON) }
            } else {
                upsertPerson(personJSON)
            }
        }
    }

    /// A life event goes to the top of the timeline (at most 50 kept). A loss is claimed at once,
    /// without the player: it is applied and the claim is sent.
    private func handleMessageEvent(_ json: [String: Any]) {
        guard var event = MessageEvent(json: json) else {
            currentError = .messageParsingFailed
            return
        }
        guard !lifeEvents.contains(where: { $0.id == event.id }) else { return } // a resend
        event.category = categorize(event)
        var events = lifeEvents
        events.insert(event, at: 0)
        var unclaimed = unclaimedEventCount + (event.isClaimable ? 1 : 0)
        while events.count > Self.maxLifeEvents {
            let dropped = events.removeLast()
            if dropped.isClaimable && !dropped.claimed { unclaimed -= 1 }
            pendingClaims.remove(dropped.id)
        }
        lifeEvents = events
        unclaimedEventCount = unclaimed
        if event.isNegative {
            claimEvent(event)
        }
    }

    private func handleQuestionEvent(_ json: [String: Any]) {
        guard let question = Question(json: json) else {
            currentError = .messageParsingFailed
            return
        }
        guard !questionQueue.contains(where: { $0.id == question.id }) else { return }
        questionQueue.append(question)
        if questionQueue.count == 1 { currentQuestion = question }
    }

    private func handleClaimResult(_ json: [String: Any]) {
        guard let eventId = json["eventId"] as? String, let accepted = json["accepted"] as? Bool else { return }
        if accepted {
            pendingClaims.remove(eventId)
            return
        }
        // A refused claim is undone only while it is ours and pending: a refused second claim
        // must not undo the first one the server accepted.
        guard pendingClaims.contains(eventId), let index = lifeEvents.firstIndex(where: { $0.id == eventId }) else { return }
        pendingClaims.remove(eventId)
        var event = lifeEvents[index]
        event.claimed = false
        event.claimedAt = nil
        lifeEvents[index] = event
        if event.isClaimable { unclaimedEventCount += 1 }
        applyClientChange(
            energy: -(event.energyCost ?? 0), money: -(event.moneyCost ?? 0),
            diamonds: -(event.diamondCost ?? 0))
        toastMessage = "Could not claim the event (\(json["reason"] as? String ?? "rejected"))"
    }

    /// Purchases are not optimistic: the balances change when the server says so.
    private func handlePurchaseResult(_ json: [String: Any]) {
        guard json["success"] as? Bool == true else {
            toastMessage = "Purchase failed (\(json["reason"] as? String ?? "unknown reason"))"
            return
        }
        if let value = json["energy"] as? Int { energy = value }
        if let value = json["money"] as? Int { money = value }
        if let value = json["diamonds"] as? Int { diamonds = value }
        toastMessage = "Purchase complete"
    }

    private func handleError(_ json: [String: Any]) {
        let text = json["message"] as? String ?? ""
        switch json["kind"] as? String {
        case "connectionFailed": currentError = .connectionFailed(text)
        case "messageParsingFailed": currentError = .messageParsingFailed
        case "rateLimited": currentError = .rateLimited
        default: currentError = .serverError(text)
        }
    }

    // MARK: - Helpers

    /// Optimistic changes never take a resource below zero; the server's next update is the truth.
    private func applyClientChange(energy: Int, money: Int, diamonds: Int) {
        if energy != 0 { self.energy = max(0, self.energy + energy) }
        if money != 0 { self.money = max(0, self.money + money) }
        if diamonds != 0 { self.diamonds = max(0, self.diamonds + diamonds) }
    }

    /// Changes the player's person and publishes it as a new value.
    private func updatePerson(_ change: (Person) -> Void) {
        let updated = person.copy()
        change(updated)
        person = updated
    }

    private func upsertPerson(_ json: [String: Any]) {
        guard let id = json["id"] as? String else { return }
        if let index = people.firstIndex(where: { $0.id == id }) {
            let updated = people[index].copy()
            updated.update(with: json)
            people[index] = updated
        } else {
            people.append(Person(json: json))
        }
    }

    private static let keywords: [(EventCategory, Set<String>)] = [
        (
            .achievement,
            [
                "achievement", "award", "awarded", "trophy", "medal", "prize", "won", "win",
                "champion", "championship", "unlocked", "record",
            ]
        ),
        (
            .education,
            [
                "school", "class", "exam", "test", "grade", "grades", "study", "studied", "homework",
                "teacher", "college", "university", "degree", "graduated", "graduation", "scholarship",
            ]
        ),
        (
            .career,
            [
                "job", "work", "worked", "career", "promotion", "promoted", "boss", "salary", "hired",
                "office", "interview", "coworker", "raise", "shift",
            ]
        ),
        (
            .finance,
            [
                "money", "bonus", "bank", "cash", "invest", "investment", "investments", "lottery",
                "inheritance", "tax", "savings", "paid", "payment", "loan", "stock", "stocks",
            ]
        ),
        (
            .health,
            [
                "health", "healthy", "doctor", "hospital", "sick", "ill", "injury", "injured", "exercise",
                "gym", "workout", "medicine", "sleep", "slept", "rest", "diet",
            ]
        ),
        (
            .social,
            [
                "friend", "friends", "party", "date", "dating", "love", "married", "wedding", "family",
                "met", "relationship", "birthday", "girlfriend", "boyfriend", "partner",
            ]
        ),
        (
            .random,
            [
                "lucky", "luck", "surprise", "surprising", "random", "unexpected", "mysterious",
                "stranger", "found", "strange",
            ]
        ),
    ]

    /// Losses are `negative`; otherwise the first row of the keyword table with a whole word of
    /// the event's type tag or text decides; `neutral` when none does.
    private func categorize(_ event: MessageEvent) -> EventCategory {
        if event.isNegative { return .negative }
        let text = "\(event.type ?? "") \(event.message)".lowercased()
        let words = text.split { !($0.isLetter || $0.isNumber) }.map(String.init)
        for (category, keywords) in Self.keywords where words.contains(where: keywords.contains) {
            return category
        }
        return .neutral
    }

    static func iso8601(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.string(from: date)
    }
}

/// Whether a ping's pong came: set from the ping's handler (any thread), read on the main actor.
/// `@unchecked Sendable`: its one Bool is read and written only under `lock`.
final class PongFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false
    func set() { lock.withLock { value = true } }
    var isSet: Bool { lock.withLock { value } }
}
