// JSON decoding and encoding of the types in Model/StoreModels.swift; field order is the order in docs/PROTOCOL.md.

extension StoreItem.Currency: WireEnum {
    static let wireNames = WireEnumNames<Self>()
}

extension StoreItem: WireCodable {
    static func decode(from reader: inout JSONReader) throws(ProtocolError) -> StoreItem {
        var id: String? = nil
        var name: String? = nil
        var price: Int? = nil
        var currency: StoreItem.Currency? = nil
        var quantity: Int? = nil
        if try reader.beginObject() {
            repeat {
                let key = try reader.readKey()
                do {
                    switch key.dispatchCount {
                    case 2 where key == "id":
                        id = try String.decode(from: &reader)
                    case 4 where key == "name":
                        name = try String.decode(from: &reader)
                    case 5 where key == "price":
                        price = try Int.decode(from: &reader)
                    case 8 where key == "currency":
                        currency = try StoreItem.Currency.decode(from: &reader)
                    case 8 where key == "quantity":
                        quantity = try reader.readOptional(Int.self)
                    default:
                        try reader.skipValue()
                    }
                } catch {
                    throw error.inside(.field(key.string))
                }
            } while try reader.nextMember()
        }
        guard let id else { throw reader.missingField("id") }
        guard let name else { throw reader.missingField("name") }
        guard let price else { throw reader.missingField("price") }
        guard let currency else { throw reader.missingField("currency") }
        return StoreItem(id: id, name: name, price: price, currency: currency, quantity: quantity)
    }

    func encode(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("\"id\":"); id.encode(to: &writer)
        writer.key("\"name\":"); name.encode(to: &writer)
        writer.key("\"price\":"); price.encode(to: &writer)
        writer.key("\"currency\":"); currency.encode(to: &writer)
        if let quantity { writer.key("\"quantity\":"); quantity.encode(to: &writer) }
        writer.endObject()
    }
}

extension Occupation: WireCodable {
    static func decode(from reader: inout JSONReader) throws(ProtocolError) -> Occupation {
        var id: String? = nil
        var name: String? = nil
        var salary: Int? = nil
        if try reader.beginObject() {
            repeat {
                let key = try reader.readKey()
                do {
                    switch key.dispatchCount {
                    case 2 where key == "id":
                        id = try String.decode(from: &reader)
                    case 4 where key == "name":
                        name = try String.decode(from: &reader)
                    case 6 where key == "salary":
                        salary = try Int.decode(from: &reader)
                    default:
                        try reader.skipValue()
                    }
                } catch {
                    throw error.inside(.field(key.string))
                }
            } while try reader.nextMember()
        }
        guard let id else { throw reader.missingField("id") }
        guard let name else { throw reader.missingField("name") }
        guard let salary else { throw reader.missingField("salary") }
        return Occupation(id: id, name: name, salary: salary)
    }

    func encode(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("\"id\":"); id.encode(to: &writer)
        writer.key("\"name\":"); name.encode(to: &writer)
        writer.key("\"salary\":"); salary.encode(to: &writer)
        writer.endObject()
    }
}

extension InAppPurchase: WireCodable {
    static func decode(from reader: inout JSONReader) throws(ProtocolError) -> InAppPurchase {
        var productId: String? = nil
        var diamonds: Int? = nil
        var price: String? = nil
        if try reader.beginObject() {
            repeat {
                let key = try reader.readKey()
                do {
                    switch key.dispatchCount {
                    case 9 where key == "productId":
                        productId = try String.decode(from: &reader)
                    case 8 where key == "diamonds":
                        diamonds = try Int.decode(from: &reader)
                    case 5 where key == "price":
                        price = try String.decode(from: &reader)
                    default:
                        try reader.skipValue()
                    }
                } catch {
                    throw error.inside(.field(key.string))
                }
            } while try reader.nextMember()
        }
        guard let productId else { throw reader.missingField("productId") }
        guard let diamonds else { throw reader.missingField("diamonds") }
        guard let price else { throw reader.missingField("price") }
        return InAppPurchase(productId: productId, diamonds: diamonds, price: price)
    }

    func encode(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("\"productId\":"); productId.encode(to: &writer)
        writer.key("\"diamonds\":"); diamonds.encode(to: &writer)
        writer.key("\"price\":"); price.encode(to: &writer)
        writer.endObject()
    }
}

extension FocusOption: WireCodable {
    static func decode(from reader: inout JSONReader) throws(ProtocolError) -> FocusOption {
        var id: String? = nil
        var name: String? = nil
        var selected: Bool? = nil
        if try reader.beginObject() {
            repeat {
                let key = try reader.readKey()
                do {
                    switch key.dispatchCount {
                    case 2 where key == "id":
                        id = try String.decode(from: &reader)
                    case 4 where key == "name":
                        name = try String.decode(from: &reader)
                    case 8 where key == "selected":
                        selected = try Bool.decode(from: &reader)
                    default:
                        try reader.skipValue()
                    }
                } catch {
                    throw error.inside(.field(key.string))
                }
            } while try reader.nextMember()
        }
        guard let id else { throw reader.missingField("id") }
        guard let name else { throw reader.missingField("name") }
        guard let selected else { throw reader.missingField("selected") }
        return FocusOption(id: id, name: name, selected: selected)
    }

    func encode(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("\"id\":"); id.encode(to: &writer)
        writer.key("\"name\":"); name.encode(to: &writer)
        writer.key("\"selected\":"); selected.encode(to: &writer)
        writer.endObject()
    }
}

extension EnergyRefillTier: WireCodable {
    static func decode(from reader: inout JSONReader) throws(ProtocolError) -> EnergyRefillTier {
        var id: String? = nil
        var energy: Int? = nil
        var diamondCost: Int? = nil
        var unlimitedHours: Int? = nil
        if try reader.beginObject() {
            repeat {
                let key = try reader.readKey()
                do {
                    switch key.dispatchCount {
                    case 2 where key == "id":
                        id = try String.decode(from: &reader)
                    case 6 where key == "energy":
                        energy = try Int.decode(from: &reader)
                    case 11 where key == "diamondCost":
                        diamondCost = try Int.decode(from: &reader)
                    case 14 where key == "unlimitedHours":
                        unlimitedHours = try reader.readOptional(Int.self)
                    default:
                        try reader.skipValue()
                    }
                } catch {
                    throw error.inside(.field(key.string))
                }
            } while try reader.nextMember()
        }
        guard let id else { throw reader.missingField("id") }
        guard let energy else { throw reader.missingField("energy") }
        guard let diamondCost else { throw reader.missingField("diamondCost") }
        return EnergyRefillTier(id: id, energy: energy, diamondCost: diamondCost, unlimitedHours: unlimitedHours)
    }

    func encode(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("\"id\":"); id.encode(to: &writer)
        writer.key("\"energy\":"); energy.encode(to: &writer)
        writer.key("\"diamondCost\":"); diamondCost.encode(to: &writer)
        if let unlimitedHours { writer.key("\"unlimitedHours\":"); unlimitedHours.encode(to: &writer) }
        writer.endObject()
    }
}

extension TimeSkipTier: WireCodable {
    static func decode(from reader: inout JSONReader) throws(ProtocolError) -> TimeSkipTier {
        var id: String? = nil
        var hours: Int? = nil
        var diamondCost: Int? = nil
        if try reader.beginObject() {
            repeat {
                let key = try reader.readKey()
                do {
                    switch key.dispatchCount {
                    case 2 where key == "id":
                        id = try String.decode(from: &reader)
                    case 5 where key == "hours":
                        hours = try Int.decode(from: &reader)
                    case 11 where key == "diamondCost":
                        diamondCost = try Int.decode(from: &reader)
                    default:
                        try reader.skipValue()
                    }
                } catch {
                    throw error.inside(.field(key.string))
                }
            } while try reader.nextMember()
        }
        guard let id else { throw reader.missingField("id") }
        guard let hours else { throw reader.missingField("hours") }
        guard let diamondCost else { throw reader.missingField("diamondCost") }
        return TimeSkipTier(id: id, hours: hours, diamondCost: diamondCost)
    }

    func encode(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("\"id\":"); id.encode(to: &writer)
        writer.key("\"hours\":"); hours.encode(to: &writer)
        writer.key("\"diamondCost\":"); diamondCost.encode(to: &writer)
        writer.endObject()
    }
}

extension TimeSkipSummary: WireCodable {
    static func decode(from reader: inout JSONReader) throws(ProtocolError) -> TimeSkipSummary {
        var hoursSkipped: Int? = nil
        var events: [String]? = nil
        var energyChange: Int? = nil
        var moneyChange: Int? = nil
        if try reader.beginObject() {
            repeat {
                let key = try reader.readKey()
                do {
                    switch key.dispatchCount {
                    case 12 where key == "hoursSkipped":
                        hoursSkipped = try Int.decode(from: &reader)
                    case 6 where key == "events":
                        events = try reader.readArray(of: String.self)
                    case 12 where key == "energyChange":
                        energyChange = try Int.decode(from: &reader)
                    case 11 where key == "moneyChange":
                        moneyChange = try Int.decode(from: &reader)
                    default:
                        try reader.skipValue()
                    }
                } catch {
                    throw error.inside(.field(key.string))
                }
            } while try reader.nextMember()
        }
        guard let hoursSkipped else { throw reader.missingField("hoursSkipped") }
        guard let events else { throw reader.missingField("events") }
        guard let energyChange else { throw reader.missingField("energyChange") }
        guard let moneyChange else { throw reader.missingField("moneyChange") }
        return TimeSkipSummary(hoursSkipped: hoursSkipped, events: events, energyChange: energyChange, moneyChange: moneyChange)
    }

    func encode(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("\"hoursSkipped\":"); hoursSkipped.encode(to: &writer)
        writer.key("\"events\":"); writer.writeArray(events)
        writer.key("\"energyChange\":"); energyChange.encode(to: &writer)
        writer.key("\"moneyChange\":"); moneyChange.encode(to: &writer)
        writer.endObject()
    }
}
