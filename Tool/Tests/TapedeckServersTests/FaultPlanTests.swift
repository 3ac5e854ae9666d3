import TapedeckServers
import TapedeckWebSocket
import Testing

@Suite struct FaultPlanTests {
    @Test func actionsFollowTheCounts() {
        let plan = FaultPlan(dropAfter: 5, malformedEvery: 2, closeAfter: 3, closeCode: 4001)
        #expect(plan.actions(afterMessage: 1) == [])
        #expect(plan.actions(afterMessage: 2) == [.sendMalformed])
        #expect(plan.actions(afterMessage: 3) == [.close(code: 4001)])
        #expect(plan.actions(afterMessage: 4) == [.sendMalformed])
        #expect(FaultPlan(dropAfter: 4, closeAfter: 4).actions(afterMessage: 4) == [.drop])
        #expect(FaultPlan.none.actions(afterMessage: 1) == [])
    }

    @Test func malformedFrameIsCutJSON() {
        let message = Array(#"{"type":"u","message":{"energy":10}}"#.utf8)
        let broken = FaultPlan.malformed(message)
        #expect(broken == Array(message.prefix(message.count / 2)))
    }

    @Test func advanceCommandParsing() throws {
        #expect(try AdvanceCommand.parse(AdvanceCommand(seconds: 60).encoded()).get() == AdvanceCommand(seconds: 60))
        let text = Array(#"{"type":"advance","message":{"seconds":"soon"}}"#.utf8)
        guard case .failure(let error) = AdvanceCommand.parse(text) else {
            Issue.record("a string number was accepted")
            return
        }
        #expect(error.text.contains("message.seconds"))
        guard case .failure(let range) = AdvanceCommand.parse(AdvanceCommand(seconds: 3601).encoded()) else {
            Issue.record("3601 seconds were accepted")
            return
        }
        #expect(range.text.contains("between 1 and 3600"))
    }
}
