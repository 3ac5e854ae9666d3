import Crypto
import Foundation
import SwiftASN1
import TapedeckWebSocket
import X509

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A local certificate authority for serving `wss://` to an app that trusts it: a P-256 key and
/// a self-signed CA certificate, made in-process with swift-certificates and swift-crypto (no
/// `openssl`), kept as `ca.pem` and `ca-key.pem` (mode 0600) in a folder so the app's trust
/// survives restarts (the CLI keeps it in the user's configuration folder, `CAFolder`), and leaf
/// certificates for the hosts the app connects to.
package struct LocalCertificateAuthority: Sendable {
    package let folder: String
    package var certificatePath: String { folder + "/ca.pem" }
    package var keyPath: String { folder + "/ca-key.pem" }
    let certificate: Certificate
    let key: Certificate.PrivateKey

    /// The CA in `folder`, made there first when it has none; `made` says which.
    package static func loadOrCreate(in folder: String, now: Date) throws -> (authority: Self, made: Bool) {
        let certificatePath = folder + "/ca.pem"
        let keyPath = folder + "/ca-key.pem"
        let manager = FileManager.default
        if manager.fileExists(atPath: certificatePath), manager.fileExists(atPath: keyPath) {
            do {
                let certificate = try Certificate(pemEncoded: try String(contentsOfFile: certificatePath, encoding: .utf8))
                let key = try Certificate.PrivateKey(pemEncoded: try String(contentsOfFile: keyPath, encoding: .utf8))
                return (Self(folder: folder, certificate: certificate, key: key), false)
            } catch {
                throw CertificateAuthorityError(
                    message: "\(certificatePath) or \(keyPath) cannot be read as a PEM certificate and key (\(error)); "
                        + "remove both to make a new CA")
            }
        }
        let key = Certificate.PrivateKey(P256.Signing.PrivateKey())
        let name = try DistinguishedName {
            OrganizationName("tapedeck")
            CommonName("tapedeck local CA")
        }
        let certificate = try Certificate(
            version: .v3, serialNumber: Certificate.SerialNumber(), publicKey: key.publicKey,
            notValidBefore: now.addingTimeInterval(-86_400), notValidAfter: now.addingTimeInterval(10 * 365 * 86_400),
            issuer: name, subject: name, signatureAlgorithm: .ecdsaWithSHA256,
            extensions: try Certificate.Extensions {
                Critical(BasicConstraints.isCertificateAuthority(maxPathLength: 0))
                Critical(KeyUsage(keyCertSign: true, cRLSign: true))
                // Key identifiers: strict verifiers (OpenSSL's X509_STRICT) want them.
                SubjectKeyIdentifier(hash: key.publicKey)
            },
            issuerPrivateKey: key)
        try manager.createDirectory(atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        try write(try key.serializeAsPEM().pemString, to: keyPath, secret: true)
        try write(try certificate.serializeAsPEM().pemString, to: certificatePath, secret: false)
        return (Self(folder: folder, certificate: certificate, key: key), true)
    }

    /// How long before `now` a leaf is valid from: a device whose clock is a little behind accepts it.
    package static let leafBackdating: TimeInterval = 86_400
    /// How long after `now` a leaf is valid: a year, as mitmproxy's and Charles's leaves are. The
    /// whole span (with the backdating, 366 days) stays well inside the 825 days Apple's platforms
    /// accept for a certificate from a user-trusted root (issue 34, finding 3).
    package static let leafLifetime: TimeInterval = 365 * 86_400

    /// A server certificate for `hosts` (DNS names or IP addresses), signed by this CA, valid from
    /// `now - leafBackdating` to `now + leafLifetime`, and its new key: both PEM.
    package func issueLeaf(for hosts: [String], now: Date) throws -> (certificatePEM: String, keyPEM: String) {
        let leafKey = Certificate.PrivateKey(P256.Signing.PrivateKey())
        let names = hosts.map { host in
            Self.ipAddressBytes(host).map { GeneralName.ipAddress(ASN1OctetString(contentBytes: $0[...])) } ?? .dnsName(host)
        }
        let leaf = try Certificate(
            version: .v3, serialNumber: Certificate.SerialNumber(), publicKey: leafKey.publicKey,
            notValidBefore: now.addingTimeInterval(-Self.leafBackdating),
            notValidAfter: now.addingTimeInterval(Self.leafLifetime),
            issuer: certificate.subject, subject: try DistinguishedName { CommonName(hosts.first ?? "localhost") },
            signatureAlgorithm: .ecdsaWithSHA256,
            extensions: try Certificate.Extensions {
                Critical(BasicConstraints.notCertificateAuthority)
                Critical(KeyUsage(digitalSignature: true, keyEncipherment: true))
                try ExtendedKeyUsage([.serverAuth])
                SubjectAlternativeNames(names)
                SubjectKeyIdentifier(hash: leafKey.publicKey)
                AuthorityKeyIdentifier(keyIdentifier: SubjectKeyIdentifier(hash: key.publicKey).keyIdentifier)
            },
            issuerPrivateKey: key)
        return (try leaf.serializeAsPEM().pemString, try leafKey.serializeAsPEM().pemString)
    }

    /// The DNS names and IP addresses (in text form) a PEM certificate file is valid for; nil
    /// when the file cannot be read as a certificate.
    package static func names(inCertificateAt path: String) -> Set<String>? {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8),
            let certificate = try? Certificate(pemEncoded: text)
        else { return nil }
        guard let alternativeNames = try? certificate.extensions.subjectAlternativeNames else { return [] }
        var names: Set<String> = []
        for name in alternativeNames {
            switch name {
            case .dnsName(let dnsName): names.insert(dnsName)
            case .ipAddress(let octets): names.insert(ipAddressText(Array(octets.bytes)))
            default: break
            }
        }
        return names
    }

    /// When a PEM certificate file's validity starts and ends; nil when it cannot be read.
    package static func validity(ofCertificateAt path: String) -> (notBefore: Date, notAfter: Date)? {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8),
            let certificate = try? Certificate(pemEncoded: text)
        else { return nil }
        return (certificate.notValidBefore, certificate.notValidAfter)
    }

    /// The text form of 4 or 16 address bytes, as `inet_ntop` writes it.
    static func ipAddressText(_ bytes: [UInt8]) -> String {
        var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
        let family = bytes.count == 4 ? AF_INET : AF_INET6
        guard bytes.withUnsafeBytes({ inet_ntop(family, $0.baseAddress, &text, socklen_t(text.count)) }) != nil else {
            return ""
        }
        return String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The bytes of an IPv4 or IPv6 address in text form, nil for a host name.
    static func ipAddressBytes(_ host: String) -> [UInt8]? {
        var v4 = in_addr()
        if inet_pton(AF_INET, host, &v4) == 1 { return withUnsafeBytes(of: &v4) { Array($0) } }
        var v6 = in6_addr()
        if inet_pton(AF_INET6, host, &v6) == 1 { return withUnsafeBytes(of: &v6) { Array($0) } }
        return nil
    }

    /// Writes `text` to `path`, replacing it whole: a new file made with `O_CREAT | O_EXCL`, mode
    /// 0600 for a key (0644 otherwise) from its creation, never readable by others even for a
    /// moment, then renamed over `path`.
    package static func write(_ text: String, to path: String, secret: Bool) throws {
        func failure(_ what: String) -> CertificateAuthorityError {
            CertificateAuthorityError(
                message: "cannot \(what) \(path) (\(String(cString: strerror(errno)))): check that its folder is writable")
        }
        let temporary = "\(path).\(getpid()).new"
        unlink(temporary) // left by a process with this number that was killed mid-write
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, secret ? 0o600 : 0o644)
        guard descriptor >= 0 else { throw failure("create") }
        var bytes = Array(text.utf8)
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeMutableBytes { systemWrite(descriptor, $0.baseAddress! + written, $0.count - written) }
            guard count > 0 else {
                let error = failure("write")
                close(descriptor)
                unlink(temporary)
                throw error
            }
            written += count
        }
        bytes = []
        let synced = fsync(descriptor) == 0
        let closed = close(descriptor) == 0
        guard synced, closed, rename(temporary, path) == 0 else {
            let error = failure("write")
            unlink(temporary)
            throw error
        }
    }
}

#if canImport(Glibc)
private let systemWrite = Glibc.write
#elseif canImport(Darwin)
private let systemWrite = Darwin.write
#endif

/// A CA that cannot be made, read or written, in words the user can act on.
package struct CertificateAuthorityError: Error, Sendable, CustomStringConvertible {
    package var message: String
    package var description: String { message }
}
