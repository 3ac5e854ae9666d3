import TapedeckChecks
import TapedeckReplay
import TapedeckState
import TapedeckTestFixtures
import Testing

@Suite struct UnknownCheckpointTypeTests {
    @Test func aCheckpointOnAMisspeltTypeSaysSoWhenItIsNotReached() throws {
        let fixtures = try TestTapes()
        defer { fixtures.remove() }
        let tape = try fixtures.tape(fixture: "session", as: "typo")
        try fixtures.write(
            """
            created:  first s2c playerObjet
            frob:     first frobnicate
            answered: first c2s answerQuestion
            """, to: "typo.checkpoints")
        let report = TapeCheck.run(tape: tape, model: ClientState(), mode: .missing)
        let byName = Dictionary(uniqueKeysWithValues: report.cases.map { ($0.name, $0) })
        #expect(
            byName["created"]?.message == "checkpoint created (first s2c playerObjet) not reached: the tape ends first; "
                + "\"playerObjet\" is not a server message type Tapedeck knows: did you mean \"playerObject\"?")
        #expect(
            byName["frob"]?.message == "checkpoint frob (first frobnicate) not reached: the tape ends first; "
                + "\"frobnicate\" is not a message type Tapedeck knows (a type the real server added is fine; check the spelling)"
        )
        #expect(byName["answered"]?.message.hasPrefix("no golden yet: wrote") == true) // reached, so its golden is written
    }
}
