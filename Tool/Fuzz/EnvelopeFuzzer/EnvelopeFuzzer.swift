// The libFuzzer target of `make fuzz` (issue 18): arbitrary bytes through both envelope decoders,
// built with -sanitize=fuzzer,address, so an out-of-bounds read in the word-at-a-time fast paths
// (Sources/TapedeckProtocol/Unsafe/) is an AddressSanitizer report rather than a silent wrong answer.
//
// For every input, as a server message and as a client message:
// - a decode error points into the input (0...count);
// - a message that decodes encodes to bytes that decode to the same message, and encoding that
//   message again gives the same bytes (the encoder's output is canonical).
// A broken invariant traps after printing what broke; libFuzzer then saves the input and exits non-zero.
import CFuzzerDriver
import TapedeckProtocol

/// The executable's entry point. SwiftPM links an executable target's `main` to this symbol
/// (`<module>_main`), so libFuzzer's own `main` is not used; this hands the arguments to its driver.
@_cdecl("tapedeck_fuzz_envelope_main")
public func fuzzerMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    var argc = argc
    var argv = argv
    return LLVMFuzzerRunDriver(&argc, &argv) { data, size in fuzzEnvelope(data, size) }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzEnvelope(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    let bytes = UnsafeRawBufferPointer(start: start, count: count)
    checkRoundTrip(bytes, direction: "server", decode: ServerMessage.decode, encode: { $0.encoded() })
    checkRoundTrip(bytes, direction: "client", decode: ClientMessage.decode, encode: { $0.encoded() })
    return 0
}

func checkRoundTrip<Message: Equatable>(
    _ bytes: UnsafeRawBufferPointer, direction: String,
    decode: ([UInt8]) throws(ProtocolError) -> Message, encode: (Message) -> [UInt8]
) {
    let message: Message
    do {
        // A copy of exactly `count` bytes: ASan reports any read past it.
        message = try decode(Array(bytes))
    } catch {
        if !(0...bytes.count).contains(error.offset) {
            broken("\(direction): error offset \(error.offset) outside 0...\(bytes.count): \(error)")
        }
        return
    }
    let encoded = encode(message)
    let again: Message
    do {
        again = try decode(encoded)
    } catch {
        broken("\(direction): the encoder's output does not decode: \(error)\n  encoded: \(text(encoded))")
    }
    if again != message {
        broken("\(direction): decode(encode(m)) != m\n  m: \(message)\n  decoded again: \(again)\n  encoded: \(text(encoded))")
    }
    let reencoded = encode(again)
    if reencoded != encoded {
        broken("\(direction): encoding is not stable\n  first: \(text(encoded))\n  second: \(text(reencoded))")
    }
}

func text(_ bytes: [UInt8]) -> String {
    String(decoding: bytes, as: UTF8.self)
}

func broken(_ what: String) -> Never {
    // fatalError prints to standard error and traps; libFuzzer then writes the input's path.
    fatalError("tapedeck-fuzz-envelope: broken invariant, \(what)")
}
