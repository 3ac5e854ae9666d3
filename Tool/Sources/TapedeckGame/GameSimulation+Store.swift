import TapedeckProtocol

/// The store: items, energy refills, time skips and App Store diamond packs, all answered by `purchaseResult`.
extension GameSimulation {
    private func rejected(_ kind: PurchaseResult.Kind, _ id: String, _ reason: String) -> [ServerMessage] {
        [.purchaseResult(PurchaseResult(kind: kind, id: id, success: false, reason: reason))]
    }

    private mutating func succeeded(
        _ kind: PurchaseResult.Kind, _ id: String,
        summary: TimeSkipSummary? = nil
    ) -> [ServerMessage] {
        world.statistics.purchases += 1
        return [
            .purchaseResult(
                PurchaseResult(
                    kind: kind, id: id, success: true, energy: world.energy, money: world.money, diamonds: world.diamonds,
                    summary: summary))
        ]
    }

    mutating func purchaseItem(_ itemId: String) -> [ServerMessage] {
        guard let item = StoreCatalog.items.first(where: { $0.id == itemId }) else {
            return rejected(.item, itemId, "unknownItem")
        }
        let money = item.currency == .money ? item.price : 0
        let diamonds = item.currency == .diamonds ? item.price : 0
        guard canAfford(energy: 0, money: money, diamonds: diamonds) else {
            return rejected(.item, itemId, "insufficientFunds")
        }
        pay(energy: 0, money: money, diamonds: diamonds)
        if let slot = world.inventory.firstIndex(where: { $0.id == itemId }) {
            world.inventory[slot].quantity = (world.inventory[slot].quantity ?? 1) + 1
        } else {
            var owned = item
            owned.quantity = 1
            world.inventory.append(owned)
        }
        return succeeded(.item, itemId) + unlock(AchievementCatalog.firstPurchase)
    }

    mutating func refillEnergy(_ tierId: String) -> [ServerMessage] {
        guard let tier = StoreCatalog.energyRefills.first(where: { $0.id == tierId }) else {
            return rejected(.energyRefill, tierId, "unknownTier")
        }
        guard world.diamonds >= tier.diamondCost else {
            return rejected(.energyRefill, tierId, "insufficientFunds")
        }
        world.diamonds -= tier.diamondCost
        if let hours = tier.unlimitedHours {
            world.unlimitedUntil = max(world.unlimitedUntil, world.gameMinutes) + hours * 60
            world.energy = max(world.energy, GameRules.energyCap)
        } else {
            world.energy += tier.energy
        }
        return succeeded(.energyRefill, tierId) + unlock(AchievementCatalog.firstPurchase)
    }

    /// Runs the skipped hours at once: events are applied and listed in the summary, no questions
    /// are asked. The answer is `purchaseResult` with the summary, then a `batch_update` with the new clock.
    mutating func timeSkip(_ tierId: String) -> [ServerMessage] {
        guard let tier = StoreCatalog.timeSkips.first(where: { $0.id == tierId }) else {
            return rejected(.timeSkip, tierId, "unknownTier")
        }
        guard world.diamonds >= tier.diamondCost else {
            return rejected(.timeSkip, tierId, "insufficientFunds")
        }
        world.diamonds -= tier.diamondCost
        let energyBefore = world.energy
        let moneyBefore = world.money
        var messages: [ServerMessage] = []
        var log: TimeSkipLog? = TimeSkipLog()
        advance(minutes: tier.hours * 60, into: &messages, skipLog: &log)
        let summary = TimeSkipSummary(
            hoursSkipped: tier.hours, events: log?.events ?? [],
            energyChange: world.energy - energyBefore,
            moneyChange: world.money - moneyBefore)
        return messages + succeeded(.timeSkip, tierId, summary: summary) + [batchUpdate()]
            + unlock(AchievementCatalog.firstPurchase)
    }

    /// The fake App Store check: a receipt is valid when it starts with "receipt-" and this game has
    /// not credited it before.
    mutating func validatePurchase(_ purchase: ValidatePurchase) -> [ServerMessage] {
        guard let product = StoreCatalog.inAppPurchases.first(where: { $0.productId == purchase.productId }) else {
            return rejected(.inAppPurchase, purchase.productId, "unknownProduct")
        }
        guard purchase.receipt.hasPrefix(GameRules.validReceiptPrefix) else {
            return rejected(.inAppPurchase, purchase.productId, "invalidReceipt")
        }
        guard !usedReceipts.contains(purchase.receipt) else {
            return rejected(.inAppPurchase, purchase.productId, "receiptAlreadyUsed")
        }
        usedReceipts.insert(purchase.receipt)
        world.diamonds += product.diamonds
        return succeeded(.inAppPurchase, purchase.productId) + unlock(AchievementCatalog.firstPurchase)
    }
}
