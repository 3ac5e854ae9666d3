/// One WebSocket frame as bytes on the wire (RFC 6455 §5.2), built and parsed by hand so tests
/// can send what no WebSocket library would: reserved bits, reserved opcodes, wrong masking.
struct WireFrame: Equatable, Sendable {
    var fin = true
    /// RSV1, RSV2, RSV3 as the 3 bits under FIN (0b100 is RSV1).
    var rsv: UInt8 = 0
    var opcode: UInt8
    var payload: [UInt8]

    static let continuation: UInt8 = 0x0, text: UInt8 = 0x1, binary: UInt8 = 0x2
    static let close: UInt8 = 0x8, ping: UInt8 = 0x9, pong: UInt8 = 0xA

    var isControl: Bool { opcode & 0x8 != 0 }

    /// The close code of a close frame (nil: empty payload or not a close frame).
    var closeCode: UInt16? {
        guard opcode == Self.close, payload.count >= 2 else { return nil }
        return UInt16(payload[0]) << 8 | UInt16(payload[1])
    }

    static func closing(_ code: UInt16, _ reason: [UInt8] = []) -> WireFrame {
        WireFrame(opcode: close, payload: [UInt8(code >> 8), UInt8(code & 0xFF)] + reason)
    }

    /// The frame's bytes, masked with `mask` when given (what a client must do).
    func encoded(mask: [UInt8]?) -> [UInt8] {
        var bytes: [UInt8] = [(fin ? 0x80 : 0) | (rsv & 0x7) << 4 | (opcode & 0xF)]
        let maskBit: UInt8 = mask == nil ? 0 : 0x80
        switch payload.count {
        case ..<126:
            bytes.append(maskBit | UInt8(payload.count))
        case ..<65536:
            bytes.append(maskBit | 126)
            bytes += [UInt8(payload.count >> 8), UInt8(payload.count & 0xFF)]
        default:
            bytes.append(maskBit | 127)
            bytes += (0..<8).reversed().map { UInt8(truncatingIfNeeded: UInt64(payload.count) >> ($0 * 8)) }
        }
        guard let mask else { return bytes + payload }
        return bytes + mask + payload.enumerated().map { $0.element ^ mask[$0.offset % 4] }
    }

    /// Takes one whole frame off the front of `bytes` (unmasking it), or nil when more bytes are needed.
    static func take(from bytes: inout [UInt8]) -> WireFrame? {
        guard bytes.count >= 2 else { return nil }
        var length = Int(bytes[1] & 0x7F)
        var offset = 2
        if length == 126 {
            guard bytes.count >= 4 else { return nil }
            length = Int(bytes[2]) << 8 | Int(bytes[3])
            offset = 4
        } else if length == 127 {
            guard bytes.count >= 10 else { return nil }
            length = bytes[2..<10].reduce(0) { $0 << 8 | Int($1) }
            offset = 10
        }
        let masked = bytes[1] & 0x80 != 0
        let mask = masked ? Array(bytes[offset..<min(bytes.count, offset + 4)]) : []
        if masked { offset += 4 }
        guard bytes.count >= offset + length else { return nil }
        var payload = Array(bytes[offset..<offset + length])
        if masked { payload = payload.enumerated().map { $0.element ^ mask[$0.offset % 4] } }
        let frame = WireFrame(fin: bytes[0] & 0x80 != 0, rsv: (bytes[0] >> 4) & 0x7, opcode: bytes[0] & 0xF, payload: payload)
        bytes.removeFirst(offset + length)
        return frame
    }
}
