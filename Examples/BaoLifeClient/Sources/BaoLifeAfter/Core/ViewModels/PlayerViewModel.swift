import Foundation
import Observation

/// The player's character, the people they know and how they relate to them.
@MainActor
@Observable
public final class PlayerViewModel {
    public private(set) var person = Person()
    /// Everyone the player knows (the server's `r`).
    public private(set) var people: [Person] = []
    public private(set) var relationships: [Relationship] = []
    public private(set) var gameStatus = ""
    public private(set) var location: String?

    @ObservationIgnored private let webSocketService: WebSocketService
    @ObservationIgnored private let gameState: GameStateViewModel

    public init(webSocketService: WebSocketService, gameState: GameStateViewModel) {
        self.webSocketService = webSocketService
        self.gameState = gameState
        webSocketService.on("playerObject") { [weak self] data in
            self?.apply(try MessageCoding.payload(PlayerObject.self, from: data))
        }
        webSocketService.on("personObject") { [weak self] data in
            self?.receive(try MessageCoding.payload(Person.self, from: data))
        }
        webSocketService.on("u") { [weak self] data in
            let update = try MessageCoding.payload(PartialUpdate.self, from: data)
            if let mood = update.mood { self?.person.mood = mood }
            if let location = update.location { self?.location = location }
        }
        webSocketService.on("batch_update") { [weak self] data in
            self?.apply(try MessageCoding.payload(BatchUpdate.self, from: data))
        }
        webSocketService.on("relationshipEvent") { [weak self] data in
            self?.apply(try MessageCoding.payload(RelationshipEvent.self, from: data))
        }
    }

    public var fullName: String { person.fullName }
    public var age: Int { person.age ?? 0 }
    public var healthPercentage: Double { min(1, max(0, Double(person.health ?? 0) / 100)) }

    public var romanticRelationships: [Person] { people(of: .romantic) }
    public var familyRelationships: [Person] { people(of: .family) }
    public var friendRelationships: [Person] { people(of: .friend) }

    public func relationship(with personId: String) -> Relationship? {
        relationships.first { $0.personId == personId }
    }

    /// Asks for a person's details (or, without an id, the next dating candidate).
    public func retrievePerson(_ personId: String?) {
        webSocketService.send("retrievePerson", RetrievePersonRequest(personId: personId))
    }

    private func people(of kind: Relationship.Kind) -> [Person] {
        people.filter { relationship(with: $0.id)?.kind == kind }
    }

    /// The full state replaces everything but the location (which only updates carry).
    private func apply(_ player: PlayerObject) {
        person = player.person
        people = player.r ?? []
        relationships = player.relData ?? []
        gameStatus = player.status
    }

    private func apply(_ batch: BatchUpdate) {
        if let value = batch.age { person.age = value }
        if let value = batch.health { person.health = value }
        if let value = batch.happiness { person.happiness = value }
        if let value = batch.intelligence { person.intelligence = value }
        if let value = batch.prestige { person.prestige = value }
        if let value = batch.mood { person.mood = value }
        if let value = batch.status { gameStatus = value }
        if let value = batch.location { location = value }
    }

    /// `personObject`: the player's own person (with the balances it carries), else someone known.
    private func receive(_ update: Person) {
        if update.id == person.id {
            person = person.merging(update)
            gameState.setBalances(energy: update.energy, money: update.money, diamonds: update.diamonds)
        } else {
            upsert(update)
        }
    }

    private func apply(_ event: RelationshipEvent) {
        if let index = relationships.firstIndex(where: { $0.personId == event.personId }) {
            relationships[index].kind = event.kind
            relationships[index].status = event.status
            relationships[index].affinity = event.affinity
            relationships[index].milestones = (relationships[index].milestones ?? []) + [event.milestone]
        } else {
            relationships.append(
                Relationship(
                    personId: event.personId, kind: event.kind, status: event.status,
                    affinity: event.affinity, milestones: [event.milestone]))
        }
        if let newPerson = event.person {
            if newPerson.id == person.id { person = person.merging(newPerson) } else { upsert(newPerson) }
        }
    }

    private func upsert(_ update: Person) {
        if let index = people.firstIndex(where: { $0.id == update.id }) {
            people[index] = people[index].merging(update)
        } else {
            people.append(update)
        }
    }
}
