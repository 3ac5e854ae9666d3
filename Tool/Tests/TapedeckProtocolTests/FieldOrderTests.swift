import TapedeckCore
import Testing

@testable import TapedeckProtocol

/// Decoders guess that members come in the order the server writes them (`JSONFieldNames`) and
/// check the guess with word compares; anything else takes the scan-and-look-up path. Both must
/// give the same values and the same errors, whatever the order, spacing or distance from the end.
@Suite struct FieldOrderTests {
    /// Every field of `Person`, in the wire order.
    static let members: [(name: String, json: String)] = [
        ("id", #""p7""#), ("name", #""Avery""#), ("lastName", #""Silva""#), ("sex", #""female""#), ("age", "25"),
        ("birthday", #""1969-02-12""#), ("image", #""https://lichun.app/avatars/p7.svg""#), ("status", #""alive""#),
        ("mood", #""happy""#), ("energy", "81"), ("money", "1200"), ("diamonds", "12"), ("affinity", "-20"),
        ("prestige", "11"), ("happiness", "76"), ("health", "85"), ("intelligence", "98"), ("bio", #""Loves maps.""#),
        ("compatibilityScore", "64"), ("currentEducation", #""State University""#), ("interests", #"["hiking","gaming"]"#),
        ("traits", #"["loyal"]"#),
    ]

    static let everything = Person(
        id: "p7", name: "Avery", lastName: "Silva", sex: "female", age: 25, birthday: "1969-02-12",
        image: "https://lichun.app/avatars/p7.svg", status: "alive", mood: "happy", energy: 81, money: 1200,
        diamonds: 12, affinity: -20, prestige: 11, happiness: 76, health: 85, intelligence: 98, bio: "Loves maps.",
        compatibilityScore: 64, currentEducation: "State University", interests: ["hiking", "gaming"], traits: ["loyal"])

    func person(
        _ members: [(name: String, json: String)], separator: String = ",", colon: String = ":",
        padding: Int = 0
    ) throws -> Person {
        let object = "{" + members.map { #"""# + $0.name + #"""# + colon + $0.json }.joined(separator: separator) + "}"
        let text = #"{"type":"personObject","message":"# + object + "}" + String(repeating: " ", count: padding)
        guard case .personObject(let person) = try ServerMessage.decode(Array(text.utf8)) else {
            Issue.record("not a personObject: \(text)")
            return Person(id: "", name: "")
        }
        return person
    }

    @Test func everyOrderGivesTheSamePerson() throws {
        #expect(try person(Self.members) == Self.everything)
        #expect(try person(Self.members.reversed()) == Self.everything)
        for shift in 1..<Self.members.count {
            let rotated = Array(Self.members[shift...] + Self.members[..<shift])
            #expect(try person(rotated) == Self.everything, "rotated by \(shift)")
        }
        var random = SeededGenerator(seed: 42)
        for round in 0..<50 {
            #expect(try person(Self.members.shuffled(using: &random)) == Self.everything, "shuffle \(round)")
        }
    }

    @Test func leftOutFieldsKeepTheirDefaultsAtEveryDistanceFromTheEnd() throws {
        let required = Array(Self.members[0..<2])
        for padding in 0...24 {
            // Each optional field alone after the required ones, and every other field.
            for member in Self.members[2...] {
                let decoded = try person(required + [member], padding: padding)
                #expect(decoded.id == "p7" && decoded.name == "Avery", "\(member.name), padding \(padding)")
                #expect(try person(Self.members, padding: padding) == Self.everything)
            }
            let sparse = try person(
                required + Self.members.enumerated().filter { $0.offset >= 2 && $0.offset % 2 == 1 }.map(\.element),
                padding: padding)
            #expect(
                sparse
                    == Person(
                        id: "p7", name: "Avery", sex: "female", birthday: "1969-02-12", status: "alive",
                        energy: 81, diamonds: 12, prestige: 11, health: 85, bio: "Loves maps.",
                        currentEducation: "State University", traits: ["loyal"]), "padding \(padding)")
            #expect(try person(required + [Self.members.last!], padding: padding).traits == ["loyal"])
        }
    }

    @Test func spacingAndEscapedNamesStillMatch() throws {
        #expect(try person(Self.members, separator: " , ", colon: " : ") == Self.everything)
        #expect(try person(Self.members, separator: ",\n  ", colon: ": ") == Self.everything)
        var escaped = Self.members
        escaped[1].name = #"na\u006De"#
        escaped[16].name = #"intelligenc\u0065"#
        #expect(try person(escaped) == Self.everything)
    }

    @Test func unknownNamesAreSkippedEvenWhenTheyStartLikeKnownOnes() throws {
        var members = Self.members
        members.insert(("ageX", "99"), at: 4)
        members.insert(("ag", "98"), at: 6)
        members.insert(("extra", #"{"nested":[1,{"age":3}],"s":"x"}"#), at: 10)
        members.append(("traitsAndMore", "[]"))
        #expect(try person(members) == Self.everything)
    }

    @Test func theLastOfARepeatedFieldWins() throws {
        let members = Self.members + [("age", "26"), ("name", #""Bo""#)]
        var expected = Self.everything
        expected.age = 26
        expected.name = "Bo"
        #expect(try person(members) == expected)
    }

    @Test func errorsNameTheFieldTheyAreInWhicheverPathFoundIt() throws {
        // A known field found by the guess, found after skipped fields, found out of order, and an unknown one.
        let cases: [([(name: String, json: String)], String)] = [
            (Array(Self.members[0..<4]) + [("age", #""old""#)], "message.age"),
            (Array(Self.members[0..<2]) + [("health", #""old""#)], "message.health"),
            ([("traits", "[]"), ("age", "1"), ("id", "5")], "message.id"),
            (Array(Self.members[0..<2]) + [("unheard", "[1,}")], "message.unheard"),
        ]
        for (members, path) in cases {
            do {
                _ = try person(members)
                Issue.record("decoded: \(members)")
            } catch let error as ProtocolError {
                #expect(error.pathDescription == path, "\(error)")
            }
        }
    }

    /// Objects not in wire order are rebuilt in that order and decoded again
    /// (`JSONReader.decodeInWireOrder`); their errors must still point into the input: at the bad
    /// value, or at the object's `}` for a missing field, as for an object in wire order.
    @Test func errorsFromObjectsOutOfOrderPointIntoTheInput() throws {
        let prefix = #"{"type":"personObject","message":"#
        let cases: [(object: String, at: String, path: String)] = [
            (#"{"name":"Avery","id":5}"#, "5}", "message.id"),
            (#"{"name":"Avery","unheard":[1],"id":"p7","age":2.5}"#, "2.5}", "message.age"),
            (#"{"name":"Avery","unheard":1}"#, "}", "message"),
            (#"{"age":1,"name":"Avery","age":"x","id":"p7"}"#, #""x""#, "message.age"),
        ]
        for (object, at, path) in cases {
            let text = prefix + object + "}"
            let bad = try #require(object.range(of: at, options: .backwards))
            let expected = prefix.utf8.count + object.utf8.distance(from: object.startIndex, to: bad.lowerBound)
            do {
                _ = try ServerMessage.decode(Array(text.utf8))
                Issue.record("decoded: \(text)")
            } catch {
                #expect(error.offset == expected, "\(text): \(error)")
                #expect(error.pathDescription == path, "\(text): \(error)")
            }
        }
    }

    @Test func theWindowIsTheNext24BytesZeroPaddedWhereverItStarts() {
        for length in 0...40 {
            let bytes = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) | 1 }
            bytes.withUnsafeBytes { raw in
                let reader = JSONReader(raw)
                for offset in 0...length {
                    var expected: [UInt8] = Array(bytes[offset...].prefix(24))
                    expected += Array(repeating: 0, count: 24 - expected.count)
                    let words = reader.window(at: offset)
                    let got = [words.0, words.1, words.2].flatMap { word in
                        (0..<8).map { UInt8(truncatingIfNeeded: word >> (8 * $0)) }
                    }
                    #expect(got == expected, "length \(length), offset \(offset)")
                }
            }
        }
    }

    @Test func objectsShorterThanAWindowDecode() throws {
        for (text, expected) in [
            (#"{"name":"A","id":"p"}"#, Person(id: "p", name: "A")),
            (#"{"id":"p","name":"A"}"#, Person(id: "p", name: "A")),
            (#"{"id":"p","r":1,"name":""}"#, Person(id: "p", name: "")),
        ] {
            let decoded = try Array(text.utf8).withUnsafeBytes { raw throws(ProtocolError) in
                var reader = JSONReader(raw)
                return try Person.decode(from: &reader)
            }
            #expect(decoded == expected, "\(text)")
        }
    }
}
