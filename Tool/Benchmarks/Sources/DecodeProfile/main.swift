import DecodeLoop
import TapedeckCore
import TapedeckLZ4Reference
import TapedeckProtocol
import TapedeckReplay
import TapedeckState
import TapedeckSynthetic
import TapedeckTape

#if canImport(Glibc)
import Glibc
#endif

// A plain single-threaded driver of one decode stage, for instruction counts under callgrind
// (the `tapedeck` binary starts the Swift concurrency runtime's threads, which valgrind 3.19
// cannot run). Usage: DecodeProfile lz4|lz4_liblz4|decode|replay|tapereplay|memory|digest TAPE [REPEATS], or
// DecodeProfile synth COUNT SEED TAPE to write the tape of `tapedeck dev synth`.
// Count instructions per message with (the exact symbol: a '*runStage*' glob also matches the
// closure inside runStage, and toggling there switches collection off for the work):
//   valgrind --tool=callgrind --toggle-collect='$s13DecodeProfile8runStage_8payloads4tapeSiSS_SaySb_Says5UInt8VGtGSStKF' \
//       DecodeProfile replay T.tape
// and divide the total by the message count it prints.

@inline(never)
func runStage(_ stage: String, payloads: [(Bool, [UInt8])], tape: String) throws -> Int {
    var count = 0
    switch stage {
    case "memory":
        for (fromServer, bytes) in payloads {
            if fromServer { _ = try ServerMessage.decode(bytes) } else { _ = try ClientMessage.decode(bytes) }
            count += 1
        }
    case "lz4":
        // LZ4 alone, by TapedeckTape's Swift decoder (`tapedeck bench`'s lz4 stage).
        count = Int(try TapeDecompressor(path: tape).decompressAll())
    case "lz4_liblz4":
        // The same through liblz4's frame decoder (the lz4_liblz4 stage).
        count = Int(try LibLZ4Decompressor(path: tape).decompressAll())
    case "decode", "replay":
        // The loop of `tapedeck bench`'s stages: payloads lent by the reader.
        let counted = try decodeTape(tape, replay: stage == "replay")
        count = counted.messages + counted.violations
    case "tapereplay":
        // What `tapedeck replay TAPE` runs: the replayer with its statistics, claim ledger and
        // checkpoint tracking on top of the `replay` stage's work.
        let result = try TapeReplay(tapes: [tape], model: ClientState()).run()
        count = result.statistics.records
    case "digest":
        // Not measured: prints what decoding and replay produced, to compare two versions of the
        // code (every message re-encoded and hashed, and the final state's digest).
        let reader = try TapeReader(path: tape)
        var state = ClientState()
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        func mix(_ bytes: [UInt8]) {
            for b in bytes { hash = (hash ^ UInt64(b)) &* 0x0000_0100_0000_01b3 }
        }
        while let record = try reader.next() {
            let time = VirtualTime(nanoseconds: record.time)
            switch record.kind {
            case .open:
                state.apply(.opened, at: time)
                continue
            case .close:
                state.apply(.closed(code: Int(record.closeCode ?? 1005), reason: ""), at: time)
                continue
            case .text: break
            default: continue
            }
            guard record.direction != .note else { continue }
            if record.direction == .s2c {
                let message = try ServerMessage.decode(record.payload)
                mix(message.encoded())
                _ = state.apply(message, at: time)
            } else {
                let message = try ClientMessage.decode(record.payload)
                mix(message.encoded())
                _ = state.apply(message, at: time)
            }
            count += state.checkInvariants().count
        }
        print("messages hash \(String(hash, radix: 16)), state digest \(state.digest())")
    default:
        fatalError("unknown stage \(stage): use lz4, lz4_liblz4, decode, replay, tapereplay, memory or digest")
    }
    return count
}

/// Writes the tape of `tapedeck dev synth --messages COUNT --seed SEED` (same records and times; the
/// header's tool label differs), so profiles need no CLI build.
func writeSyntheticTape(messages count: Int, seed: UInt64, to path: String) throws {
    let metadata = TapeMetadata(
        created: "2025-01-01T00:00:00Z", tool: "DecodeProfile",
        labels: ["generator": "tapedeck synth", "messages": "\(count)", "seed": "\(seed)"])
    let writer = try TapeWriter(path: path, metadata: metadata, options: TapeWriterOptions(flushInterval: .max))
    var session = SyntheticSession(seed: seed)
    var gaps = SeededGenerator(seed: seed &+ 0x7A9E)
    var time: UInt64 = 0
    try writer.append(TapeRecord(time: time, direction: .c2s, kind: .open))
    for _ in 0..<count {
        time += UInt64(gaps.next(in: 1_000...250_000)) * 1_000
        switch session.next() {
        case .server(let message):
            try writer.append(TapeRecord(time: time, direction: .s2c, kind: .text, payload: message.encoded()))
        case .client(let message):
            try writer.append(TapeRecord(time: time, direction: .c2s, kind: .text, payload: message.encoded()))
        }
    }
    try writer.append(TapeRecord(time: time + 1_000_000, direction: .c2s, kind: .close, closeCode: 1000))
    try writer.append(TapeRecord(time: time + 2_000_000, direction: .s2c, kind: .close, closeCode: 1000))
    try writer.close()
}

let arguments = CommandLine.arguments
if arguments.count == 5, arguments[1] == "synth", let count = Int(arguments[2]), let seed = UInt64(arguments[3]) {
    do {
        try writeSyntheticTape(messages: count, seed: seed, to: arguments[4])
        exit(0)
    } catch {
        print("error: \(error)")
        exit(1)
    }
}
guard arguments.count >= 3 else {
    print(
        "usage: DecodeProfile lz4|lz4_liblz4|decode|replay|tapereplay|memory|digest TAPE [REPEATS] | DecodeProfile synth COUNT SEED TAPE"
    )
    exit(2)
}
let repeats = arguments.count > 3 ? Int(arguments[3]) ?? 1 : 1
var payloads: [(Bool, [UInt8])] = []
do {
    let reader = try TapeReader(path: arguments[2])
    while let record = try reader.next() {
        if record.kind == .text { payloads.append((record.direction == .s2c, record.payload)) }
    }
    var total = 0
    for _ in 0..<repeats { total += try runStage(arguments[1], payloads: payloads, tape: arguments[2]) }
    print("\(payloads.count) messages x \(repeats): \(total)")
} catch {
    print("error: \(error)")
    exit(1)
}
