// JSON decoding and encoding of the types in Model/StoreModels.swift; field order is the order in docs/PROTOCOL.md.

extension StoreItem.Currency: WireEnum {
    static let wireNames = WireEnumNames<Self>()
}

extension StoreItem: WireCodable {
    static let wireFields: JSONFieldNames = ["id", "name", "price", "currency", "quantity"]
    static func decode(from reader: inout JSONReader) throws(ProtocolError) -> StoreItem {
        var id: String? = nil
        var name: String? = nil
        var price: Int? = nil
        var currency: StoreItem.Currency? = nil
        var quantity: Int? = nil
        let fields = Self.wireFields
        var field = try reader.firstField(fields)
        // Fields in the wire order, each read once, straight through; anything else (out of
        // order, unknown, repeated) goes to the loop below.
        if field == 0 {
            do { id = try reader.readString() } catch { throw error.inside(.field("id")) }
            field = try reader.nextField(fields, after: 0)
        }
        if field == 1 {
            do { name = try reader.readString() } catch { throw error.inside(.field("name")) }
            field = try reader.nextField(fields, after: 1)
        }
        if field == 2 {
            do { price = try Int.decode(from: &reader) } catch { throw error.inside(.field("price")) }
            field = try reader.nextField(fields, after: 2)
        }
        if field == 3 {
            do { currency = try StoreItem.Currency.decode(from: &reader) } catch { throw error.inside(.field("currency")) }
            field = try reader.nextField(fields, after: 3)
        }
        if field == 4 {
            do { quantity = try reader.readOptionalInt() } catch { throw error.inside(.field("quantity")) }
            field = try reader.nextField(fields, after: 4)
        }
        while let index = field {
            do {
                switch index {
                case 0: // id
                    id = try reader.readString()
                case 1: // name
                    name = try reader.readString()
                case 2: // price
                    price = try Int.decode(from: &reader)
                case 3: // currency
                    currency = try StoreItem.Currency.decode(from: &reader)
                case 4: // quantity
                    quantity = try reader.readOptionalInt()
                default:
                    try reader.skipValue()
                }
            } catch {
                throw error.inside(.field(reader.fieldName(index, in: fields)))
            }
            field = try reader.nextField(fields, after: index)
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
    static let wireFields: JSONFieldNames = ["id", "name", "salary"]
    static func decode(from reader: inout JSONReader) throws(ProtocolError) -> Occupation {
        var id: String? = nil
        var name: String? = nil
        var salary: Int? = nil
        let fields = Self.wireFields
        var field = try reader.firstField(fields)
        // Fields in the wire order, each read once, straight through; anything else (out of
        // order, unknown, repeated) goes to the loop below.
        if field == 0 {
            do { id = try reader.readString() } catch { throw error.inside(.field("id")) }
            field = try reader.nextField(fields, after: 0)
        }
        if field == 1 {
            do { name = try reader.readString() } catch { throw error.inside(.field("name")) }
            field = try reader.nextField(fields, after: 1)
        }
        if field == 2 {
            do { salary = try Int.decode(from: &reader) } catch { throw error.inside(.field("salary")) }
            field = try reader.nextField(fields, after: 2)
        }
        while let index = field {
            do {
                switch index {
                case 0: // id
                    id = try reader.readString()
                case 1: // name
                    name = try reader.readString()
                case 2: // salary
                    salary = try Int.decode(from: &reader)
                default:
                    try reader.skipValue()
                }
            } catch {
                throw error.inside(.field(reader.fieldName(index, in: fields)))
            }
            field = try reader.nextField(fields, after: index)
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
    static let wireFields: JSONFieldNames = ["productId", "diamonds", "price"]
    static func decode(from reader: inout JSONReader) throws(ProtocolError) -> InAppPurchase {
        var productId: String? = nil
        var diamonds: Int? = nil
        var price: String? = nil
        let fields = Self.wireFields
        var field = try reader.firstField(fields)
        // Fields in the wire order, each read once, straight through; anything else (out of
        // order, unknown, repeated) goes to the loop below.
        if field == 0 {
            do { productId = try reader.readString() } catch { throw error.inside(.field("productId")) }
            field = try reader.nextField(fields, after: 0)
        }
        if field == 1 {
            do { diamonds = try Int.decode(from: &reader) } catch { throw error.inside(.field("diamonds")) }
            field = try reader.nextField(fields, after: 1)
        }
        if field == 2 {
            do { price = try reader.readString() } catch { throw error.inside(.field("price")) }
            field = try reader.nextField(fields, after: 2)
        }
        while let index = field {
            do {
                switch index {
                case 0: // productId
                    productId = try reader.readString()
                case 1: // diamonds
                    diamonds = try Int.decode(from: &reader)
                case 2: // price
                    price = try reader.readString()
                default:
                    try reader.skipValue()
                }
            } catch {
                throw error.inside(.field(reader.fieldName(index, in: fields)))
            }
            field = try reader.nextField(fields, after: index)
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
    static let wireFields: JSONFieldNames = ["id", "name", "selected"]
    static func decode(from reader: inout JSONReader) throws(ProtocolError) -> FocusOption {
        var id: String? = nil
        var name: String? = nil
        var selected: Bool? = nil
        let fields = Self.wireFields
        var field = try reader.firstField(fields)
        // Fields in the wire order, each read once, straight through; anything else (out of
        // order, unknown, repeated) goes to the loop below.
        if field == 0 {
            do { id = try reader.readString() } catch { throw error.inside(.field("id")) }
            field = try reader.nextField(fields, after: 0)
        }
        if field == 1 {
            do { name = try reader.readString() } catch { throw error.inside(.field("name")) }
            field = try reader.nextField(fields, after: 1)
        }
        if field == 2 {
            do { selected = try Bool.decode(from: &reader) } catch { throw error.inside(.field("selected")) }
            field = try reader.nextField(fields, after: 2)
        }
        while let index = field {
            do {
                switch index {
                case 0: // id
                    id = try reader.readString()
                case 1: // name
                    name = try reader.readString()
                case 2: // selected
                    selected = try Bool.decode(from: &reader)
                default:
                    try reader.skipValue()
                }
            } catch {
                throw error.inside(.field(reader.fieldName(index, in: fields)))
            }
            field = try reader.nextField(fields, after: index)
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
    static let wireFields: JSONFieldNames = ["id", "energy", "diamondCost", "unlimitedHours"]
    static func decode(from reader: inout JSONReader) throws(ProtocolError) -> EnergyRefillTier {
        var id: String? = nil
        var energy: Int? = nil
        var diamondCost: Int? = nil
        var unlimitedHours: Int? = nil
        let fields = Self.wireFields
        var field = try reader.firstField(fields)
        // Fields in the wire order, each read once, straight through; anything else (out of
        // order, unknown, repeated) goes to the loop below.
        if field == 0 {
            do { id = try reader.readString() } catch { throw error.inside(.field("id")) }
            field = try reader.nextField(fields, after: 0)
        }
        if field == 1 {
            do { energy = try Int.decode(from: &reader) } catch { throw error.inside(.field("energy")) }
            field = try reader.nextField(fields, after: 1)
        }
        if field == 2 {
            do { diamondCost = try Int.decode(from: &reader) } catch { throw error.inside(.field("diamondCost")) }
            field = try reader.nextField(fields, after: 2)
        }
        if field == 3 {
            do { unlimitedHours = try reader.readOptionalInt() } catch { throw error.inside(.field("unlimitedHours")) }
            field = try reader.nextField(fields, after: 3)
        }
        while let index = field {
            do {
                switch index {
                case 0: // id
                    id = try reader.readString()
                case 1: // energy
                    energy = try Int.decode(from: &reader)
                case 2: // diamondCost
                    diamondCost = try Int.decode(from: &reader)
                case 3: // unlimitedHours
                    unlimitedHours = try reader.readOptionalInt()
                default:
                    try reader.skipValue()
                }
            } catch {
                throw error.inside(.field(reader.fieldName(index, in: fields)))
            }
            field = try reader.nextField(fields, after: index)
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
    static let wireFields: JSONFieldNames = ["id", "hours", "diamondCost"]
    static func decode(from reader: inout JSONReader) throws(ProtocolError) -> TimeSkipTier {
        var id: String? = nil
        var hours: Int? = nil
        var diamondCost: Int? = nil
        let fields = Self.wireFields
        var field = try reader.firstField(fields)
        // Fields in the wire order, each read once, straight through; anything else (out of
        // order, unknown, repeated) goes to the loop below.
        if field == 0 {
            do { id = try reader.readString() } catch { throw error.inside(.field("id")) }
            field = try reader.nextField(fields, after: 0)
        }
        if field == 1 {
            do { hours = try Int.decode(from: &reader) } catch { throw error.inside(.field("hours")) }
            field = try reader.nextField(fields, after: 1)
        }
        if field == 2 {
            do { diamondCost = try Int.decode(from: &reader) } catch { throw error.inside(.field("diamondCost")) }
            field = try reader.nextField(fields, after: 2)
        }
        while let index = field {
            do {
                switch index {
                case 0: // id
                    id = try reader.readString()
                case 1: // hours
                    hours = try Int.decode(from: &reader)
                case 2: // diamondCost
                    diamondCost = try Int.decode(from: &reader)
                default:
                    try reader.skipValue()
                }
            } catch {
                throw error.inside(.field(reader.fieldName(index, in: fields)))
            }
            field = try reader.nextField(fields, after: index)
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
    static let wireFields: JSONFieldNames = ["hoursSkipped", "events", "energyChange", "moneyChange"]
    static func decode(from reader: inout JSONReader) throws(ProtocolError) -> TimeSkipSummary {
        var hoursSkipped: Int? = nil
        var events: [String]? = nil
        var energyChange: Int? = nil
        var moneyChange: Int? = nil
        let fields = Self.wireFields
        var field = try reader.firstField(fields)
        // Fields in the wire order, each read once, straight through; anything else (out of
        // order, unknown, repeated) goes to the loop below.
        if field == 0 {
            do { hoursSkipped = try Int.decode(from: &reader) } catch { throw error.inside(.field("hoursSkipped")) }
            field = try reader.nextField(fields, after: 0)
        }
        if field == 1 {
            do { events = try reader.readStringArray() } catch { throw error.inside(.field("events")) }
            field = try reader.nextField(fields, after: 1)
        }
        if field == 2 {
            do { energyChange = try Int.decode(from: &reader) } catch { throw error.inside(.field("energyChange")) }
            field = try reader.nextField(fields, after: 2)
        }
        if field == 3 {
            do { moneyChange = try Int.decode(from: &reader) } catch { throw error.inside(.field("moneyChange")) }
            field = try reader.nextField(fields, after: 3)
        }
        while let index = field {
            do {
                switch index {
                case 0: // hoursSkipped
                    hoursSkipped = try Int.decode(from: &reader)
                case 1: // events
                    events = try reader.readStringArray()
                case 2: // energyChange
                    energyChange = try Int.decode(from: &reader)
                case 3: // moneyChange
                    moneyChange = try Int.decode(from: &reader)
                default:
                    try reader.skipValue()
                }
            } catch {
                throw error.inside(.field(reader.fieldName(index, in: fields)))
            }
            field = try reader.nextField(fields, after: index)
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
