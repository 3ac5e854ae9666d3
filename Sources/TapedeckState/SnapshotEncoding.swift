import TapedeckCore
import TapedeckProtocol

// How each model type appears in a snapshot. Absent optionals are written as `null` so every
// snapshot of a type has the same keys and state paths never depend on what the server sent.

extension JSONValue {
    static func optional(_ value: Int?) -> JSONValue { value.map(JSONValue.int) ?? .null }
    static func optional(_ value: Double?) -> JSONValue { value.map(JSONValue.double) ?? .null }
    static func optional(_ value: String?) -> JSONValue { value.map(JSONValue.string) ?? .null }
    static func strings(_ values: [String]) -> JSONValue { .array(values.map(JSONValue.string)) }
}

extension Person {
    var snapshotFields: [String: JSONValue] {
        [
            "id": .string(id), "name": .string(name), "lastName": .string(lastName), "fullName": .string(fullName),
            "sex": .optional(sex), "age": .optional(age), "birthday": .optional(birthday), "image": .optional(image),
            "status": .optional(status), "mood": .optional(mood), "energy": .optional(energy),
            "money": .optional(money), "diamonds": .optional(diamonds), "affinity": .optional(affinity),
            "prestige": .optional(prestige), "happiness": .optional(happiness), "health": .optional(health),
            "intelligence": .optional(intelligence), "bio": .optional(bio),
            "compatibilityScore": .optional(compatibilityScore), "currentEducation": .optional(currentEducation),
            "interests": .strings(interests), "traits": .strings(traits),
        ]
    }

    var snapshotValue: JSONValue { .object(snapshotFields) }
}

extension SimplePerson {
    var snapshotValue: JSONValue { .object(["id": .string(id), "name": .string(name), "image": .optional(image)]) }
}

extension Relationship {
    var snapshotValue: JSONValue {
        .object([
            "personId": .string(personId), "kind": .string(kind.rawValue), "status": .string(status),
            "affinity": .int(affinity), "milestones": .strings(milestones),
        ])
    }
}

extension Activity {
    var snapshotValue: JSONValue {
        .object([
            "id": .string(id), "name": .string(name), "kind": .string(kind.rawValue),
            "energyCost": .optional(energyCost), "moneyCost": .optional(moneyCost),
        ])
    }
}

extension ActivityRecord {
    var snapshotValue: JSONValue {
        .object([
            "id": .string(id), "performance": .int(performance), "achievements": .strings(achievements),
            "gpa": .optional(gpa), "major": .optional(major), "minor": .optional(minor),
        ])
    }
}

extension Habit {
    var snapshotValue: JSONValue {
        .object(["id": .string(id), "name": .string(name), "status": .string(status.rawValue), "quitDays": .int(quitDays)])
    }
}

extension FocusOption {
    var snapshotValue: JSONValue {
        .object(["id": .string(id), "name": .string(name), "selected": .bool(selected)])
    }
}

extension StoreItem {
    var snapshotValue: JSONValue {
        .object([
            "id": .string(id), "name": .string(name), "price": .int(price), "currency": .string(currency.rawValue),
            "quantity": .optional(quantity),
        ])
    }
}

extension Occupation {
    var snapshotValue: JSONValue { .object(["id": .string(id), "name": .string(name), "salary": .int(salary)]) }
}

extension InAppPurchase {
    var snapshotValue: JSONValue {
        .object(["productId": .string(productId), "diamonds": .int(diamonds), "price": .string(price)])
    }
}

extension Conversation {
    var snapshotValue: JSONValue {
        .object([
            "id": .string(id), "personId": .string(personId),
            "messages": .array(
                messages.map { message in
                    .object([
                        "id": .string(message.id), "sender": .string(message.sender), "text": .string(message.text),
                        "sentiment": .optional(message.sentiment),
                    ])
                }),
        ])
    }
}

extension Question {
    var snapshotValue: JSONValue {
        .object([
            "id": .string(id), "question": .string(question), "date": .optional(date), "hour": .optional(hour),
            "characters": .array(characters.map(\.snapshotValue)),
            "options": .array(
                options.map { option in
                    .object([
                        "id": .string(option.id), "text": .string(option.text), "energyCost": .optional(option.energyCost),
                        "moneyCost": .optional(option.moneyCost), "diamondCost": .optional(option.diamondCost),
                    ])
                }),
        ])
    }
}

extension ServerError {
    var snapshotValue: JSONValue { .object(["kind": .string(kind.rawValue), "message": .string(message)]) }
}
