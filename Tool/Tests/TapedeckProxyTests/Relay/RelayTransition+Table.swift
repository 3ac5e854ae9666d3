@testable import TapedeckProxy

extension RelayTransition {
    /// Every transition of `RelayStateMachine`, grouped by what the session is doing.
    static let table: [RelayTransition] =
        attaching + messages + closing + invalidCloses + protocolErrors
        + decoderFailures + abnormalEnds + timers + sessionEvents

    static let attaching: [RelayTransition] = [
        RelayTransition("the server attaches first", .attach(.server), [], phases: (.connecting, .open)),
        RelayTransition(
            "the app attaches after the server", given: [.attach(.server)], .attach(.client),
            [record(.c2s, .open, []), .deliverHeldFrames, .resumeReading(.server)], phases: (.open, .open)),
        RelayTransition(
            "the app attaches after the server broke a rule right behind its 101",
            given: [.attach(.server), .data(.server, .reserved(3), [])], .attach(.client),
            [record(.c2s, .open, []), .deliverHeldFrames, .startGraceTimer(.client), .resumeReading(.server)],
            phases: (.closing, .closing)),
        RelayTransition(
            "the server attaches after the session ended", given: [.upgradeRefused("no")], .attach(.server),
            [.closeChannel(.server)]),
        RelayTransition(
            "the app attaches after the tape failed: closed unrecorded",
            given: [.attach(.server), .recordingFailed("disk full")], .attach(.client),
            [
                .sendClose(to: .client, code: 1011, reason: "tapedeck could not record this session: disk full"),
                .startGraceTimer(.client),
            ]),
        RelayTransition(
            "the app attaches with the server's close waiting: its timer already runs",
            given: [.attach(.server), .close(.server, 1000)], .attach(.client),
            [record(.c2s, .open, []), .deliverHeldFrames, .resumeReading(.server)], phases: (.closing, .closing)),
        RelayTransition(
            "the app's upgrade completes after the server went: released and closed",
            given: [.attach(.server), .inactive(.server)], .attach(.client), [.closeChannel(.client)],
            phases: (.closing, .closed)),
        RelayTransition(
            "a released side's frames are dropped",
            given: [.attach(.server), .inactive(.server), .attach(.client)], .text(.client, "late"), [],
            phases: (.closing, .closed)),
    ]

    static let messages: [RelayTransition] = [
        RelayTransition(
            "a text frame from the app", given: open, .text(.client, "hi"),
            [.forward(from: .client), record(.c2s, .text, "hi")], phases: (.open, .open)),
        RelayTransition(
            "a binary frame from the server", given: open, .data(.server, .binary, [1, 2, 3]),
            [.forward(from: .server), record(.s2c, .binary, [1, 2, 3])]),
        RelayTransition(
            "a message exactly at the limit", given: open, .text(.client, String(repeating: "a", count: limit)),
            [.forward(from: .client), record(.c2s, .text, String(repeating: "a", count: limit))]),
        RelayTransition(
            "a first fragment is forwarded, not yet recorded", given: open, .text(.client, "ab", fin: false),
            [.forward(from: .client)]),
        RelayTransition(
            "a middle fragment", given: open + [.text(.client, "ab", fin: false)], .more(.client, "cd", fin: false),
            [.forward(from: .client)]),
        RelayTransition(
            "the last fragment records the message with its fragment count",
            given: open + [.text(.client, "ab", fin: false), .more(.client, "cd", fin: false)],
            .more(.client, "ef", fin: true),
            [.forward(from: .client), record(.c2s, .text, "abcdef", fragments: 3)]),
        RelayTransition(
            "binary fragments from the server", given: open + [.data(.server, .binary, [1], fin: false)],
            .data(.server, .continuation, [2]), [.forward(from: .server), record(.s2c, .binary, [1, 2], fragments: 2)]),
        RelayTransition(
            "a character split across fragments is valid UTF-8",
            given: open + [.data(.client, .text, [0xE2, 0x82], fin: false)], .data(.client, .continuation, [0xAC]),
            [.forward(from: .client), record(.c2s, .text, [0xE2, 0x82, 0xAC], fragments: 2)]),
        RelayTransition(
            "a ping from the app is passed on, not answered", given: open, .data(.client, .ping, [7]),
            [.forward(from: .client), record(.c2s, .ping, [7])]),
        RelayTransition(
            "a pong from the server is passed on", given: open, .data(.server, .pong, [8]),
            [.forward(from: .server), record(.s2c, .pong, [8])]),
        RelayTransition(
            "a ping between fragments", given: open + [.text(.server, "a", fin: false)], .data(.server, .ping, []),
            [.forward(from: .server), record(.s2c, .ping, [])]),
    ]

    static let closing: [RelayTransition] = [
        RelayTransition(
            "the app closes: passed on, the server has the grace period to answer", given: open,
            .close(.client, 1000, "bye"),
            [record(.c2s, .close, "bye", code: 1000), .forward(from: .client), .startGraceTimer(.server)],
            phases: (.closing, .closing)),
        RelayTransition(
            "the server answers: passed back, its channel closes after the write",
            given: open + [.close(.client, 1000, "bye")], .close(.server, 1000, "bye"),
            [
                record(.s2c, .close, "bye", code: 1000), .forward(from: .server), .startGraceTimer(.client),
                .closeAfterWrites(.server),
            ]),
        RelayTransition(
            "the app's channel ends after the handshake",
            given: open + [.close(.client, 1000, "bye"), .close(.server, 1000, "bye")], .inactive(.client),
            [.cancelGraceTimer(.client), .closeAfterWrites(.server)], phases: (.closed, .closing)),
        RelayTransition(
            "the server's channel ends last: the session is over",
            given: open + [.close(.client, 1000, "bye"), .close(.server, 1000, "bye"), .inactive(.client)],
            .inactive(.server), [.cancelGraceTimer(.server), .finish], phases: (.closed, .closed)),
        RelayTransition(
            "the server closes first", given: open, .close(.server, 1001, "going"),
            [record(.s2c, .close, "going", code: 1001), .forward(from: .server), .startGraceTimer(.client)]),
        RelayTransition(
            "a close frame without a code", given: open, .close(.server, nil),
            [record(.s2c, .close, [], code: nil), .forward(from: .server), .startGraceTimer(.client)]),
        RelayTransition(
            "the side told of a close may still send", given: open + [.close(.client, 1000)], .text(.server, "late"),
            [.forward(from: .server), record(.s2c, .text, "late")]),
        RelayTransition(
            "frames after a side's own close are dropped", given: open + [.close(.client, 1000)],
            .text(.client, "after"), []),
        RelayTransition(
            "the server closes before the app's upgrade: its close waits for the app, timed",
            given: [.attach(.server)], .close(.server, 1000),
            [record(.s2c, .close, [], code: 1000), .forward(from: .server), .startGraceTimer(.client)],
            phases: (.closing, .closing)),
    ]

    static let invalidCloses: [RelayTransition] = [
        RelayTransition(
            "a close frame with a 1-byte payload", given: open, .data(.client, .close, [3]),
            [record(.c2s, .close, [3])]
                + protocolError(
                    .client, 1002, "sent a close frame with a 1-byte payload (a close code takes 2 bytes)",
                    offenceWasClose: true)),
        RelayTransition(
            "a close code that may not travel (1005)", given: open, .close(.client, 1005),
            [record(.c2s, .close, [], code: 1005)]
                + protocolError(
                    .client, 1002, "sent a close code 1005 may not be sent in a close frame",
                    offenceWasClose: true)),
        RelayTransition(
            "a close reason that is not UTF-8", given: open, .data(.server, .close, [0x03, 0xE8, 0xFF]),
            [record(.s2c, .close, [0xFF], code: 1000)]
                + protocolError(.server, 1007, "sent a close reason is not valid UTF-8", offenceWasClose: true)),
    ]

    static let protocolErrors: [RelayTransition] = [
        RelayTransition(
            "an unmasked frame from the app", given: open, .data(.client, .text, [0x61], masked: false),
            protocolError(.client, 1002, "sent an unmasked frame"), phases: (.closing, .closing)),
        RelayTransition(
            "a masked frame from the server", given: open, .data(.server, .text, [0x61], masked: true),
            protocolError(.server, 1002, "sent a masked frame")),
        RelayTransition(
            "reserved bits", given: open, .data(.client, .binary, [], reservedBits: true),
            protocolError(.client, 1002, "set reserved bits without a negotiated extension")),
        RelayTransition(
            "a reserved opcode", given: open, .data(.server, .reserved(0xB), []),
            protocolError(.server, 1002, "sent a frame with reserved opcode 11")),
        RelayTransition(
            "a continuation outside a message", given: open, .more(.client, "x", fin: true),
            protocolError(.client, 1002, "sent a continuation frame outside a fragmented message")),
        RelayTransition(
            "a new message inside a fragmented one", given: open + [.text(.client, "a", fin: false)], .text(.client, "b"),
            protocolError(.client, 1002, "started a new message inside a fragmented one")),
        RelayTransition(
            "fragments past the message limit", given: open + [.text(.server, String(repeating: "a", count: 40), fin: false)],
            .more(.server, String(repeating: "b", count: 30), fin: true),
            protocolError(.server, 1009, "sent a message over \(limit) bytes")),
        RelayTransition(
            "text that is not UTF-8 is recorded as it came, not forwarded", given: open, .data(.client, .text, [0x61, 0xFF]),
            [record(.c2s, .text, [0x61, 0xFF])] + protocolError(.client, 1007, "sent a text message that is not valid UTF-8")),
        RelayTransition(
            "bad UTF-8 in a second fragment keeps the fragment count",
            given: open + [.text(.server, "ok", fin: false)], .data(.server, .continuation, [0xC0]),
            [record(.s2c, .text, [0x6F, 0x6B, 0xC0], fragments: 2)]
                + protocolError(.server, 1007, "sent a text message that is not valid UTF-8")),
        RelayTransition(
            "text that ends inside a character", given: open, .data(.client, .text, [0xE2, 0x82]),
            [record(.c2s, .text, [0xE2, 0x82])] + protocolError(.client, 1007, "sent a text message that is not valid UTF-8")),
        RelayTransition(
            "the offender's frames are drained, not relayed", given: open + [.data(.client, .reserved(3), [])],
            .text(.client, "more"), []),
        RelayTransition(
            "the offender's close answers the proxy's: its channel closes after the write",
            given: open + [.data(.client, .reserved(3), [])], .close(.client, 1002), [.closeAfterWrites(.client)]),
        RelayTransition(
            "a second close from the offender is ignored",
            given: open + [.data(.client, .reserved(3), []), .close(.client, 1002)], .close(.client, 1000), []),
        RelayTransition(
            "the server breaks a rule before the app's upgrade: the app's close is held for it",
            given: [.attach(.server)], .data(.server, .reserved(3), []),
            [
                end("server sent a frame with reserved opcode 3: closing with 1002", by: .server),
                note(.close, "server sent a frame with reserved opcode 3", code: 1002),
                .sendClose(to: .client, code: 1002, reason: "proxy: server sent a frame with reserved opcode 3"),
                .sendClose(to: .server, code: 1002, reason: "server sent a frame with reserved opcode 3"),
                .startGraceTimer(.server),
            ]),
        RelayTransition(
            "a rule broken after the proxy's own close: the offender is dropped", given: open + [.shutDown],
            .data(.client, .text, [0x61], masked: false),
            [
                end("client sent an unmasked frame: closing with 1002", by: .client),
                note(.close, "client sent an unmasked frame", code: 1002), .closeChannel(.client),
            ]),
    ]

    static let decoderFailures: [RelayTransition] = [
        RelayTransition(
            "a frame over the limit", given: open, .failed(.client, .decode(.frameTooLarge)),
            protocolError(.client, 1009, "sent a frame over \(limit) bytes")),
        RelayTransition(
            "a fragmented control frame", given: open, .failed(.server, .decode(.fragmentedControlFrame)),
            protocolError(.server, 1002, "sent a fragmented control frame")),
        RelayTransition(
            "a control frame over 125 bytes", given: open, .failed(.client, .decode(.longControlFrame)),
            protocolError(.client, 1002, "sent a control frame over 125 bytes")),
        RelayTransition(
            "input after a refused frame is drained", given: open + [.failed(.client, .decode(.frameTooLarge))],
            .failed(.client, .afterBadFrame("dataReceivedInErrorState")), []),
        RelayTransition(
            "the decoder's error state without a refused frame", given: open,
            .failed(.server, .afterBadFrame("dataReceivedInErrorState")),
            [end("server: dataReceivedInErrorState", by: .server), .closeChannel(.server)]),
        RelayTransition(
            "a connection reset", given: open, .failed(.client, .other("Connection reset by peer")),
            [end("client: Connection reset by peer", by: .client), .closeChannel(.client)], phases: (.closing, .open)),
        RelayTransition(
            "an error after the channel ended", given: open + [.inactive(.client)], .failed(.client, .other("late")), []),
    ]

    static let abnormalEnds: [RelayTransition] = [
        RelayTransition(
            "the app vanishes without a close frame: mirrored on the server", given: open, .inactive(.client),
            [
                end("client connection ended without a close frame", by: .client),
                end("dropping the server connection: the client is gone", by: .client), .closeAfterWrites(.server),
            ],
            phases: (.closed, .closing)),
        RelayTransition(
            "the server's channel ends after its close: the app keeps its grace period",
            given: open + [.close(.server, 1000)], .inactive(.server), []),
        RelayTransition(
            "the server vanishes while the app owes its close answer",
            given: open + [.close(.client, 1000)], .inactive(.server),
            [
                .cancelGraceTimer(.server), end("server connection ended without a close frame", by: .server),
                .closeAfterWrites(.client),
            ]),
        RelayTransition("a channel ends twice", given: open + [.inactive(.client)], .inactive(.client), []),
        RelayTransition(
            "the app goes during the upstream upgrade", .inactive(.client), [.closeChannel(.server), .finish],
            phases: (.closed, .connecting)),
        RelayTransition(
            "the server goes before the app's 101", given: [.attach(.server)], .inactive(.server),
            [end("server connection ended without a close frame", by: .server), .closeChannel(.client), .finish]),
        RelayTransition(
            "the server goes while a close frame waits for the app's upgrade",
            given: [.attach(.server), .data(.server, .reserved(3), [])], .inactive(.server), [.cancelGraceTimer(.server)]),
        RelayTransition(
            "the app goes before its 101 while the server is attached", given: [.attach(.server)], .inactive(.client),
            [end("dropping the server connection: the client is gone", by: .client), .closeAfterWrites(.server)]),
        RelayTransition(
            "the server ends after the app went before its 101: the session is over",
            given: [.attach(.server), .inactive(.client)], .inactive(.server), [.closeChannel(.client), .finish],
            phases: (.closed, .closed)),
        RelayTransition(
            "the app goes during its upgrade while the server's close waits for it",
            given: [.attach(.server), .close(.server, 1000)], .inactive(.client),
            [.cancelGraceTimer(.client), .closeAfterWrites(.server)], phases: (.closed, .closing)),
    ]

    static let timers: [RelayTransition] = [
        RelayTransition(
            "the server does not answer the app's close in time", given: open + [.close(.client, 1000)],
            .graceTimer(.server),
            [end("timeout: the server did not finish closing within \(graceSeconds) s", by: .harness), .closeChannel(.server)]),
        RelayTransition(
            "a timer after its channel ended", given: open + [.close(.client, 1000), .inactive(.server)],
            .graceTimer(.server), []),
        RelayTransition(
            "the app's grace period runs out during its upgrade: nothing to close yet",
            given: [.attach(.server), .close(.server, 1000)], .graceTimer(.client),
            [end("timeout: the client did not finish closing within \(graceSeconds) s", by: .harness)],
            phases: (.closing, .closing)),
        RelayTransition(
            "the app upgrades after its grace period ran out: it gets the held close, then its channel is closed",
            given: [.attach(.server), .close(.server, 1000), .graceTimer(.client)], .attach(.client),
            [record(.c2s, .open, ""), .deliverHeldFrames, .resumeReading(.server), .closeAfterWrites(.client)],
            phases: (.closing, .closing)),
        RelayTransition(
            "the app upgrades after its grace period ran out: nothing is relayed from it",
            given: [.attach(.server), .close(.server, 1000), .graceTimer(.client), .attach(.client)],
            .text(.client, "late"), [], phases: (.closing, .closing)),
        RelayTransition(
            "the app upgraded after its grace period ran out: its close answer ends it",
            given: [.attach(.server), .close(.server, 1000), .graceTimer(.client), .attach(.client)],
            .close(.client, 1000), [.closeAfterWrites(.client)]),
    ]

    static let sessionEvents: [RelayTransition] = [
        RelayTransition(
            "shutting down: 1001 to both sides", given: open, .shutDown,
            [
                note(.close, "recording proxy shutting down", code: 1001),
                .sendClose(to: .client, code: 1001, reason: "recording proxy shutting down"), .startGraceTimer(.client),
                .sendClose(to: .server, code: 1001, reason: "recording proxy shutting down"), .startGraceTimer(.server),
            ],
            phases: (.closing, .closing)),
        RelayTransition(
            "shutting down during the upstream upgrade", .shutDown, [.closeChannel(.client), .closeChannel(.server)]),
        RelayTransition(
            "shutting down after the app closed: only the app gets a close", given: open + [.close(.client, 1000)],
            .shutDown,
            [
                note(.close, "recording proxy shutting down", code: 1001),
                .sendClose(to: .client, code: 1001, reason: "recording proxy shutting down"), .startGraceTimer(.client),
            ]),
        RelayTransition("shutting down a finished session", given: [.upgradeRefused("no")], .shutDown, []),
        RelayTransition("force close", given: open, .forceClose, [.closeChannel(.client), .closeChannel(.server)]),
        RelayTransition(
            "force close before any upgrade", .forceClose, [.closeChannel(.client), .closeChannel(.server), .finish]),
        RelayTransition(
            "the tape fails: 1011 to the app, 1001 to the server", given: open, .recordingFailed("disk full"),
            [
                .sendClose(to: .client, code: 1011, reason: "tapedeck could not record this session: disk full"),
                .startGraceTimer(.client),
                .sendClose(to: .server, code: 1001, reason: "recording proxy: the session could not be recorded"),
                .startGraceTimer(.server),
            ]),
        RelayTransition("the tape fails twice", given: open + [.recordingFailed("disk full")], .recordingFailed("again"), []),
        RelayTransition(
            "upstream refuses the upgrade", .upgradeRefused("upstream answered 403 Forbidden", status: 403),
            [
                .record(.end("upgrade failed: upstream answered 403 Forbidden", by: .server, refusalStatus: 403)),
                .closeChannel(.server), .finish,
            ]),
    ]
}
