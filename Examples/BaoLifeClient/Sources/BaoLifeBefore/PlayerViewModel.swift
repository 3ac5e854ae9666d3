import Foundation

#if canImport(Combine)
import Combine
#else
import OpenCombine
#endif

/// The player's character and the people they know, fed from the WebSocketService through
/// Combine (a main-queue hop later), with the helpers the views use.
@MainActor
public final class PlayerViewModel: ObservableObject {
    @Published public private(set) var person = Person()
    @Published public private(set) var people: [Person] = []
    @Published public private(set) var relationships: [Relationship] = []
    @Published public private(set) var gameStatus = ""
    @Published public private(set) var location: String?

    private let webSocketService: WebSocketService
    private var cancellables = Set<AnyCancellable>()

    public init(webSocketService: WebSocketService) {
        self.webSocketService = webSocketService
        webSocketService.$person.receive(on: DispatchQueue.mainScheduler)
            .sink { [weak self] in self?.person = $0 }.store(in: &cancellables)
        webSocketService.$people.receive(on: DispatchQueue.mainScheduler)
            .sink { [weak self] in self?.people = $0 }.store(in: &cancellables)
        webSocketService.$relationships.receive(on: DispatchQueue.mainScheduler)
            .sink { [weak self] in self?.relationships = $0 }.store(in: &cancellables)
        webSocketService.$gameStatus.receive(on: DispatchQueue.mainScheduler)
            .sink { [weak self] in self?.gameStatus = $0 }.store(in: &cancellables)
        webSocketService.$location.receive(on: DispatchQueue.mainScheduler)
            .sink { [weak self] in self?.location = $0 }.store(in: &cancellables)
    }

    public var fullName: String { person.fullName }
    public var age: Int { person.age ?? 0 }
    public var healthPercentage: Double { min(1, max(0, Double(person.health ?? 0) / 100)) }

    public var romanticRelationships: [Person] { people(of: "romantic") }
    public var familyRelationships: [Person] { people(of: "family") }
    public var friendRelationships: [Person] { people(of: "friend") }

    public func relationship(with person: Person) -> Relationship? {
        relationships.first { $0.personId == person.id }
    }

    /// Asks for a person's details (or, without an id, the next dating candidate).
    public func retrievePerson(_ personId: String?) {
        var message: [String: Any] = [:]
        if let personId { message["personId"] = personId }
        webSocketService.sendMessage(message: ["type": "retrievePerson", "message": message])
    }

    private func people(of kind: String) -> [Person] {
        people.filter { relationship(with: $0)?.kind == kind }
    }
}
