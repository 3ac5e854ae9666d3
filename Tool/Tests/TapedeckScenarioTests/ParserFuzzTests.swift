import TapedeckCore
import TapedeckProtocol
import TapedeckScenario
import TapedeckTestFixtures
import TestSupport
import Testing

/// Mutated shipped scenarios never crash the parser: each either parses or gives an error with a
/// location inside the input.
@Suite(.cpuBound) struct ParserFuzzTests {
    static let fragments = [
        "{", "}", "[", "]", "\"", "${", "${x}", "}", "==", "<=", "!", "#", "\n", "\r\n", "\t", " ", "\\", "\\u12",
        "repeat 2 {", "repeat up to 3 until u {", "checkpoint c", "expect no u for 1s", "within 0ms", "1e999",
        "-0", "0001", "é", "🎲", "\u{0}", "include \"steps/create-character.scenario\"", "include \"x.scenario\"",
        "where", "and", "or", "header A: b", "subprotocol p", "9999999999999999999999", "[0]", ".", "..",
    ]

    @Test func thousandsOfMutationsNeverCrash() throws {
        var sources: [String: String] = [:]
        for name in TestSupport.shippedScenarios {
            sources["Scenarios/\(name).scenario"] = try #require(
                try? FileScenarioLoader().load(TestSupport.scenariosDirectory + "/\(name).scenario").get())
        }
        let shared = try FileScenarioLoader().load(TestSupport.scenariosDirectory + "/steps/create-character.scenario").get()
        var generator = SeededGenerator(seed: 0x5CE7_A210)
        var parsed = 0
        var failed = 0
        let iterations = 4000
        for _ in 0..<iterations {
            let name = TestSupport.shippedScenarios.randomElement(using: &generator)!
            var characters = Array(sources["Scenarios/\(name).scenario"]!)
            for _ in 0..<Int.random(in: 1...4, using: &generator) {
                mutate(&characters, using: &generator)
            }
            let text = String(characters)
            // Half the time the shared steps are mutated too, so errors inside includes are exercised.
            var sharedText = shared
            if Bool.random(using: &generator) {
                var sharedCharacters = Array(shared)
                mutate(&sharedCharacters, using: &generator)
                sharedText = String(sharedCharacters)
            }
            let loader = InMemoryScenarioLoader([
                "Scenarios/fuzz.scenario": text, "Scenarios/steps/create-character.scenario": sharedText,
            ])
            do {
                _ = try ScenarioParser(loader: loader).parse(file: "Scenarios/fuzz.scenario")
                parsed += 1
            } catch {
                failed += 1
                let lineCount = (error.location.file == "Scenarios/fuzz.scenario" ? text : sharedText)
                    .split(separator: "\n", omittingEmptySubsequences: false).count
                #expect(error.location.line >= 1 && error.location.line <= lineCount + 1, "\(error)")
                #expect(error.location.column >= 1)
                #expect(!error.description.isEmpty)
            }
        }
        #expect(parsed + failed == iterations)
        // Both outcomes occur: the mutations are neither all harmless nor all fatal.
        #expect(parsed > 0 && failed > 0)
    }

    func mutate(_ characters: inout [Character], using generator: inout SeededGenerator) {
        let position = characters.isEmpty ? 0 : Int.random(in: 0..<characters.count, using: &generator)
        switch Int.random(in: 0..<5, using: &generator) {
        case 0 where !characters.isEmpty:
            characters.remove(at: position)
        case 1:
            characters.insert(contentsOf: Self.fragments.randomElement(using: &generator)!, at: position)
        case 2 where !characters.isEmpty:
            let end = min(characters.count, position + Int.random(in: 1...40, using: &generator))
            characters.removeSubrange(position..<end)
        case 3 where !characters.isEmpty:
            let start = Int.random(in: 0..<characters.count, using: &generator)
            let end = min(characters.count, start + Int.random(in: 1...30, using: &generator))
            characters.insert(contentsOf: Array(characters[start..<end]), at: position)
        default:
            if !characters.isEmpty {
                characters[position] = Character(Unicode.Scalar(UInt8.random(in: 32...126, using: &generator)))
            }
        }
    }
}
