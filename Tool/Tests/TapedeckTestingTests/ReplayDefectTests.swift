import Foundation
import Testing

@testable import TapedeckTesting

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Issue 50's defects: receives after a connection's end are all answered, one "now", and an
/// instant's description that does not trap.
@MainActor
@Suite struct ReplayDefectTests {
    /// Collects what a completion handler was given. `@unchecked Sendable`: `results` is touched
    /// only under `lock`.
    final class Answers: @unchecked Sendable {
        private let lock = NSLock()
        private var results: [String] = []
        func add(_ result: Result<URLSessionWebSocketTask.Message, any Error>) {
            lock.withLock {
                switch result {
                case .success: results.append("message")
                case .failure(let error): results.append("\(error)")
                }
            }
        }
        var all: [String] { lock.withLock { results } }
    }

    @Test func everyReceiveAfterTheEndIsAnsweredWithTheEndsError() {
        let socket = ReplaySocket(url: nil, connection: 1, onSend: { _ in })
        socket.resume()
        socket.deliverClose(code: 1001, reason: "going away")
        let answers = Answers()
        for _ in 0..<150 { socket.receive { answers.add($0) } }
        // A loop that does not end is answered 100 times, then held so it stops spinning.
        #expect(answers.all.count == ReplaySocket.receivesAfterEndAnswered)
        socket.retire()
        #expect(answers.all.count == 150)
        #expect(Set(answers.all) == [String(describing: POSIXError(.ENOTCONN))])
    }

    @Test func aSilentConnectionsReceivesAndPingsAreAnsweredWhenTheReplayEnds() {
        let socket = ReplaySocket(url: nil, connection: 0, onSend: { _ in }, connecting: true)
        socket.resume()
        let answers = Answers()
        socket.receive { answers.add($0) }
        let pong = Answers()
        socket.sendPing { error in pong.add(error.map { .failure($0) } ?? .success(.string("pong"))) }
        #expect(answers.all.isEmpty)
        #expect(pong.all.isEmpty)
        socket.retire()
        #expect(answers.all.count == 1)
        #expect(pong.all.count == 1)
        #expect(pong.all != ["message"])
    }

    @Test func theNetworksNowIsTheClocksNow() {
        let network = ReplayNetwork()
        network.begin(tape: "t.tape", records: [], created: "2026-03-01T12:00:00.000Z")
        network.clock.advance(by: .milliseconds(2_500))
        #expect(network.now == Date(timeIntervalSince1970: 1_772_366_402.5))
        #expect(network.time == VirtualTime(nanoseconds: 2_500_000_000))
    }

    @Test(arguments: [
        (Duration.milliseconds(2_500), "t=2.500s"), (.milliseconds(-1_250), "t=-1.250s"),
        (.seconds(Int64.max), "t=9223372036854775807.000s"),
        (.seconds(Int64.min), "t=-9223372036854775808.000s"), (.nanoseconds(999_999), "t=0.000s"),
    ])
    func anInstantDescribesEveryOffsetWithoutTrapping(offset: Duration, text: String) {
        #expect(ReplayClock.Instant(offset: offset).description == text)
    }
}
