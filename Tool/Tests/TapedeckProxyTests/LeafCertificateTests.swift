import Foundation
import NIOSSL
import Testing

@testable import TapedeckProxy

/// Issue 34, findings 3 and 4: the leaves the local CA issues (forward mode's per-host ones and
/// `--generate-cert`'s, both from `issueLeaf`) span a year and a day, well inside the 825 days
/// Apple's platforms accept, read back by BoringSSL (not the library that wrote them); and forward
/// mode keeps at most `capacity` hosts' leaves, the least recently used giving way.
@Suite struct LeafCertificateTests {
    static func authority(_ folder: String) throws -> LocalCertificateAuthority {
        try LocalCertificateAuthority.loadOrCreate(in: folder, now: Date()).authority
    }

    @Test func aLeafSpansAYearWellInsideTheLimitDevicesEnforce() throws {
        let folder = NSTemporaryDirectory() + "tapedeck-leaf-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let now = Date(timeIntervalSince1970: 1_790_000_000)
        let leaf = try Self.authority(folder).issueLeaf(for: ["lichun.app"], now: now)
        let certificate = try NIOSSLCertificate(bytes: Array(leaf.certificatePEM.utf8), format: .pem)
        let days = Double(certificate.notValidAfter - certificate.notValidBefore) / 86_400
        #expect(days == 366, "a year, and a day of backdating for a clock a little behind")
        #expect(days <= 825 - 365, "a margin of a year under Apple's 825 days")
        #expect(Double(certificate.notValidBefore) == now.timeIntervalSince1970 - 86_400)
        #expect(Double(certificate.notValidAfter) == now.timeIntervalSince1970 + 365 * 86_400)
    }

    @Test func theHostCacheKeepsTheMostRecentlyUsedHostsUpToItsCapacity() throws {
        let folder = NSTemporaryDirectory() + "tapedeck-leaf-cache-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let cache = InterceptCertificates(authority: try Self.authority(folder), capacity: 3)
        let first = try cache.context(for: "a.example")
        let b = try cache.context(for: "b.example")
        _ = try cache.context(for: "c.example")
        #expect(try cache.context(for: "A.EXAMPLE") === first, "kept, names compared without case; now the most recent")
        _ = try cache.context(for: "d.example") // b.example, the least recently used, gives way
        #expect(cache.count == 3)
        #expect(try cache.context(for: "a.example") === first)
        let c = try cache.context(for: "c.example")
        #expect(try cache.context(for: "c.example") === c)
        #expect(try cache.context(for: "b.example") !== b, "b.example had given way: a new leaf")
        for index in 0..<50 { _ = try cache.context(for: "host\(index).example") }
        #expect(cache.count == 3, "bounded however many names come")
        #expect(try cache.context(for: "a.example") !== first, "issued again once it gave way")
        #expect(InterceptCertificates.defaultCapacity == 1_000)
    }
}
