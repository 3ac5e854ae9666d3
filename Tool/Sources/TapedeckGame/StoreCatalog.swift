import TapedeckProtocol

/// What the reference server sells: items for money or diamonds, energy refills, time skips and the
/// two App Store diamond packs.
package enum StoreCatalog {
    package static let items: [StoreItem] = [
        StoreItem(id: "flowers", name: "Bouquet of Flowers", price: 20, currency: .money),
        StoreItem(id: "chocolate", name: "Box of Chocolates", price: 15, currency: .money),
        StoreItem(id: "book", name: "Bestselling Novel", price: 25, currency: .money),
        StoreItem(id: "teddy", name: "Teddy Bear", price: 40, currency: .money),
        StoreItem(id: "watch", name: "Designer Watch", price: 10, currency: .diamonds),
        StoreItem(id: "tickets", name: "Concert Tickets", price: 8, currency: .diamonds),
    ]

    /// Affinity a gift adds: a tenth of its money price, or its diamond price, at least 3.
    package static func giftAffinity(_ item: StoreItem) -> Int {
        let value = item.currency == .money ? item.price / 10 : item.price
        return max(3, value)
    }

    package static let energyRefills: [EnergyRefillTier] = [
        EnergyRefillTier(id: "instant", energy: 50, diamondCost: 5),
        EnergyRefillTier(id: "small", energy: 100, diamondCost: 9),
        EnergyRefillTier(id: "medium", energy: 200, diamondCost: 16),
        EnergyRefillTier(id: "large", energy: 500, diamondCost: 35),
        EnergyRefillTier(id: "unlimited", energy: 0, diamondCost: 60, unlimitedHours: 24),
    ]

    package static let timeSkips: [TimeSkipTier] = [
        TimeSkipTier(id: "1h", hours: 1, diamondCost: 1),
        TimeSkipTier(id: "12h", hours: 12, diamondCost: 5),
        TimeSkipTier(id: "1d", hours: 24, diamondCost: 8),
        TimeSkipTier(id: "1w", hours: 168, diamondCost: 40),
        TimeSkipTier(id: "1m", hours: 720, diamondCost: 120),
    ]

    package static let inAppPurchases: [InAppPurchase] = [
        InAppPurchase(productId: "diamond1", diamonds: 100, price: "$0.99"),
        InAppPurchase(productId: "diamond2", diamonds: 550, price: "$4.99"),
    ]

    package static let occupations: [Occupation] = [
        Occupation(id: "barista", name: "Barista", salary: 12),
        Occupation(id: "cashier", name: "Cashier", salary: 11),
        Occupation(id: "tutor", name: "Math Tutor", salary: 18),
        Occupation(id: "intern", name: "Office Intern", salary: 15),
    ]

    package static let extracurriculars: [Activity] = [
        Activity(id: "chess-club", name: "Chess Club", kind: .extracurricular, energyCost: 3, moneyCost: 5),
        Activity(id: "soccer-team", name: "Soccer Team", kind: .extracurricular, energyCost: 6, moneyCost: 10),
        Activity(id: "drama-club", name: "Drama Club", kind: .extracurricular, energyCost: 4, moneyCost: 5),
        Activity(id: "coding-club", name: "Coding Club", kind: .extracurricular, energyCost: 3, moneyCost: 8),
    ]

    /// Focuses and the stat each one trains by 1 point per game day.
    package static let focuses: [(id: String, name: String, stat: String)] = [
        ("study", "Study", "intelligence"), ("work", "Work", "prestige"),
        ("social", "Social", "happiness"), ("health", "Health", "health"),
    ]
}
