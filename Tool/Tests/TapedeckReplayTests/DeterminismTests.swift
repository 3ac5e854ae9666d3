import Foundation
import TapedeckState
import TapedeckTestFixtures
import TestSupport
import Testing

@testable import TapedeckReplay

@Suite(.serialized, .cpuBound) struct DeterminismTests {
    func digest(of tapes: [String]) throws -> String {
        let result = try TapeReplay(
            tapes: tapes, model: ClientState(configuration: .init(sessionEpochMilliseconds: 1_767_225_600_000))
        ).run()
        return SnapshotDigest.hex(result.model.snapshot())
    }

    @Test func aHundredReplaysGiveOneDigest() throws {
        let fixtures = try TestTapes()
        defer { fixtures.remove() }
        let tapes = [try fixtures.tape(fixture: "session"), try fixtures.tape(fixture: "reconnect")]
        var digests = Set<String>()
        for _ in 0..<100 { digests.insert(try digest(of: tapes)) }
        #expect(digests.count == 1)
        // The replay digest is ClientState's own digest of the same state.
        let result = try TapeReplay(
            tapes: tapes, model: ClientState(configuration: .init(sessionEpochMilliseconds: 1_767_225_600_000))
        ).run()
        #expect(digests.first == result.model.digest())
    }

    @Test func timeZoneAndLocaleDoNotChangeTheDigest() throws {
        let fixtures = try TestTapes()
        defer { fixtures.remove() }
        let tapes = [try fixtures.tape(fixture: "session"), try fixtures.tape(fixture: "reconnect")]
        let reference = try digest(of: tapes)
        let names = ["TZ", "LC_ALL", "LANG"]
        let saved: [(String, String?)] = names.map { name in (name, getenv(name).map { String(cString: $0) }) }
        defer {
            for (name, value) in saved {
                if let value { setenv(name, value, 1) } else { unsetenv(name) }
            }
            tzset()
        }
        for (zone, locale) in [
            ("Pacific/Kiritimati", "de_DE.UTF-8"), ("America/St_Johns", "tr_TR.UTF-8"), ("Asia/Kathmandu", "ar_SA.UTF-8"),
        ] {
            setenv("TZ", zone, 1)
            setenv("LC_ALL", locale, 1)
            setenv("LANG", locale, 1)
            tzset()
            #expect(try digest(of: tapes) == reference, "TZ=\(zone) LC_ALL=\(locale)")
        }
    }
}
