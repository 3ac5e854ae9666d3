// The recording proxy's per-frame path without sockets, for callgrind (scripts/bench-proxy-instructions.sh,
// docs/PERFORMANCE.md): valgrind cannot run the `tapedeck` binary (the concurrency runtime's
// threads), and CPU time on this shared VM moves by more than 5 %, so instructions per relayed
// message are the proxy figure a threshold can hold. A `DetachedRelaySession` on two
// `EmbeddedChannel`s behind NIO's frame decoder and each side's encoder (`ClientFrameEncoder`
// towards the server), as the upgrades leave the proxy's channels: each frame is decoded, checked by the relay machine (RFC 6455, UTF-8 of text),
// forwarded (re-masked towards the server) and appended to the tape's queue, as `tapedeck record`
// does. Only `relay` is counted (callgrind --toggle-collect); the tape is written after the loop.
//
// Usage: tapedeck-proxy-profile server400|server16k|app400 COUNT
import Foundation
import NIOCore
import NIOEmbedded
import NIOPosix
import NIOWebSocket
import TapedeckProxy
import TapedeckWebSocket

/// `count` different JSON texts of exactly `size` bytes, as the benchmark peer pushes them
/// (Tests/TapedeckProxyTests/Peers/bench_peer.py).
func textPayloads(size: Int, count: Int = 64) -> [[UInt8]] {
    (0..<count).map { index in
        let head = #"{"type":"u","seq":\#(index),"energy":\#(50 + index),"note":""#
        let tail = #""}"#
        let filler = size - head.utf8.count - tail.utf8.count
        let words = String(repeating: "habit streak \(index) done; ", count: filler / 10 + 1)
        return Array((head + words.prefix(filler) + tail).utf8)
    }
}

/// A text frame of `payload`: masked (as an app sends it) or not (as a server does).
func textFrame(_ payload: [UInt8], maskedWith mask: [UInt8]?) -> ByteBuffer {
    var bytes: [UInt8] = [0x81]
    let maskBit: UInt8 = mask == nil ? 0 : 0x80
    switch payload.count {
    case ..<126: bytes.append(maskBit | UInt8(payload.count))
    case ..<65536: bytes += [maskBit | 126, UInt8(payload.count >> 8), UInt8(payload.count & 0xFF)]
    default: bytes += [maskBit | 127] + (0..<8).reversed().map { UInt8(truncatingIfNeeded: payload.count >> ($0 * 8)) }
    }
    guard let mask else { return ByteBuffer(bytes: bytes + payload) }
    bytes += mask
    for (index, byte) in payload.enumerated() { bytes.append(byte ^ mask[index % 4]) }
    return ByteBuffer(bytes: bytes)
}

/// A whole frame's payload as NIO's decoder reads it, unmasked; nil if the bytes are not one frame.
func payload(ofFrame bytes: [UInt8]) throws -> [UInt8]? {
    let decoder = EmbeddedChannel(handler: ByteToMessageHandler(WebSocketFrameDecoder(maxFrameSize: 16 << 20)))
    defer { _ = try? decoder.finish() }
    try decoder.writeInbound(ByteBuffer(bytes: bytes))
    return try decoder.readInbound(as: WebSocketFrame.self).map { Array($0.unmaskedData.readableBytesView) }
}

/// The one counted function: a frame into one side, through the proxy to the other.
@inline(never)
func relay(_ frame: ByteBuffer, into channel: EmbeddedChannel) throws {
    try channel.writeInbound(frame)
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("tapedeck-proxy-profile: \(message)\n".utf8))
    exit(2)
}

let arguments = CommandLine.arguments
guard arguments.count == 3, let count = Int(arguments[2]), (1...10_000_000).contains(count) else {
    fail("usage: tapedeck-proxy-profile server400|server16k|app400 COUNT (COUNT from 1 to 10,000,000)")
}
let (size, fromApp): (Int, Bool) =
    switch arguments[1] {
    case "server400": (400, false)
    case "server16k": (16384, false)
    case "app400": (400, true)
    default: fail("unknown stage '\(arguments[1])': server400, server16k or app400")
    }

let folder = NSTemporaryDirectory() + "tapedeck-proxy-profile-\(getpid())"
try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(atPath: folder) }
let pool = NIOThreadPool(numberOfThreads: 1)
pool.start()
let loop = EmbeddedEventLoop()
// A queue larger than the run: the writer thread is not woken while frames are counted (its
// redaction and compression are the recorder benchmark's), so the count is the event loop's alone.
let session = DetachedRelaySession(folder: folder, eventLoop: loop, pool: pool, recorderQueueBytes: 1 << 40)
let app = EmbeddedChannel(loop: loop)
let server = EmbeddedChannel(loop: loop)
// Towards the server the proxy is a client: its encoder masks every frame (as the upgrade sets it up).
let encoders: [any ChannelHandler] = [ClientFrameEncoder(), WebSocketFrameEncoder()]
for (channel, encoder, handler) in [(server, encoders[0], session.serverHandler), (app, encoders[1], session.appHandler)] {
    try channel.pipeline.syncOperations.addHandlers([
        ByteToMessageHandler(WebSocketFrameDecoder(maxFrameSize: 16 << 20)), encoder, handler,
    ])
    try channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 1)).wait()
}

let payloads = textPayloads(size: size)
let frames = payloads.map { textFrame($0, maskedWith: fromApp ? [0x11, 0x22, 0x33, 0x44] : nil) }
let (source, destination) = fromApp ? (app, server) : (server, app)
var bytesIn = 0
var bytesOut = 0
var firstFramesOut = [[UInt8]](repeating: [], count: payloads.count)
for index in 0..<count {
    let frame = frames[index % frames.count]
    bytesIn += frame.readableBytes
    try relay(frame, into: source)
    while let buffer = try destination.readOutbound(as: ByteBuffer.self) {
        bytesOut += buffer.readableBytes
        if index < payloads.count { firstFramesOut[index] += buffer.readableBytesView }
    }
}
// Every frame went through whole (re-masked frames keep their length) and nothing came back, and
// the first of each payload arrived with its bytes (unmasked with the key it carries).
guard bytesOut == bytesIn, try source.readOutbound(as: ByteBuffer.self) == nil else {
    fail("relayed \(bytesOut) bytes of \(bytesIn)")
}
for (index, frame) in firstFramesOut.prefix(count).enumerated() where try payload(ofFrame: frame) != payloads[index] {
    fail("frame \(index) arrived with other bytes than were sent")
}
_ = try? app.finish()
_ = try? server.finish()
try pool.syncShutdownGracefully()
let tapes = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".tape") }
guard tapes.count == 1 else { fail("expected one tape in \(folder), found \(tapes)") }
print("\(arguments[1]): \(count) messages of \(size) B relayed and recorded")
