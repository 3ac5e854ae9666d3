import Foundation
import TapedeckProtocol
import TapedeckReplay
import Testing

@Suite struct SnapshotJSONTests {
    struct Event: Encodable {
        var id: String
        var claimedAt: Date?
        var costs: [String: Int]
    }

    struct AppState: Encodable {
        var energy: Int
        var ratio: Double
        var events: [Event]
        var current: String?
    }

    @Test func anEncodableSnapshotBecomesTheSameCanonicalJSONAsTapedecksOwn() {
        let state = AppState(
            energy: 90, ratio: 0.25,
            events: [Event(id: "e1", claimedAt: Date(timeIntervalSince1970: 1_767_225_600), costs: ["money": 50, "energy": -5])],
            current: nil)
        let json = SnapshotJSON.value(of: state)
        #expect(
            json.canonicalJSONString(pretty: false)
                == #"{"energy":90,"events":[{"claimedAt":"2026-01-01T00:00:00Z","costs":{"energy":-5,"money":50},"id":"e1"}],"ratio":0.25}"#
        )
        #expect(SnapshotJSON.value(of: json) == json)
        #expect(SnapshotJSON.value(of: [Double.nan]) == .array([.string("NaN")]))
    }
}
