import Crypto
import Foundation
import SwiftASN1
import X509

/// A local certificate authority for serving `wss://` to an app that trusts it: a P-256 key and
/// a self-signed CA certificate, made in-process with swift-certificates and swift-crypto (no
/// `openssl`), kept as `ca.pem` and `ca-key.pem` in a folder so the app's trust survives
/// restarts, and leaf certificates for the hosts the app connects to.
public struct LocalCertificateAuthority: Sendable {
    public let folder: String
    public var certificatePath: String { folder + "/ca.pem" }
    public var keyPath: String { folder + "/ca-key.pem" }
    let certificate: Certificate
    let key: Certificate.PrivateKey

    /// The CA in `folder`, made there first when it has none; `made` says which.
    public static func loadOrCreate(in folder: String, now: Date) throws -> (authority: Self, made: Bool) {
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
        try manager.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try write(try key.serializeAsPEM().pemString, to: keyPath, secret: true)
        try write(try certificate.serializeAsPEM().pemString, to: certificatePath, secret: false)
        return (Self(folder: folder, certificate: certificate, key: key), true)
    }

    /// A server certificate for `hosts` (DNS names or IP addresses), signed by this CA, valid 825
    /// days (the longest Apple's platforms accept), and its new key: both PEM.
    public func issueLeaf(for hosts: [String], now: Date) throws -> (certificatePEM: String, keyPEM: String) {
        let leafKey = Certificate.PrivateKey(P256.Signing.PrivateKey())
        let names = hosts.map { host in
            Self.ipAddressBytes(host).map { GeneralName.ipAddress(ASN1OctetString(contentBytes: $0[...])) } ?? .dnsName(host)
        }
        let leaf = try Certificate(
            version: .v3, serialNumber: Certificate.SerialNumber(), publicKey: leafKey.publicKey,
            notValidBefore: now.addingTimeInterval(-86_400), notValidAfter: now.addingTimeInterval(825 * 86_400),
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
    public static func names(inCertificateAt path: String) -> Set<String>? {
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

    /// Writes `text` to `path`, readable by its owner only when it is a key.
    public static func write(_ text: String, to path: String, secret: Bool) throws {
        let attributes: [FileAttributeKey: Any] = secret ? [.posixPermissions: 0o600] : [:]
        guard FileManager.default.createFile(atPath: path, contents: Data(text.utf8), attributes: attributes) else {
            throw CertificateAuthorityError(message: "cannot write \(path): check that its folder is writable")
        }
    }
}

/// A CA that cannot be made, read or written, in words the user can act on.
public struct CertificateAuthorityError: Error, Sendable, CustomStringConvertible {
    public var message: String
    public var description: String { message }
}
