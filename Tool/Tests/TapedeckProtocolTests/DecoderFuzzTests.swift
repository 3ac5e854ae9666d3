import TapedeckCore
import TestSupport
import Testing

@testable import TapedeckProtocol

/// Mutated documented examples (byte flips, JSON punctuation, truncations, insertions,
/// deletions, duplications) must only ever decode or throw. Whatever decodes must re-encode to
/// something that decodes to the same value, and errors must point inside the input.
@Suite(.cpuBound) struct DecoderFuzzTests {
    static let significant: [UInt8] =
        Array(#"{}[]":,\-0123456789.eE+tfnu \#n"#.utf8) + [0x00, 0x7F, 0x80, 0xBF, 0xC3, 0xED, 0xF0, 0xFF]

    static func mutate(_ input: [UInt8], _ random: inout SeededGenerator) -> [UInt8] {
        var bytes = input
        for _ in 0..<(1 + random.next(below: 3)) {
            guard !bytes.isEmpty else { break }
            let at = random.next(below: bytes.count)
            switch random.next(below: 7) {
            case 0: bytes[at] = UInt8(truncatingIfNeeded: random.next())
            case 1: bytes[at] = significant[random.next(below: significant.count)]
            case 2: bytes.removeSubrange(at...)
            case 3: bytes.insert(significant[random.next(below: significant.count)], at: at)
            case 4: bytes.removeSubrange(at..<min(bytes.count, at + 1 + random.next(below: 8)))
            case 5:
                let end = min(bytes.count, at + 1 + random.next(below: 16))
                bytes.insert(contentsOf: bytes[at..<end], at: random.next(below: bytes.count))
            default: bytes[at] ^= UInt8(1) << UInt8(random.next(below: 8))
            }
        }
        return bytes
    }

    let document: ProtocolDocument
    init() throws { document = try ProtocolDocument.load() }

    @Test func mutatedServerMessagesNeverCrash() throws {
        var random = SeededGenerator(seed: 0x5EED_0001)
        let seeds = document.serverExamples.map(\.bytes)
        var decoded = 0
        for _ in 0..<6000 {
            let input = Self.mutate(seeds[random.next(below: seeds.count)], &random)
            do {
                let message = try ServerMessage.decode(input)
                decoded += 1
                #expect(try ServerMessage.decode(message.encoded()) == message)
            } catch {
                #expect(error.offset >= 0 && error.offset <= input.count, "\(error)")
            }
        }
        // Some mutations (whitespace, unknown fields, changed values) must still decode.
        #expect(decoded > 0)
    }

    @Test func mutatedClientMessagesNeverCrash() throws {
        var random = SeededGenerator(seed: 0x5EED_0002)
        let seeds = document.clientExamples.map(\.bytes)
        for _ in 0..<6000 {
            let input = Self.mutate(seeds[random.next(below: seeds.count)], &random)
            do {
                let message = try ClientMessage.decode(input)
                #expect(try ClientMessage.decode(message.encoded()) == message)
            } catch {
                #expect(error.offset >= 0 && error.offset <= input.count, "\(error)")
            }
        }
    }

    @Test func randomBytesNeverCrash() {
        var random = SeededGenerator(seed: 0x5EED_0003)
        for _ in 0..<4000 {
            let count = random.next(below: 64)
            let input = (0..<count).map { _ in
                random.next(below: 2) == 0
                    ? Self.significant[random.next(below: Self.significant.count)] : UInt8(truncatingIfNeeded: random.next())
            }
            do { _ = try ServerMessage.decode(input) } catch { #expect(error.offset <= input.count, "\(error)") }
            do { _ = try ClientMessage.decode(input) } catch { #expect(error.offset <= input.count, "\(error)") }
            do { _ = try JSONValue.parse(input) } catch { #expect(error.offset <= input.count, "\(error)") }
        }
    }

    @Test func mutatedExamplesNeverCrashTheGenericParser() {
        var random = SeededGenerator(seed: 0x5EED_0004)
        let seeds = document.serverExamples.map(\.bytes) + document.clientExamples.map(\.bytes)
        for _ in 0..<4000 {
            let input = Self.mutate(seeds[random.next(below: seeds.count)], &random)
            do {
                _ = try JSONValue.parse(input)
            } catch {
                #expect(error.offset >= 0 && error.offset <= input.count, "\(error)")
            }
        }
    }
}
