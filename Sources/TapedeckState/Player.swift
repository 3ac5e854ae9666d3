import TapedeckProtocol

/// The character-specific state the app's PlayerViewModel holds: the player's person, the people
/// they know and how, activities and their records, habits, focuses, items and conversations.
public struct Player: Sendable, Equatable {
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
    public var habits: [Habit] = []
    public var focuses: [FocusOption] = []
    public var inventory: [StoreItem] = []
    public var storeItems: [StoreItem] = []
    public var occupations: [Occupation] = []
    public var inAppPurchases: [InAppPurchase] = []
    public var conversations: [Conversation] = []

    public init() {}

    // MARK: Derived values

    public var fullName: String { person.fullName }
    public var age: Int { person.age ?? 0 }

    /// Health as a fraction: health / 100 clamped to 0...1 (0 when unknown).
    public var healthPercentage: Double {
        Double(min(100, max(0, person.health ?? 0))) / 100
    }

    public var romanticRelationships: [Person] { people(of: .romantic) }
    public var familyRelationships: [Person] { people(of: .family) }
    public var friendRelationships: [Person] { people(of: .friend) }

    /// The people whose relationship has this kind, in the order of `people`. A person without a
    /// relationship entry is in no list; the first entry for a person id decides.
    public func people(of kind: Relationship.Kind) -> [Person] {
        people.filter { relationship(with: $0.id)?.kind == kind }
    }

    public func relationship(with personId: String) -> Relationship? {
        relationships.first { $0.personId == personId }
    }

    /// The record of an activity, matched by id.
    public func record(for activityId: String) -> ActivityRecord? {
        activityRecords.first { $0.id == activityId }
    }

    public var selectedFocus: FocusOption? { focuses.first { $0.selected } }

    // MARK: Server messages

    /// `playerObject`: everything is replaced.
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
    public mutating func apply(_ update: PartialUpdate) {
        if let mood = update.mood { person.mood = mood }
        if let location = update.location { self.location = location }
    }

    /// `batch_update`: the person's stats, the game status and the location, when present.
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
    public mutating func quitHabit(id habitId: String) {
        guard let index = habits.firstIndex(where: { $0.id == habitId }), habits[index].status == .active else { return }
        habits[index].status = .quitting
        habits[index].quitDays = 0
    }

    /// `stopQuitHabit`: the habit is active again with 0 days of progress.
    public mutating func stopQuitHabit(id habitId: String) {
        guard let index = habits.firstIndex(where: { $0.id == habitId }) else { return }
        habits[index].status = .active
        habits[index].quitDays = 0
    }

    /// `setFocus`: the focus with this id becomes the only selected one; an unknown id changes nothing.
    public mutating func setFocus(id focusId: String) {
        guard focuses.contains(where: { $0.id == focusId }) else { return }
        for index in focuses.indices { focuses[index].selected = focuses[index].id == focusId }
    }
}
