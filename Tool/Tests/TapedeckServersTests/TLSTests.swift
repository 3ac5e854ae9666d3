import Foundation
import TapedeckProtocol
import TapedeckServers
import TapedeckTestFixtures
import TapedeckWebSocket
import TestSupport
import Testing

@Suite(.ownThread) struct TLSTests {
    static let certificate = Peers.testCertificate
    static let key = Peers.testKey

    @Test func serverSpeaksWSSWithPEMFiles() async throws {
        let configuration = ReferenceServerConfiguration(
            tlsCertificatePath: Self.certificate, tlsKeyPath: Self.key,
            clock: .virtual)
        try await withServer(configuration) { server in
            #expect(server.url.hasPrefix("wss://127.0.0.1:"))
            let tls = try TLSFiles.clientContext(trustedCertificatePath: Self.certificate)
            let socket = try await WebSocketClient.connect(host: "127.0.0.1", port: server.port, tls: tls)
            let client = GameClient(socket: socket)
            try await client.send(.createCharacter(hero))
            #expect(try await client.next().type == "playerObject")
            await client.close()
        }
    }

    @Test func halfATLSConfigurationIsRefused() async throws {
        await #expect(throws: TLSFilesError.incomplete) {
            _ = try await ReferenceServer.start(ReferenceServerConfiguration(tlsCertificatePath: Self.certificate))
        }
        await #expect(throws: TLSFilesError.self) {
            _ = try await ReferenceServer.start(
                ReferenceServerConfiguration(tlsCertificatePath: Self.certificate, tlsKeyPath: "/nonexistent.pem"))
        }
    }
}
