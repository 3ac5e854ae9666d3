import Testing
@testable import TapedeckProtocol

/// SplitMix64: a tiny seeded generator so every fuzz run mutates the same way.
struct SplitMix64 {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }
}

/// Mutated documented examples (byte flips, JSON punctuation, truncations, insertions,
/// deletions, duplications) must only ever decode or throw. Whatever decodes must re-encode to
/// something that decodes to the same value, and errors must point inside the input.
@Suite struct DecoderFuzzTests {
    static let significant: [UInt8] = Array(#"{}[]":,\-0123456789.eE+tfnu \#n"#.utf8) + [0x00, 0x7F, 0x80, 0xBF, 0xC3, 0xED, 0xF0, 0xFF]

    static func mutate(_ input: [UInt8], _ random: inout SplitMix64) -> [UInt8] {
        var bytes = input
        for _ in 0..<(1 + random.below(3)) {
            guard !bytes.isEmpty else { break }
            let at = random.below(bytes.count)
            switch random.below(7) {
            case 0: bytes[at] = UInt8(truncatingIfNeeded: random.next())
            case 1: bytes[at] = significant[random.below(significant.count)]
            case 2: bytes.removeSubrange(at...)
            case 3: bytes.insert(significant[random.below(significant.count)], at: at)
            case 4: bytes.removeSubrange(at..<min(bytes.count, at + 1 + random.below(8)))
            case 5:
                let end = min(bytes.count, at + 1 + random.below(16))
                bytes.insert(contentsOf: bytes[at..<end], at: random.below(bytes.count))
            default: bytes[at] ^= UInt8(1) << UInt8(random.below(8))
            }
        }
        return bytes
    }

    let document: ProtocolDocument
    init() throws { document = try ProtocolDocument.load() }

    @Test func mutatedServerMessagesNeverCrash() throws {
        var random = SplitMix64(state: 0x5EED_0001)
        let seeds = document.serverExamples.map(\.bytes)
        var decoded = 0
        for _ in 0..<6000 {
            let input = Self.mutate(seeds[random.below(seeds.count)], &random)
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
        var random = SplitMix64(state: 0x5EED_0002)
        let seeds = document.clientExamples.map(\.bytes)
        for _ in 0..<6000 {
            let input = Self.mutate(seeds[random.below(seeds.count)], &random)
            do {
                let message = try ClientMessage.decode(input)
                #expect(try ClientMessage.decode(message.encoded()) == message)
            } catch {
                #expect(error.offset >= 0 && error.offset <= input.count, "\(error)")
            }
        }
    }

    @Test func randomBytesNeverCrash() {
        var random = SplitMix64(state: 0x5EED_0003)
        for _ in 0..<4000 {
            let count = random.below(64)
            let input = (0..<count).map { _ in
                random.below(2) == 0 ? Self.significant[random.below(Self.significant.count)] : UInt8(truncatingIfNeeded: random.next())
            }
            do { _ = try ServerMessage.decode(input) } catch { #expect(error.offset <= input.count, "\(error)") }
            do { _ = try ClientMessage.decode(input) } catch { #expect(error.offset <= input.count, "\(error)") }
            do { _ = try JSONValue.parse(input) } catch { #expect(error.offset <= input.count, "\(error)") }
        }
    }

    @Test func mutatedExamplesNeverCrashTheGenericParser() {
        var random = SplitMix64(state: 0x5EED_0004)
        let seeds = document.serverExamples.map(\.bytes) + document.clientExamples.map(\.bytes)
        for _ in 0..<4000 {
            let input = Self.mutate(seeds[random.below(seeds.count)], &random)
            do {
                _ = try JSONValue.parse(input)
            } catch {
                #expect(error.offset >= 0 && error.offset <= input.count, "\(error)")
            }
        }
    }
}
