import TapedeckCore
import Testing

@testable import TapedeckProtocol

/// Every example in docs/PROTOCOL.md decodes to the type of its heading and survives
/// encode -> decode unchanged; every known type has an example.
@Suite struct DocumentedExampleTests {
    let document: ProtocolDocument

    init() throws {
        document = try ProtocolDocument.load()
    }

    @Test func everyServerTypeHasAnExample() {
        #expect(document.serverExamples.map(\.heading) == ServerMessage.knownTypes)
    }

    @Test func everyClientTypeHasAnExample() {
        #expect(document.clientExamples.map(\.heading) == ClientMessage.knownTypes)
    }

    @Test func serverExamplesRoundTrip() throws {
        for example in document.serverExamples {
            let message = try ServerMessage.decode(example.bytes)
            #expect(message.type == example.heading)
            if case .unknown = message { Issue.record("\(example.heading) decoded as unknown") }
            let encoded = message.encoded()
            let again = try ServerMessage.decode(encoded)
            #expect(again == message, "\(example.heading)")
            #expect(again.encoded() == encoded, "\(example.heading): encoding is not stable")
        }
    }

    @Test func clientExamplesRoundTrip() throws {
        for example in document.clientExamples {
            let message = try ClientMessage.decode(example.bytes)
            #expect(message.type == example.heading)
            if case .unknown = message { Issue.record("\(example.heading) decoded as unknown") }
            let encoded = message.encoded()
            let again = try ClientMessage.decode(encoded)
            #expect(again == message, "\(example.heading)")
            #expect(again.encoded() == encoded, "\(example.heading): encoding is not stable")
        }
    }

    /// Every field written in an example comes back, with the same value, from the typed
    /// encoder (which may add defaulted fields such as empty arrays): no field is dropped or
    /// renamed by the typed path.
    @Test func typedEncodingKeepsEveryDocumentedField() throws {
        for example in document.serverExamples {
            let encoded = try ServerMessage.decode(example.bytes).encoded()
            #expect(try Self.isContained(JSONValue.parse(example.bytes), in: JSONValue.parse(encoded)), "\(example.heading)")
        }
        for example in document.clientExamples {
            let encoded = try ClientMessage.decode(example.bytes).encoded()
            #expect(try Self.isContained(JSONValue.parse(example.bytes), in: JSONValue.parse(encoded)), "\(example.heading)")
        }
    }

    static func isContained(_ part: JSONValue, in whole: JSONValue) -> Bool {
        switch (part, whole) {
        case (.object(let a), .object(let b)):
            return a.allSatisfy { key, value in b[key].map { isContained(value, in: $0) } ?? false }
        case (.array(let a), .array(let b)):
            return a.count == b.count && zip(a, b).allSatisfy { isContained($0, in: $1) }
        default:
            return part == whole
        }
    }

    @Test func documentedValuesDecodeAsDocumented() throws {
        let event = try #require(document.serverExamples.first { $0.heading == "messageEvent" })
        guard case .messageEvent(let lifeEvent) = try ServerMessage.decode(event.bytes) else {
            Issue.record("not a messageEvent")
            return
        }
        #expect(lifeEvent.energyCost == -5)
        #expect(lifeEvent.moneyCost == 120)
        #expect(lifeEvent.characters == [SimplePerson(id: "p2", name: "Sam", image: "https://lichun.app/avatars/p2.svg")])

        let chat = try #require(document.clientExamples.first { $0.heading == "sendMessage" })
        #expect(try ClientMessage.decode(chat.bytes) == .sendMessage(SendMessage(personId: "p2", text: "Dinner at 8? \u{1F35D}")))
    }
}
