import Testing

@testable import TapedeckWebSocket

/// Every transition of `WebSocketPeerMachine`, the RFC 6455 core under the proxy, the reference
/// server and the client (`PeerTransition.table`), without a socket: the frames before, the frame,
/// what it is, and the message under way after it. Then the closing handshake's flags, the
/// answers to frames NIO's decoder refuses, and the close payloads the machine writes.
@Suite struct PeerMachineTransitionTests {
    @Test(arguments: PeerTransition.table)
    func transition(_ row: PeerTransition) {
        var machine = PeerTransition.machine(client: row.peerIsClient)
        for frame in row.given { _ = machine.receive(frame.header, payload: frame.payload) }
        #expect(machine.receive(row.frame.header, payload: row.frame.payload) == row.received, "\(row.name)")
        if let after = row.after {
            #expect(machine.messageKind == after.kind, "message under way after \(row.name)")
            #expect(machine.fragmentCount == after.fragments, "frames of it after \(row.name)")
        }
        #expect(machine.closeReceived == row.closeReceived, "close received after \(row.name)")
    }

    @Test func theTableNamesEachTransitionOnce() {
        let names = PeerTransition.table.map(\.name)
        #expect(Set(names).count == names.count)
    }

    /// The inlined fast path and the full path agree on every row: same result, same state.
    @Test(arguments: PeerTransition.table)
    func theFastPathAndTheFullPathAgree(_ row: PeerTransition) {
        var fast = PeerTransition.machine(client: row.peerIsClient)
        var full = fast
        for frame in row.given {
            _ = fast.receive(frame.header, payload: frame.payload)
            _ = full.receiveFrame(frame.header, payload: frame.payload)
        }
        let fastResult = fast.receive(row.frame.header, payload: row.frame.payload)
        let fullResult = full.receiveFrame(row.frame.header, payload: row.frame.payload)
        #expect(fastResult == fullResult, "\(row.name)")
        #expect(fast.messageKind == full.messageKind && fast.fragmentCount == full.fragmentCount, "\(row.name)")
    }

    @Test func aCloseGoesToThePeerOnce() {
        var machine = PeerTransition.machine(client: true)
        #expect(!machine.closeSent)
        let first = machine.sendingClose()
        #expect(first && machine.closeSent)
        let second = machine.sendingClose()
        #expect(!second)
    }

    @Test func anUncheckedCloseStillCounts() {
        var machine = PeerTransition.machine(client: false)
        machine.closeArrived()
        #expect(machine.closeReceived)
    }

    @Test func abandoningAMessageForgetsIt() {
        var machine = PeerTransition.machine(client: true)
        _ = machine.receive(FrameHeader(fin: false, opcode: .text, isMasked: true), payload: Array("he".utf8))
        machine.abandonMessage()
        #expect(machine.messageKind == nil)
        let next = machine.receive(FrameHeader(fin: true, opcode: .continuation, isMasked: true), payload: [])
        #expect(next == PeerTransition.violation(1002, "sent a continuation frame outside a fragmented message"))
    }

    @Test func framesTheDecoderRefusedGetTheirCodes() {
        let machine = PeerTransition.machine(client: true)
        #expect(machine.violation(for: .frameTooLarge) == ProtocolViolation(code: 1009, predicate: "sent a frame over 16 bytes"))
        #expect(
            machine.violation(for: .fragmentedControlFrame)
                == ProtocolViolation(code: 1002, predicate: "sent a fragmented control frame"))
        #expect(
            machine.violation(for: .longControlFrame)
                == ProtocolViolation(code: 1002, predicate: "sent a control frame over 125 bytes"))
        #expect(
            ProtocolViolation(code: 1002, predicate: "sent a masked frame").reason(by: machine.name)
                == "client sent a masked frame")
    }

    /// Our close payloads: the code, then the reason cut to fit a control frame on a character
    /// boundary; nothing without a code.
    @Test func closePayloadsFitAControlFrame() {
        #expect(WebSocketPeerMachine.closePayload(code: nil, reason: "ignored") == [])
        #expect(WebSocketPeerMachine.closePayload(code: 1000, reason: "bye") == [0x03, 0xE8] + Array("bye".utf8))
        let long = String(repeating: "é", count: 100) // 200 bytes of two-byte characters
        let payload = WebSocketPeerMachine.closePayload(code: 4001, reason: long)
        #expect(payload.count == 124) // 2 + 61 whole characters; a 62nd would make 126
        #expect(String(decoding: payload[2...], as: UTF8.self) == String(repeating: "é", count: 61))
        #expect(WebSocketPeerMachine.closePayloadViolation(payload) == nil)
    }
}
