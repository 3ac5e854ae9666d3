import Foundation
import TapedeckS3

/// One case of AWS's SigV4 test suite (Fixtures/aws-sig-v4-test-suite, see its README): the request
/// (`.req`) read into a `SigV4Request` and body, and the expected canonical request (`.creq`), string
/// to sign (`.sts`), `Authorization` header (`.authz`) and signed request (`.sreq`).
struct SigV4SuiteCase {
    /// The folder under the suite, e.g. `get-vanilla` or `normalize-path/get-slash`.
    var name: String
    var request: SigV4Request
    var body: [UInt8]
    var canonicalRequest: String
    var stringToSign: String
    var authorization: String
    var signedRequest: String

    /// The suite's folder in the test bundle.
    static var suiteFolder: URL {
        Bundle.module.resourceURL!.appendingPathComponent("Fixtures/aws-sig-v4-test-suite")
    }

    /// Every case folder (one holding a `.req`), relative to the suite, sorted.
    static func names() -> [String] {
        let root = suiteFolder.standardizedFileURL.path
        guard let walker = FileManager.default.enumerator(atPath: root) else { return [] }
        return walker.compactMap { $0 as? String }.filter { $0.hasSuffix(".req") }
            .map { ($0 as NSString).deletingLastPathComponent }.sorted()
    }

    /// Reads the case in `name`'s folder.
    init(_ name: String) throws {
        self.name = name
        let base = Self.suiteFolder.appendingPathComponent(name)
            .appendingPathComponent((name as NSString).lastPathComponent).path
        func read(_ suffix: String) throws -> String { try String(contentsOfFile: base + suffix, encoding: .utf8) }
        (request, body) = try Self.parse(read(".req"))
        canonicalRequest = try read(".creq")
        stringToSign = try read(".sts")
        authorization = try read(".authz")
        signedRequest = try read(".sreq")
    }

    /// The `Authorization` line of the `.sreq`.
    var signedRequestAuthorization: String? {
        signedRequest.split(separator: "\n").first { $0.hasPrefix("Authorization:") }
            .map { $0.dropFirst("Authorization:".count).trimmingCharacters(in: .whitespaces) }
    }

    /// The `X-Amz-Security-Token` line of the `.sreq`, if any.
    var signedRequestSessionToken: String? {
        signedRequest.split(separator: "\n").first { $0.lowercased().hasPrefix("x-amz-security-token:") }
            .map { String($0.drop { $0 != ":" }.dropFirst()) }
    }

    /// A `.req`: `METHOD target HTTP/1.1`, header lines (`Name:value`; a line starting with white
    /// space continues the value before it), an empty line, the body. The target's path and query
    /// are percent-decoded: the signer takes them as the application means them and encodes them.
    static func parse(_ text: String) throws -> (SigV4Request, [UInt8]) {
        var lines = text.components(separatedBy: "\n")
        let requestLine = lines.removeFirst()
        guard let firstSpace = requestLine.firstIndex(of: " "), let lastSpace = requestLine.lastIndex(of: " ") else {
            throw CocoaError(.fileReadCorruptFile)
        }
        let method = String(requestLine[..<firstSpace])
        let target = String(requestLine[requestLine.index(after: firstSpace)..<lastSpace])
        var headers: [SigV4Field] = []
        while let line = lines.first, !line.isEmpty {
            lines.removeFirst()
            if line.first == " " || line.first == "\t", !headers.isEmpty {
                headers[headers.count - 1].value += " " + line.trimmingCharacters(in: .whitespaces)
            } else if let colon = line.firstIndex(of: ":") {
                headers.append(SigV4Field(String(line[..<colon]), String(line[line.index(after: colon)...])))
            }
        }
        let body = lines.isEmpty ? [] : Array(lines.dropFirst().joined(separator: "\n").utf8)
        let pathPart = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        let path = String(pathPart[0]).removingPercentEncoding ?? String(pathPart[0])
        let query: [SigV4Field] =
            pathPart.count < 2 || pathPart[1].isEmpty
            ? []
            : pathPart[1].split(separator: "&").map { pair in
                let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                let decode = { (part: Substring) in String(part).removingPercentEncoding ?? String(part) }
                return SigV4Field(decode(parts[0]), parts.count > 1 ? decode(parts[1]) : "")
            }
        return (SigV4Request(method: method, path: path, query: query, headers: headers), body)
    }
}
