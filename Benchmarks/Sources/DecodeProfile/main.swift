import TapedeckProtocol
import TapedeckState
import TapedeckTape
#if canImport(Glibc)
import Glibc
#endif

// A plain single-threaded driver of one decode stage, for instruction counts under callgrind
// (the `tapedeck` binary starts the Swift concurrency runtime's threads, which valgrind 3.19
// cannot run). Usage: DecodeProfile decode|replay|memory TAPE [REPEATS]
// Count instructions per message with:
//   valgrind --tool=callgrind --toggle-collect='*runStage*' DecodeProfile replay T.tape
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
    case "decode", "replay":
        let reader = try TapeReader(path: tape)
        var state = ClientState()
        let replay = stage == "replay"
        while let record = try reader.next() {
            guard record.kind == .text else { continue }
            let time = VirtualTime(nanoseconds: record.time)
            if record.direction == .s2c {
                let message = try ServerMessage.decode(record.payload)
                if replay { _ = state.apply(message, at: time) }
            } else {
                let message = try ClientMessage.decode(record.payload)
                if replay { _ = state.apply(message, at: time) }
            }
            if replay { count += state.checkInvariants().count }
            count += 1
        }
    default:
        fatalError("unknown stage \(stage): use decode, replay or memory")
    }
    return count
}

let arguments = CommandLine.arguments
guard arguments.count >= 3 else {
    print("usage: DecodeProfile decode|replay|memory TAPE [REPEATS]")
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
