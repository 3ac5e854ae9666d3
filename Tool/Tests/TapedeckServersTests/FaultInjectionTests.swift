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
                Issue.record("expected a u from the wall-clock tick")
                return
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

/// The faults a session corpus needs (issue 43): a fault on chosen connections only, a drop on a
/// client message after the game applied it, and a server that refuses its first upgrades.
@Suite(.ownThread) struct SessionFaultTests {
    @Test func dropOnAppliesTheMessageButNeverAnswersAndOnlyTheChosenConnectionDrops() async throws {
        let faults = FaultPlan(dropOn: "purchaseItem", connections: [1])
        try await withServer(ReferenceServerConfiguration(clock: .virtual, faults: faults)) { server in
            let first = try await GameClient.connect(to: server, path: "/wss/?player=mei")
            try await first.send(.createCharacter(hero))
            let created = try await first.next()
            guard case .playerObject(let player) = created else {
                Issue.record("\(created)")
                return
            }
            for _ in 0..<4 { _ = try await first.next() }
            try await first.send(.purchaseItem(PurchaseItem(itemId: "teddy")))
            #expect(try await first.socket.receive(timeout: GameClient.timeout) == .closed(code: nil))
            // The reconnect (connection 2) is not faulted: the game as it was left, the purchase applied.
            let second = try await GameClient.connect(to: server, path: "/wss/?player=mei")
            let resumed = try await second.next()
            guard case .playerObject(let back) = resumed else {
                Issue.record("\(resumed)")
                return
            }
            #expect(
                back.person.money == player.person.money.map { $0 - 40 },
                "\(String(describing: player.person.money)) -> \(String(describing: back.person.money))")
            try await second.send(.purchaseItem(PurchaseItem(itemId: "teddy")))
            for _ in 0..<4 { _ = try await second.next() }
            #expect(try await second.next().type == "purchaseResult")
            await second.close()
        }
    }

    @Test func refuseFirstAnswersTheFirstUpgrades503ThenPlays() async throws {
        try await withServer(ReferenceServerConfiguration(clock: .virtual, refuseFirst: 2)) { server in
            for attempt in 1...2 {
                do {
                    _ = try await GameClient.connect(to: server)
                    Issue.record("attempt \(attempt) was accepted")
                } catch {
                    #expect("\(error)".contains("503"), "\(error)")
                }
            }
            let client = try await GameClient.connect(to: server)
            try await client.send(.createCharacter(hero))
            #expect(try await client.next().type == "playerObject")
            await client.close()
        }
    }
}
