import Foundation
import Testing

@testable import TapedeckProtocol

/// The known types are the schema's, in its order, with no count written down here: a new message
/// type is a schema edit and `make generate` (docs/DEVELOPMENT.md, "Adding a message type").
@Suite struct MessageTypeTests {
    static let schemaURL = ProtocolDocument.url.deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Protocol/baolife.schema.json")

    /// The `type` of each message of one direction of the schema ("server" or "client") that the
    /// Swift code decodes: a `control` message is not BaoLife's and stays unknown.
    static func schemaTypes(_ direction: String) throws -> [String] {
        let schema = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: schemaURL)) as? [String: Any])
        let messages = try #require((schema[direction] as? [String: Any])?["messages"] as? [[String: Any]])
        return messages.filter { $0["control"] as? Bool != true }.compactMap { $0["type"] as? String }
    }

    @Test func serverTypesAreTheSchemasAndUnique() throws {
        #expect(ServerMessage.knownTypes == (try Self.schemaTypes("server")))
        #expect(Set(ServerMessage.knownTypes).count == ServerMessage.knownTypes.count)
    }

    @Test func clientTypesAreTheSchemasAndUnique() throws {
        #expect(ClientMessage.knownTypes == (try Self.schemaTypes("client")))
        #expect(Set(ClientMessage.knownTypes).count == ClientMessage.knownTypes.count)
        #expect(ClientMessage.knownTypes.contains("claimEvent"))
    }

    /// `knownTypeIndex` is the message's place in `knownTypes`, for every documented example, and nil
    /// for an unknown type.
    @Test func eachMessageIndexesItsType() throws {
        let document = try ProtocolDocument.load()
        for example in document.serverExamples {
            let message = try ServerMessage.decode(example.bytes)
            #expect(message.knownTypeIndex.map { ServerMessage.knownTypes[$0] } == example.heading)
        }
        for example in document.clientExamples {
            let message = try ClientMessage.decode(example.bytes)
            #expect(message.knownTypeIndex.map { ClientMessage.knownTypes[$0] } == example.heading)
        }
        #expect(try ServerMessage.decode(Array(#"{"type":"ping","message":{}}"#.utf8)).knownTypeIndex == nil)
        #expect(try ClientMessage.decode(Array(#"{"type":"advance","message":{}}"#.utf8)).knownTypeIndex == nil)
    }
}
