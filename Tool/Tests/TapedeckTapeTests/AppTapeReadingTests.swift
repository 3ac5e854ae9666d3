import Foundation
import TapedeckTape
import Testing

/// What an app's own test target can read with the TapedeckTape product alone (no tool package):
/// a session tape's connections, how the first one ended and the app's backoff before the next.
/// docs/TESTING-YOUR-APP.md, "Reading a tape in your own tests", shows this file as it is.
@Suite struct AppTapeReadingTests {
    /// The tape, found from this file as an app finds the tapes it keeps beside its tests.
    static let tape = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Recordings/drop-reconnect.tape").path

    /// One connection as the records of its id tell it.
    struct Connection {
        var firstTime: UInt64
        var lastTime: UInt64
        var kinds: [TapeRecord.Kind] = []
        var sentTypes: [String] = []
    }

    @Test func theSessionDropsAndTheAppReconnectsAfterItsBackoff() throws {
        let reader = try TapeReader(path: Self.tape)
        var connections: [UInt32: Connection] = [:]
        var order: [UInt32] = []
        while let record = try reader.next() {
            if connections[record.connection] == nil {
                connections[record.connection] = Connection(firstTime: record.time, lastTime: record.time)
                order.append(record.connection)
            }
            connections[record.connection]?.lastTime = record.time
            connections[record.connection]?.kinds.append(record.kind)
            if record.direction == .c2s, record.kind == .text, let type = EnvelopeTypeScanner.type(in: record.payload) {
                connections[record.connection]?.sentTypes.append(String(decoding: type, as: UTF8.self))
            }
        }
        #expect(reader.end == .complete)

        // The recording proxy numbers connections from 1 (docs/TAPE-FORMAT.md).
        #expect(order == [1, 2])
        let first = try #require(connections[1])
        let second = try #require(connections[2])
        // The first opened, sent the purchase and ended in an error record: a drop, no close frame.
        #expect(first.kinds.first == .open)
        #expect(first.sentTypes.last == "purchaseItem")
        #expect(!first.kinds.contains(.close) && first.kinds.contains(.error))
        // The second began after the app's one-second backoff and closed normally.
        #expect(second.firstTime - first.lastTime >= 1_000_000_000)
        #expect(second.kinds.first == .open && second.kinds.contains(.close))
    }
}
