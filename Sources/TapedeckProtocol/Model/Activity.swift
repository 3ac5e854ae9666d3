/// Something the person is enrolled in now: a school class, an occupation or an extracurricular.
public struct Activity: Sendable, Equatable {
    public enum Kind: String, Sendable, Equatable, CaseIterable {
        case elementarySchool, highSchool, occupation, extracurricular
    }

    public var id: String
    public var name: String
    public var kind: Kind
    public var energyCost: Int?
    public var moneyCost: Int?

    public init(id: String, name: String, kind: Kind, energyCost: Int? = nil, moneyCost: Int? = nil) {
        self.id = id; self.name = name; self.kind = kind; self.energyCost = energyCost; self.moneyCost = moneyCost
    }
}

/// The history of an activity, current or past; matched to `Activity` by `id`.
public struct ActivityRecord: Sendable, Equatable {
    public var id: String
    public var performance: Int
    public var achievements: [String]
    public var gpa: Double?
    public var major: String?
    public var minor: String?
    /// Gives the decoder the compiler-made memberwise initialiser (see `MemberwiseInit`).
    let memberwise: MemberwiseInit
}

extension ActivityRecord {
    public init(id: String, performance: Int, achievements: [String] = [], gpa: Double? = nil,
                major: String? = nil, minor: String? = nil) {
        memberwise = MemberwiseInit()
        self.id = id; self.performance = performance; self.achievements = achievements
        self.gpa = gpa; self.major = major; self.minor = minor
    }
}
