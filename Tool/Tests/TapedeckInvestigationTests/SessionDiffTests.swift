import TapedeckInvestigation
import TapedeckTape
import TapedeckTestFixtures
import Testing

@Suite struct SessionDiffTests {
    func records(_ messages: [String], jitter: UInt64 = 0) -> [TapeRecord] {
        [TapeRecord(time: 0, direction: .c2s, kind: .open)]
            + messages.enumerated().map { index, message in
                let client = message.hasPrefix(">")
                return TapeRecord(
                    time: UInt64(index + 1) * 1_000_000_000 + (index % 2 == 0 ? jitter : 0),
                    direction: client ? .c2s : .s2c, kind: .text,
                    payload: Array((client ? String(message.dropFirst()) : message).utf8))
            }
    }

    @Test func jitteredTimestampsAreNoDivergence() throws {
        let tapes = try TestTapes()
        defer { tapes.remove() }
        let a = try ReproTape.load(try tapes.tape("a", records: records(BaoLifeMessages.healthy)))
        let b = try ReproTape.load(try tapes.tape("b", records: records(BaoLifeMessages.healthy, jitter: 37_000_000)))
        let diff = SessionDiff(a, b)
        #expect(diff.isEmpty)
        #expect(diff.report == "no divergence")
    }

    @Test func oneChangedFieldIsNamed() throws {
        let tapes = try TestTapes()
        defer { tapes.remove() }
        var changed = BaoLifeMessages.healthy
        changed[5] = BaoLifeMessages.update(energy: 97, money: 999)
        let a = try ReproTape.load(try tapes.tape("a", records: records(BaoLifeMessages.healthy)))
        let b = try ReproTape.load(try tapes.tape("b", records: records(changed, jitter: 5_000_000)))
        let diff = SessionDiff(a, b)
        #expect(diff.messages?.recordA == 6)
        #expect(diff.messages?.paths == ["message.money"])
        #expect(diff.state?.recordA == 6)
        #expect(diff.state?.paths == ["gameState.money"])
        #expect(diff.report.contains("messages diverge at record 6: message.money"))
    }

    @Test func ignoredKeysDoNotCount() throws {
        let tapes = try TestTapes()
        defer { tapes.remove() }
        var changed = BaoLifeMessages.healthy
        changed[3] = #">{"type":"claimEvent","message":{"eventId":"ev-1","timestamp":"2026-01-01T09:00:00.000Z"}}"#
        let a = try ReproTape.load(try tapes.tape("a", records: records(BaoLifeMessages.healthy)))
        let b = try ReproTape.load(try tapes.tape("b", records: records(changed)))
        #expect(SessionDiff(a, b).messages?.paths == ["message.timestamp"])
        #expect(SessionDiff(a, b, ignoredKeys: ["timestamp"]).isEmpty)
    }
}
