import Testing

/// One row of the RFC 6455 conformance table: what a peer sends (named after the Autobahn test
/// suite's cases and categories) and what each component must answer. The frames are masked
/// when they go from a client, unmasked from a server, unless the case is about masking.
struct ConformanceCase: Sendable, CustomTestStringConvertible {
    var name: String
    var frames: [WireFrame]
    /// The case sends the frames masked the wrong way (unmasked from a client, masked from a server).
    var wrongMasking = false
    /// What the reference server answers a client that sends this.
    var server: Answer
    /// What `WebSocketClient` answers a server that sends this.
    var client: Answer
    /// What the recording proxy answers the side that sends this, either side; on an error the
    /// other side gets a close frame with the same code.
    var proxy: Answer

    var testDescription: String { name }

    /// Every component answers the same way.
    init(_ name: String, _ frames: [WireFrame], wrongMasking: Bool = false, all answer: Answer) {
        self.init(name, frames, wrongMasking: wrongMasking, server: answer, client: answer, proxy: answer)
    }

    init(_ name: String, _ frames: [WireFrame], wrongMasking: Bool = false, server: Answer, client: Answer, proxy: Answer) {
        self.name = name
        self.frames = frames
        self.wrongMasking = wrongMasking
        self.server = server
        self.client = client
        self.proxy = proxy
    }

    /// The bytes a peer sends: the case's frames, then (when no close frame was among them) the
    /// "probe" ping whose pong shows the other side stayed open.
    func bytes(fromClient: Bool) -> [UInt8] {
        let masked = fromClient != wrongMasking
        var all = frames
        if !frames.contains(where: { $0.opcode == WireFrame.close }) { all.append(Answer.probe) }
        return all.flatMap { $0.encoded(mask: masked ? [0x9A, 0x01, 0x5C, 0xE3] : nil) }
    }

    /// Largest message each component accepts in these tests.
    static let limit = 70_000
}

extension ConformanceCase {
    static func text(_ bytes: [UInt8], fin: Bool = true, rsv: UInt8 = 0) -> WireFrame {
        WireFrame(fin: fin, rsv: rsv, opcode: WireFrame.text, payload: bytes)
    }
    static func text(_ string: String) -> WireFrame { text(Array(string.utf8)) }
    static func more(_ bytes: [UInt8], fin: Bool = true) -> WireFrame {
        WireFrame(fin: fin, opcode: WireFrame.continuation, payload: bytes)
    }
    static func ping(_ count: Int, fin: Bool = true) -> WireFrame {
        WireFrame(fin: fin, opcode: WireFrame.ping, payload: Array(repeating: 0x50, count: count))
    }

    /// "κόσμε" with the encoded surrogate U+D800 (ED A0 80) inside: Autobahn 6.3.1's payload.
    static let invalidUTF8: [UInt8] = [
        0xCE, 0xBA, 0xE1, 0xBD, 0xB9, 0xCF, 0x83, 0xCE, 0xBC, 0xCE, 0xB5, 0xED, 0xA0, 0x80, 0x65, 0x64, 0x69, 0x74, 0x65, 0x64,
    ]

    static let table: [ConformanceCase] = [
        // 1 Framing
        ConformanceCase("1.1.1 text, empty payload", [text("")], all: .open),
        ConformanceCase("1.1.2 text, 125-byte payload", [text(String(repeating: "*", count: 125))], all: .open),
        ConformanceCase("1.1.3 text, 126-byte payload (16-bit length)", [text(String(repeating: "*", count: 126))], all: .open),
        ConformanceCase(
            "1.1.6 text, 65536-byte payload (64-bit length)", [text(String(repeating: "*", count: 65536))], all: .open),
        ConformanceCase(
            "1.2.1 binary, 125-byte payload", [WireFrame(opcode: WireFrame.binary, payload: Array(repeating: 0xFE, count: 125))],
            server: .close(1003), client: .open, proxy: .open),
        // 2 Pings and pongs
        ConformanceCase("2.1 ping without payload", [ping(0)], all: .open),
        ConformanceCase("2.3 ping with 125-byte payload", [ping(125)], all: .open),
        ConformanceCase("2.5 ping with 126-byte payload", [ping(126)], all: .close(1002)),
        ConformanceCase("2.6 unsolicited pong", [WireFrame(opcode: WireFrame.pong, payload: Array("unasked".utf8))], all: .open),
        ConformanceCase("5.1 ping fragmented (FIN clear)", [ping(4, fin: false), more([1])], all: .close(1002)),
        // 3 Reserved bits
        ConformanceCase("3.1 text with RSV1", [text(Array("Hello".utf8), rsv: 0b100)], all: .close(1002)),
        ConformanceCase("3.2 text with RSV2", [text(Array("Hello".utf8), rsv: 0b010)], all: .close(1002)),
        ConformanceCase("3.3 text with RSV3", [text(Array("Hello".utf8), rsv: 0b001)], all: .close(1002)),
        ConformanceCase(
            "3.6 ping with all RSV bits", [WireFrame(rsv: 0b111, opcode: WireFrame.ping, payload: [])], all: .close(1002)),
        // 4 Opcodes
        ConformanceCase("4.1.1 reserved data opcode 3", [WireFrame(opcode: 3, payload: [])], all: .close(1002)),
        ConformanceCase("4.2.1 reserved control opcode 11", [WireFrame(opcode: 11, payload: [])], all: .close(1002)),
        // 5 Fragmentation
        ConformanceCase(
            "5.3 text in 2 fragments", [text(Array("frag".utf8), fin: false), more(Array("ments".utf8))], all: .open),
        ConformanceCase(
            "5.6 text in 2 fragments, a ping between",
            [text(Array("frag".utf8), fin: false), ping(3), more(Array("ments".utf8))], all: .open),
        ConformanceCase("5.9 continuation without a message", [more(Array("orphan".utf8))], all: .close(1002)),
        ConformanceCase("5.18 text inside a fragmented text", [text(Array("a".utf8), fin: false), text("b")], all: .close(1002)),
        // Masking (RFC 6455 §5.1; Autobahn's peers always mask correctly)
        ConformanceCase(
            "M.1 wrongly masked text (unmasked from a client, masked from a server)", [text("Hello")],
            wrongMasking: true, all: .close(1002)),
        // 6 UTF-8 handling
        ConformanceCase("6.2.1 valid UTF-8 text, κόσμε", [text("κόσμε")], all: .open),
        ConformanceCase("6.2.3 code point split across fragments", [text([0xCE], fin: false), more([0xBA])], all: .open),
        ConformanceCase("6.3.1 invalid UTF-8 text (a surrogate)", [text(invalidUTF8)], all: .close(1007)),
        ConformanceCase(
            "6.4.1 invalid UTF-8 in the first fragment",
            [text(Array(invalidUTF8.prefix(14)), fin: false), more(Array("edited".utf8))],
            all: .close(1007)),
        ConformanceCase("6.6.1 text ending inside a code point", [text([0x61, 0xCE])], all: .close(1007)),
        ConformanceCase("6.7.x overlong encoding of '/' (C0 AF)", [text([0xC0, 0xAF])], all: .close(1007)),
        ConformanceCase(
            "6.x binary with invalid UTF-8 is not checked", [WireFrame(opcode: WireFrame.binary, payload: invalidUTF8)],
            server: .close(1003), client: .open, proxy: .open),
        // 7 Close handling
        ConformanceCase("7.1.1 close 1000", [WireFrame.closing(1000)], all: .close(1000)),
        ConformanceCase("7.3.1 close without payload", [WireFrame(opcode: WireFrame.close, payload: [])], all: .close(nil)),
        ConformanceCase(
            "7.3.2 close with a 1-byte payload", [WireFrame(opcode: WireFrame.close, payload: [0x03])], all: .close(1002)),
        ConformanceCase(
            "7.3.6 close with a 126-byte payload", [WireFrame.closing(1000, Array(repeating: 0x2A, count: 124))],
            all: .close(1002)),
        ConformanceCase("7.5.1 close reason not valid UTF-8", [WireFrame.closing(1000, invalidUTF8)], all: .close(1007)),
        ConformanceCase("7.7.10 close 3000", [WireFrame.closing(3000)], all: .close(3000)),
        ConformanceCase("7.7.13 close 4999", [WireFrame.closing(4999)], all: .close(4999)),
        ConformanceCase("7.9.1 close 0", [WireFrame.closing(0)], all: .close(1002)),
        ConformanceCase("7.9.2 close 999", [WireFrame.closing(999)], all: .close(1002)),
        ConformanceCase("7.9.4 close 1005 (may not be sent)", [WireFrame.closing(1005)], all: .close(1002)),
        ConformanceCase("7.9.5 close 1006 (may not be sent)", [WireFrame.closing(1006)], all: .close(1002)),
        ConformanceCase("7.9.9 close 1015", [WireFrame.closing(1015)], all: .close(1002)),
        ConformanceCase("7.9.11 close 2999", [WireFrame.closing(2999)], all: .close(1002)),
        ConformanceCase("7.13.2 close 5000", [WireFrame.closing(5000)], all: .close(1002)),
        // 9 Limits (every component set to `limit` bytes here)
        ConformanceCase(
            "9.1.x text one byte over the limit, one frame", [text(String(repeating: "*", count: limit + 1))],
            all: .close(1009)),
        ConformanceCase(
            "9.2.x text over the limit in 2 fragments",
            [text(Array(repeating: 0x2A, count: limit / 2 + 1), fin: false), more(Array(repeating: 0x2A, count: limit / 2 + 1))],
            all: .close(1009)),
    ]
}
