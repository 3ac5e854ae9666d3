/// An in-game item for money or diamonds (`storeItems`, and the player's `inventory`).
public struct StoreItem: Sendable, Equatable {
    public enum Currency: String, Sendable, Equatable, CaseIterable {
        case money, diamonds
    }

    public var id: String
    public var name: String
    public var price: Int
    public var currency: Currency
    public var quantity: Int?

    public init(id: String, name: String, price: Int, currency: Currency, quantity: Int? = nil) {
        self.id = id; self.name = name; self.price = price; self.currency = currency; self.quantity = quantity
    }
}

/// A job the person can take.
public struct Occupation: Sendable, Equatable {
    public var id: String
    public var name: String
    public var salary: Int

    public init(id: String, name: String, salary: Int) {
        self.id = id; self.name = name; self.salary = salary
    }
}

/// A diamond pack sold through the App Store (`diamond1`, `diamond2`).
public struct InAppPurchase: Sendable, Equatable {
    public var productId: String
    public var diamonds: Int
    public var price: String

    public init(productId: String, diamonds: Int, price: String) {
        self.productId = productId; self.diamonds = diamonds; self.price = price
    }
}

/// A focus the player can choose (study, work, social, health...); one is selected at a time.
public struct FocusOption: Sendable, Equatable {
    public var id: String
    public var name: String
    public var selected: Bool

    public init(id: String, name: String, selected: Bool) {
        self.id = id; self.name = name; self.selected = selected
    }
}

/// An energy refill tier: instant 50, small 100, medium 200, large 500, or unlimited for some hours.
public struct EnergyRefillTier: Sendable, Equatable {
    public var id: String
    public var energy: Int
    public var diamondCost: Int
    /// Set only for the unlimited tier: how long energy does not run down.
    public var unlimitedHours: Int?

    public init(id: String, energy: Int, diamondCost: Int, unlimitedHours: Int? = nil) {
        self.id = id; self.energy = energy; self.diamondCost = diamondCost; self.unlimitedHours = unlimitedHours
    }
}

/// A time-skip tier: 1 hour, 12 hours, 1 day, 1 week, 1 month of game time.
public struct TimeSkipTier: Sendable, Equatable {
    public var id: String
    public var hours: Int
    public var diamondCost: Int

    public init(id: String, hours: Int, diamondCost: Int) {
        self.id = id; self.hours = hours; self.diamondCost = diamondCost
    }
}

/// What happened during a time skip, shown after the purchase.
public struct TimeSkipSummary: Sendable, Equatable {
    public var hoursSkipped: Int
    public var events: [String]
    public var energyChange: Int
    public var moneyChange: Int

    public init(hoursSkipped: Int, events: [String], energyChange: Int, moneyChange: Int) {
        self.hoursSkipped = hoursSkipped; self.events = events
        self.energyChange = energyChange; self.moneyChange = moneyChange
    }
}
