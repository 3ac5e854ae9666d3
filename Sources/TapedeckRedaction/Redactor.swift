import Foundation
import TapedeckCore

/// Replaces secrets with deterministic tokens before anything is written: `redacted:` and the
/// first 12 hex digits of HMAC-SHA256(key, secret). One key per tape (the recorder draws it at
/// random), so a secret gets the same token everywhere within a tape, and tapes cannot be
/// compared against each other or brute-forced from a token without the key.
///
/// Pure: the key is passed in. Redacted JSON keeps every byte outside the replaced values.
public struct Redactor: Sendable {
    /// What every token starts with.
    public static let tokenPrefix = "redacted:"

    /// What this redactor replaces.
    public let rules: RedactionRules
    private let key: [UInt8]
    private let keyNames: [[UInt8]]
    private let pointerTokens: [[[UInt8]]]
    private let needles: RedactionNeedles

    /// A key for one recording: 32 bytes from `generator`, which the edges draw from the system's
    /// (a fresh key a tape, so its tokens link within it and nowhere else); tests pass a seeded one.
    ///
    /// - Parameter generator: Where the bytes come from.
    /// - Returns: The key, 32 bytes.
    public static func key(using generator: inout some RandomNumberGenerator) -> [UInt8] {
        (0..<32).map { _ in generator.next() }
    }

    /// A redactor of `rules` whose tokens are keyed with `key`.
    ///
    /// - Parameters:
    ///   - rules: What to redact.
    ///   - key: The HMAC key; one a tape (`key(using:)`).
    public init(rules: RedactionRules, key: [UInt8]) {
        self.rules = rules
        self.key = key
        keyNames = rules.jsonKeys.sorted().map { Array($0.utf8) }
        pointerTokens = rules.jsonPointers.map { $0.map { Array($0.utf8) } }
        needles = RedactionNeedles(rules)
    }

    /// `redacted:` and 12 hex digits.
    ///
    /// - Parameter secret: The secret's bytes, unescaped.
    /// - Returns: The token that stands for it in this tape.
    public func token<Bytes: Sequence>(for secret: Bytes) -> String where Bytes.Element == UInt8 {
        let mac = HMACSHA256.authenticationCode(for: secret, key: key)
        return Self.tokenPrefix + Hex.lowercase(mac.prefix(6))
    }

    /// The header's value as it may be recorded. Authorization keeps its scheme
    /// (`Bearer redacted:…`), Cookie and Set-Cookie keep cookie names and attributes, so only the
    /// secret part is replaced and the same secret gets the same token as in a JSON field.
    ///
    /// - Parameters:
    ///   - name: The header's name, any case.
    ///   - value: Its value as sent.
    /// - Returns: The value with its secret replaced, or as sent when the rules do not name the header.
    public func redactHeader(name: String, value: String) -> String {
        let lowered = name.lowercased()
        guard rules.headers.contains(lowered) else { return value }
        switch lowered {
        case "authorization", "proxy-authorization":
            guard let space = value.firstIndex(of: " ") else { return token(for: value.utf8) }
            let credentials = value[value.index(after: space)...].drop { $0 == " " }
            return String(value[...space]) + token(for: credentials.utf8)
        case "cookie":
            return value.split(separator: ";", omittingEmptySubsequences: false)
                .map { redactCookiePair($0) }.joined(separator: ";")
        case "set-cookie":
            var parts = value.split(separator: ";", omittingEmptySubsequences: false).map(String.init)
            if !parts.isEmpty { parts[0] = redactCookiePair(Substring(parts[0])) }
            return parts.joined(separator: ";")
        case "sec-websocket-protocol":
            return redactSubprotocols(value)
        default:
            return token(for: value.utf8)
        }
    }

    /// `NAME=VALUE` keeps its name; a cookie without a name (`SECRET`, which browsers send as is)
    /// is all value (issue 41, finding 4). Blanks around it stay.
    private func redactCookiePair(_ pair: Substring) -> String {
        if let equals = pair.firstIndex(of: "=") {
            return String(pair[...equals]) + token(for: pair[pair.index(after: equals)...].utf8)
        }
        let secret = pair.drop { $0 == " " }
        guard !secret.isEmpty else { return String(pair) }
        return String(pair[..<secret.startIndex]) + token(for: secret.utf8)
    }

    /// Browsers cannot set headers on a WebSocket, so apps carry a bearer token as a subprotocol:
    /// `access_token, TOKEN`, `Bearer, TOKEN` or a long single value. A value after one named like a
    /// credential (`access_token`, `token`, `bearer`, `authorization`, or a redacted query
    /// parameter's name) is replaced, and so is any value longer than `subprotocolNameLimit`
    /// characters; short protocol names (`baolife`, `v2.chat`) stay, as replay needs them.
    private func redactSubprotocols(_ value: String) -> String {
        let credentialNames = Self.credentialNames.union(rules.queryParameters)
        var previousNamesCredential = false
        return value.split(separator: ",", omittingEmptySubsequences: false).map { part -> String in
            let name = part.trimmingCharacters(in: .whitespaces)
            defer { previousNamesCredential = credentialNames.contains(name.lowercased()) }
            guard !name.isEmpty, previousNamesCredential || name.count > Self.subprotocolNameLimit else { return String(part) }
            let lead = part.prefix { $0 == " " }
            return String(lead) + token(for: name.utf8)
        }.joined(separator: ",")
    }

    static let credentialNames: Set<String> = ["access_token", "token", "bearer", "authorization", "auth"]
    /// Longer subprotocol values are taken for credentials: registered protocol names are short.
    static let subprotocolNameLimit = 40

    /// A request target (`/ws?token=…&v=3`) with the values of matching query parameters replaced.
    /// Names are compared, and values hashed, after percent-decoding, as the server reads them:
    /// `%74oken=S%45CRET` is `token=SECRET` and gets the same token. Parameters are split at `&`
    /// and at `;` (which many servers also take), and a name is read up to a `[` or a NUL, so
    /// `token[]=`, `token%5B%5D=` and `token%00=` are `token` (issue 34, finding 8).
    ///
    /// - Parameter target: The handshake's request target, path and query.
    /// - Returns: The target with those values replaced, and as given when nothing matched.
    public func redactRequestTarget(_ target: String) -> String {
        guard !rules.queryParameters.isEmpty, let start = target.firstIndex(where: { $0 == "?" || $0 == "#" }) else {
            return target
        }
        var redacted = String(target[...start])
        var rest = target[target.index(after: start)...]
        while true {
            // A fragment (`#token=S`) is read as parameters too: apps put tokens there (issue 41, finding 4).
            let end = rest.firstIndex { $0 == "&" || $0 == ";" || $0 == "#" } ?? rest.endIndex
            redacted += redactQueryParameter(rest[..<end])
            guard end < rest.endIndex else { return redacted }
            redacted.append(rest[end])
            rest = rest[rest.index(after: end)...]
        }
    }

    /// The value of the query parameter `name` in a request target, read as
    /// `redactRequestTarget(_:)` reads the same target, so the parameter a session key takes is the
    /// one redaction replaces: parameters split at `&`, `;` and `#`, names compared as a server
    /// reads them (`queryName`), the value percent-decoded. The first match wins.
    ///
    /// - Parameters:
    ///   - name: The parameter's name, as `query NAME` names it (without case).
    ///   - target: The request target, e.g. `/ws?v=3&device%49d=A%20B`.
    /// - Returns: The decoded value (empty for a bare `name`); nil when the target has no such parameter.
    public static func queryValue(named name: String, in target: String) -> String? {
        let wanted = queryName(Substring(name))
        guard let start = target.firstIndex(where: { $0 == "?" || $0 == "#" }) else { return nil }
        let rest = target[target.index(after: start)...]
        for part in rest.split(whereSeparator: { $0 == "&" || $0 == ";" || $0 == "#" }) {
            let equals = part.firstIndex(of: "=") ?? part.endIndex
            guard queryName(part[..<equals]) == wanted else { continue }
            return equals == part.endIndex ? "" : percentDecoded(part[part.index(after: equals)...])
        }
        return nil
    }

    private func redactQueryParameter(_ part: Substring) -> String {
        guard let equals = part.firstIndex(of: "="), rules.queryParameters.contains(Self.queryName(part[..<equals]))
        else { return String(part) }
        return String(part[...equals]) + token(for: Self.percentDecoded(part[part.index(after: equals)...]).utf8)
    }

    /// The parameter name a server matches: decoded (again while it still changes: `%2574oken` is
    /// `token` to a server that decodes twice), up to a `[` (array notation), a `.` (`token.x`,
    /// nested objects to qs and Rails) or a NUL (where C strings end), lowercased.
    static func queryName(_ name: Substring) -> String {
        var decoded = percentDecoded(name)
        for _ in 0..<4 where decoded.contains("%") {
            let again = percentDecoded(Substring(decoded))
            if again == decoded { break }
            decoded = again
        }
        return String(decoded.prefix { $0 != "[" && $0 != "." && $0 != "\u{0}" }).lowercased()
    }

    /// The text with `%XX` escapes resolved; as written when they do not form UTF-8.
    static func percentDecoded(_ text: Substring) -> String {
        guard text.contains("%") else { return String(text) }
        return text.removingPercentEncoding ?? String(text)
    }

    /// The JSON text with the values of matching keys and pointers replaced; other bytes unchanged.
    /// A string value becomes `"redacted:…"` (hashing its unescaped content); any other value
    /// (number, object, array) becomes that string in its place. Returns nil when nothing matched,
    /// so callers keep their bytes without a copy.
    ///
    /// - Parameter text: A JSON text's bytes.
    /// - Returns: The redacted bytes, or nil when nothing matched.
    public func redactJSON(_ text: [UInt8]) -> [UInt8]? {
        guard !keyNames.isEmpty || !pointerTokens.isEmpty, needles.mayMatch(text) else { return nil }
        return text.withUnsafeBytes { raw -> [UInt8]? in
            var scanner = JSONSecretScanner(bytes: raw, keys: keyNames, pointers: pointerTokens)
            scanner.scan()
            guard !scanner.matches.isEmpty else { return nil }
            var out: [UInt8] = []
            out.reserveCapacity(text.count + 8 * scanner.matches.count)
            var copied = 0
            for match in scanner.matches {
                out.append(contentsOf: raw[copied..<match.range.lowerBound])
                let secret =
                    match.isString
                    ? JSONSecretScanner.decoded(raw, match.range.lowerBound + 1..<match.range.upperBound - 1)
                    : Array(raw[match.range])
                out.append(UInt8(ascii: "\""))
                out.append(contentsOf: token(for: secret).utf8)
                out.append(UInt8(ascii: "\""))
                copied = match.range.upperBound
            }
            out.append(contentsOf: raw[copied...])
            return out
        }
    }
}
