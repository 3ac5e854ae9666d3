import TapedeckCore
import Testing

@testable import TapedeckReplay

@Suite struct CheckpointFileTests {
    @Test func everyKindOfPointParses() throws {
        let text = """
            # comment line
            character-created: first playerObject
              claimed:   marker "claimed"   # trailing comment
            r100: record 100
            t5: time 5s
            t-half: time 2.5s
            after-swipe: after first matchResult
            client-claim: first c2s claimEvent
            quoted: marker "say \\"hi\\" \\\\ back"
            bare: marker checkpoint-1
            done: end

            """
        let checkpoints = try CheckpointFile.parse(text, path: "a.checkpoints")
        #expect(
            checkpoints.map(\.name) == [
                "character-created", "claimed", "r100", "t5", "t-half", "after-swipe",
                "client-claim", "quoted", "bare", "done",
            ])
        #expect(
            checkpoints.map(\.trigger) == [
                .message(type: "playerObject", direction: nil, occurrence: 1), .marker("claimed"), .record(100),
                .time(5_000_000_000),
                .time(2_500_000_000), .message(type: "matchResult", direction: nil, occurrence: 1),
                .message(type: "claimEvent", direction: .c2s, occurrence: 1), .marker("say \"hi\" \\ back"),
                .marker("checkpoint-1"), .end,
            ])
        #expect(checkpoints.map(\.line) == [2, 3, 4, 5, 6, 7, 8, 9, 10, 11])
        #expect(checkpoints[7].trigger.description == "marker \"say \\\"hi\\\" \\\\ back\"")
    }

    @Test(arguments: [
        ("ok: end\nbad line", 2, 5, "expected ':' after the checkpoint name, found 'l'"),
        ("a: record ten", 1, 11, "expected a record number (0, 1, 2...), found 'ten'"),
        ("a: time 5 s", 1, 9, "expected a time such as 5s, 2.5s, 1500ms, 100us or 42ns, found '5'"),
        ("a: marker \"open", 1, 11, "the marker name opened here has no closing '\"'"),
        ("a: first", 1, 9, "expected a message type after 'first', such as playerObject"),
        ("a: sometime", 1, 4, "unknown point 'sometime'; expected marker, record, time, first, after or end"),
        ("a: end\n\n  a: record 1", 3, 3, "checkpoint \"a\" is already defined on line 1; names must be unique"),
        ("a: end now", 1, 8, "unexpected 'now' after the point; put comments after '#'"),
        ("é: end", 1, 1, "expected a checkpoint name (letters, digits, '-', '_', '.'), found 'é'"),
        ("a: after time 3s", 1, 10, "expected marker, record or first after 'after', found 'time'"),
        ("a:", 1, 3, "expected a point: marker, record, time, first, after or end"),
    ])
    func parseErrorsSayLineAndColumn(text: String, line: Int, column: Int, message: String) {
        #expect(
            throws: TextFileError(path: "x.checkpoints", line: line, column: column, message: message, help: CheckpointFile.help)
        ) {
            try CheckpointFile.parse(text, path: "x.checkpoints")
        }
    }

    @Test func theErrorTextLeadsWithFileLineAndColumn() {
        let error = TextFileError(
            path: "Recordings/a.checkpoints", line: 3, column: 7, message: "unknown point 'x'", help: CheckpointFile.help)
        #expect(error.description.hasPrefix("Recordings/a.checkpoints:3:7: unknown point 'x'"))
    }

    @Test func siblingFilesOfATape() {
        #expect(CheckpointFile.path(forTape: "Recordings/a.tape") == "Recordings/a.checkpoints")
        #expect(TapeFiles.goldenDirectory(forTape: "/x/y/login.tape") == "/x/y/login.golden")
        #expect(TapeFiles.goldenDirectory(forTape: "dir.tape/raw") == "dir.tape/raw.golden")
    }
}
