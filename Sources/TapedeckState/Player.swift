import TapedeckProtocol

/// The character-specific state the app's PlayerViewModel holds: the player's person, the people
/// they know and how, activities and their records, habits, focuses, items and conversations.
public struct Player: Sendable, Equatable {
    /// The player's own person (`playerObject.person`, merged with `personObject`s of the same id); empty until the server sends one.
    public var person = Person(id: "", name: "")
    /// The game status from `playerObject` / `batch_update` ("playing", "dead"...).
    public var status: String = ""
    /// Where the person is, from `u` / `batch_update`; nil until the server says.
    public var location: String?
    /// The people the player knows (`playerObject.r`).
    public var people: [Person] = []
    /// How the player relates to each of them (`playerObject.relData`), matched by person id.
    public var relationships: [Relationship] = []
    /// What the person is enrolled in now.
    public var activities: [Activity] = []
    /// The history of activities, current and past; matched to `activities` by id.
    public var activityRecords: [ActivityRecord] = []
    /// The habits the person has or is quitting (`playerObject.habits`).
    public var habits: [Habit] = []
    /// The focuses the player can choose from, at most one selected (`playerObject.focuses`).
    public var focuses: [FocusOption] = []
    /// The items the player owns, each with its quantity (`playerObject.inventory`).
    public var inventory: [StoreItem] = []
    /// The items the store offers (`playerObject.storeItems`).
    public var storeItems: [StoreItem] = []
    /// The occupations open to the person (`playerObject.occupations`).
    public var occupations: [Occupation] = []
    /// The in-app purchases offered (`playerObject.inAppPurchases`).
    public var inAppPurchases: [InAppPurchase] = []
    /// The conversations going on, each with its lines (`playerObject.activeConversations`).
    public var conversations: [Conversation] = []

    /// A player before the server's `playerObject`: an empty person, nothing known.
    public init() {}

    // MARK: Derived values

    /// The person's full name, as `Person.fullName` spells it.
    public var fullName: String { person.fullName }
    /// The person's age in years; 0 until the server sends it.
    public var age: Int { person.age ?? 0 }

    /// Health as a fraction: health / 100 clamped to 0...1 (0 when unknown).
    public var healthPercentage: Double {
        Double(min(100, max(0, person.health ?? 0))) / 100
    }

    /// The people whose relationship is romantic, in the order of `people`.
    public var romanticRelationships: [Person] { people(of: .romantic) }
    /// The people whose relationship is family, in the order of `people`.
    public var familyRelationships: [Person] { people(of: .family) }
    /// The people whose relationship is a friendship, in the order of `people`.
    public var friendRelationships: [Person] { people(of: .friend) }

    /// The people whose relationship has this kind, in the order of `people`. A person without a
    /// relationship entry is in no list; the first entry for a person id decides.
    ///
    /// - Parameter kind: The relationship kind.
    /// - Returns: The people of that kind; empty when there are none.
    public func people(of kind: Relationship.Kind) -> [Person] {
        people.filter { relationship(with: $0.id)?.kind == kind }
    }

    /// The player's relationship with a person, matched by id; the first entry decides.
    ///
    /// - Parameter personId: The person's id.
    /// - Returns: The relationship; nil when the player has none with that person.
    public func relationship(with personId: String) -> Relationship? {
        relationships.first { $0.personId == personId }
    }

    /// The record of an activity, matched by id.
    ///
    /// - Parameter activityId: The activity's id.
    /// - Returns: The record; nil when there is none for that id.
    public func record(for activityId: String) -> ActivityRecord? {
        activityRecords.first { $0.id == activityId }
    }

    /// The focus selected now; nil when none is.
    public var selectedFocus: FocusOption? { focuses.first { $0.selected } }

    // MARK: Server messages

    /// `playerObject`: everything is replaced.
    ///
    /// - Parameter object: The server's `playerObject`.
    public mutating func replace(with object: PlayerObject) {
        person = object.person
        status = object.status
        people = object.r
        relationships = object.relData
        activities = object.activities
        activityRecords = object.activityRecords
        habits = object.habits
        focuses = object.focuses
        inventory = object.inventory
        storeItems = object.storeItems
        occupations = object.occupations
        inAppPurchases = object.inAppPurchases
        conversations = object.activeConversations
    }

    /// `personObject`: the player's own person when the id matches, else a known person (merged)
    /// or a new one (appended to `people`).
    ///
    /// - Parameter update: The server's person.
    public mutating func upsert(_ update: Person) {
        if update.id == person.id {
            person = person.merging(update)
        } else if let index = people.firstIndex(where: { $0.id == update.id }) {
            people[index] = people[index].merging(update)
        } else {
            people.append(update)
        }
    }

    /// `u`: the person's mood and the location, when present.
    ///
    /// - Parameter update: The server's partial update.
    public mutating func apply(_ update: PartialUpdate) {
        if let mood = update.mood { person.mood = mood }
        if let location = update.location { self.location = location }
    }

    /// `batch_update`: the person's stats, the game status and the location, when present.
    ///
    /// - Parameter batch: The server's batch update.
    public mutating func apply(_ batch: BatchUpdate) {
        if let value = batch.age { person.age = value }
        if let value = batch.health { person.health = value }
        if let value = batch.happiness { person.happiness = value }
        if let value = batch.intelligence { person.intelligence = value }
        if let value = batch.prestige { person.prestige = value }
        if let value = batch.mood { person.mood = value }
        if let value = batch.status { status = value }
        if let value = batch.location { location = value }
    }

    /// `relationshipEvent`: the relationship takes the event's kind, status and affinity and gains
    /// the milestone (a new relationship is created if there was none); a person sent with the
    /// event is upserted into `people`.
    ///
    /// - Parameter event: The server's relationship event.
    public mutating func apply(_ event: RelationshipEvent) {
        if let index = relationships.firstIndex(where: { $0.personId == event.personId }) {
            relationships[index].kind = event.kind
            relationships[index].status = event.status
            relationships[index].affinity = event.affinity
            relationships[index].milestones.append(event.milestone)
        } else {
            relationships.append(
                Relationship(
                    personId: event.personId, kind: event.kind, status: event.status,
                    affinity: event.affinity, milestones: [event.milestone]))
        }
        if let newPerson = event.person { upsert(newPerson) }
    }

    /// `conversationEvent`: the line is appended to its conversation, created if new. A line whose
    /// id is already in the conversation is a resend and is ignored.
    ///
    /// - Parameter event: The server's conversation line.
    public mutating func apply(_ event: ConversationEvent) {
        if let index = conversations.firstIndex(where: { $0.id == event.conversationId }) {
            guard !conversations[index].messages.contains(where: { $0.id == event.message.id }) else { return }
            conversations[index].messages.append(event.message)
        } else {
            conversations.append(
                Conversation(
                    id: event.conversationId, personId: event.personId,
                    messages: [event.message]))
        }
    }

    /// A successful item purchase: one more of the item in the inventory (from the store's list).
    ///
    /// An item the store does not list and the inventory lacks changes nothing.
    ///
    /// - Parameter itemId: The purchased item's id.
    public mutating func addPurchasedItem(id itemId: String) {
        if let index = inventory.firstIndex(where: { $0.id == itemId }) {
            inventory[index].quantity = ResourceAmounts.saturatingAdd(inventory[index].quantity ?? 1, 1)
        } else if var item = storeItems.first(where: { $0.id == itemId }) {
            item.quantity = 1
            inventory.append(item)
        }
    }

    // MARK: Client actions (optimistic)

    /// `quitHabit`: an active habit starts quitting at 0 days; otherwise nothing changes.
    ///
    /// - Parameter habitId: The habit's id.
    public mutating func quitHabit(id habitId: String) {
        guard let index = habits.firstIndex(where: { $0.id == habitId }), habits[index].status == .active else { return }
        habits[index].status = .quitting
        habits[index].quitDays = 0
    }

    /// `stopQuitHabit`: the habit is active again with 0 days of progress.
    ///
    /// - Parameter habitId: The habit's id; an unknown id changes nothing.
    public mutating func stopQuitHabit(id habitId: String) {
        guard let index = habits.firstIndex(where: { $0.id == habitId }) else { return }
        habits[index].status = .active
        habits[index].quitDays = 0
    }

    /// `setFocus`: the focus with this id becomes the only selected one; an unknown id changes nothing.
    ///
    /// - Parameter focusId: The focus's id.
    public mutating func setFocus(id focusId: String) {
        guard focuses.contains(where: { $0.id == focusId }) else { return }
        for index in focuses.indices { focuses[index].selected = focuses[index].id == focusId }
    }
}
