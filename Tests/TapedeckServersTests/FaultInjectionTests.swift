import TapedeckProtocol
import TapedeckServers
import TestSupport
import Testing

@Suite(.ownThread) struct FaultInjectionTests {
    func server(_ faults: FaultPlan) -> ReferenceServerConfiguration {
        ReferenceServerConfiguration(clock: .virtual, faults: faults)
    }

    @Test func dropAfterCutsTheConnectionWithoutCloseFrame() async throws {
        try await withServer(server(FaultPlan(dropAfter: 3))) { server in
            let client = try await GameClient.connect(to: server)
            try await client.send(.createCharacter(hero))
            for _ in 0..<3 { _ = try await client.next() }
            #expect(try await client.socket.receive(timeout: GameClient.timeout) == .closed(code: nil))
        }
    }

    @Test func closeAfterSendsTheCode() async throws {
        try await withServer(server(FaultPlan(closeAfter: 2, closeCode: 4000))) { server in
            let client = try await GameClient.connect(to: server)
            try await client.send(.createCharacter(hero))
            #expect(try await client.next().type == "playerObject")
            #expect(try await client.next().type == "achievementsList")
            #expect(try await client.socket.receive(timeout: GameClient.timeout) == .closed(code: 4000))
        }
    }

    @Test func malformedEveryInsertsBrokenFrames() async throws {
        try await withServer(server(FaultPlan(malformedEvery: 2))) { server in
            let client = try await GameClient.connect(to: server)
            try await client.send(.createCharacter(hero))
            var frames: [[UInt8]] = []
            for _ in 0..<7 { frames.append(try await client.socket.receiveText(timeout: GameClient.timeout)) }
            let decodes = frames.map { (try? ServerMessage.decode($0)) != nil }
            // Messages 1, 2, (broken), 3, 4, (broken), 5.
            #expect(decodes == [true, true, false, true, true, false, true])
            #expect(frames[2] == Array(frames[1].prefix(frames[1].count / 2)))
            await client.close()
        }
    }

    @Test func delayKeepsTheOrder() async throws {
        try await withServer(server(FaultPlan(delayMilliseconds: 20))) { server in
            let client = try await GameClient.connect(to: server)
            try await client.send(.createCharacter(hero))
            let types = try await client.until("extraCurriculars").map(\.type)
            #expect(types == ["playerObject", "achievementsList", "energyRefillTiers", "timeSkipTiers", "extraCurriculars"])
            await client.close()
        }
    }

    @Test func wallClockTicksOnItsOwn() async throws {
        try await withServer(ReferenceServerConfiguration(clock: .wall)) { server in
            let client = try await GameClient.connect(to: server)
            try await client.send(.createCharacter(hero))
            _ = try await client.until("extraCurriculars")
            // No request is sent: the next message comes from the server's own tick.
            guard case .update(let update) = try await client.next() else {
                Issue.record("expected a u from the wall-clock tick"); return
            }
            #expect(update.date == "2025-02-20" && update.hourOfDay == 8)
            await client.close()
        }
    }
}

@Suite(.ownThread) struct ShutdownTests {
    @Test func shutdownClosesGamesWith1001() async throws {
        let server = try await ReferenceServer.start(ReferenceServerConfiguration(clock: .virtual))
        let client = try await GameClient.connect(to: server)
        try await client.send(.createCharacter(hero))
        _ = try await client.until("extraCurriculars")
        try await server.shutdown()
        #expect(try await client.socket.receive(timeout: GameClient.timeout) == .closed(code: 1001))
    }
}
