/// How the player relates to a person (`playerObject.relData`). The kind decides which list the
/// client shows the person in: romantic, family or friends.
public struct Relationship: Sendable, Equatable {
    public enum Kind: String, Sendable, Equatable, CaseIterable {
        case romantic, family, friend
    }

    public var personId: String
    public var kind: Kind
    /// Free text shown by the app: "crush", "dating", "engaged", "married", "parent", "best friend"...
    public var status: String
    public var affinity: Int
    public var milestones: [String]

    public init(personId: String, kind: Kind, status: String, affinity: Int, milestones: [String] = []) {
        self.personId = personId; self.kind = kind; self.status = status
        self.affinity = affinity; self.milestones = milestones
    }
}
