import TapedeckCore

/// What to redact before a record reaches disk: HTTP header names, JSON keys (at any depth), JSON
/// pointers (one exact place) and query parameters of the handshake's request target.
///
/// The rules file (`tapedeck record --redact FILE`) has one rule a line: `header NAME`,
/// `json KEY`, `pointer /JSON/POINTER` or `query NAME`; `#` starts a comment; blank lines are
/// ignored. Header and query names compare without case; JSON keys and pointers exactly.
public struct RedactionRules: Sendable, Equatable {
    /// Lowercased header names.
    public var headers: Set<String>
    /// JSON keys whose values are redacted wherever they appear, compared exactly.
    public var jsonKeys: Set<String>
    /// Each pointer as its unescaped reference tokens (`/a~1b/0` is `["a/b", "0"]`).
    public var jsonPointers: [[String]]
    /// Lowercased query parameter names.
    public var queryParameters: Set<String>

    /// Rules from sets of names; header and query names are lowercased here.
    ///
    /// - Parameters:
    ///   - headers: HTTP header names, any case.
    ///   - jsonKeys: JSON keys, redacted at any depth.
    ///   - jsonPointers: JSON pointers as unescaped reference tokens, each one exact place.
    ///   - queryParameters: Query parameter names, any case.
    public init(
        headers: Set<String> = [], jsonKeys: Set<String> = [], jsonPointers: [[String]] = [],
        queryParameters: Set<String> = []
    ) {
        self.headers = Set(headers.map { $0.lowercased() })
        self.jsonKeys = jsonKeys
        self.jsonPointers = jsonPointers
        self.queryParameters = Set(queryParameters.map { $0.lowercased() })
    }

    /// Authorization, Cookie, Set-Cookie, Proxy-Authorization, and the credentials carried in
    /// Sec-WebSocket-Protocol; `deviceToken` and `receipt` anywhere in JSON; `token` and
    /// `access_token` query parameters (in the query or the fragment).
    public static let defaults = RedactionRules(
        headers: ["authorization", "proxy-authorization", "cookie", "set-cookie", "sec-websocket-protocol"],
        jsonKeys: ["deviceToken", "receipt"],
        queryParameters: ["token", "access_token"])

    /// These rules and `other`'s.
    ///
    /// - Parameter other: The rules to add, for example a rules file's on top of `defaults`.
    /// - Returns: The union; pointers keep their order, each once.
    public func merging(_ other: RedactionRules) -> RedactionRules {
        var merged = self
        merged.headers.formUnion(other.headers)
        merged.jsonKeys.formUnion(other.jsonKeys)
        for pointer in other.jsonPointers where !merged.jsonPointers.contains(pointer) { merged.jsonPointers.append(pointer) }
        merged.queryParameters.formUnion(other.queryParameters)
        return merged
    }

    /// Parses a rules file's text; `source` names it in errors.
    ///
    /// For example, this file redacts a header, a key anywhere and one exact place:
    ///
    /// ```
    /// # our API's secrets
    /// header X-Api-Key
    /// json sessionSecret
    /// pointer /auth/refresh
    /// ```
    ///
    /// - Parameters:
    ///   - text: The file's text.
    ///   - source: The file's path, for errors.
    /// - Returns: The file's rules alone (merge them with `defaults` to keep those).
    /// - Throws: `TextFileError` at the line and column of a line that is not a kind and one name, of
    ///   an unknown kind, or of a pointer that is not a valid JSON pointer.
    public static func parse(_ text: String, source: String) throws(TextFileError) -> RedactionRules {
        var rules = RedactionRules()
        var lineNumber = 0
        for rawLine in text.split(separator: "\n", omittingEmptySubsequences: false) {
            lineNumber += 1
            var line = Substring(rawLine)
            if let hash = line.firstIndex(of: "#") { line = line[..<hash] }
            let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" })
            guard let kind = words.first else { continue }
            let column = line.distance(from: line.startIndex, to: kind.startIndex) + 1
            guard words.count == 2 else {
                throw TextFileError(
                    path: source, line: lineNumber, column: column,
                    message: "expected a kind and one name, e.g. `header X-Api-Key` (got \(words.count) words)")
            }
            let name = String(words[1])
            switch kind {
            case "header": rules.headers.insert(name.lowercased())
            case "json": rules.jsonKeys.insert(name)
            case "query": rules.queryParameters.insert(name.lowercased())
            case "pointer":
                guard let tokens = JSONPointer.tokens(name) else {
                    throw TextFileError(
                        path: source, line: lineNumber,
                        column: line.distance(from: line.startIndex, to: words[1].startIndex) + 1,
                        message: "a JSON pointer starts with `/` and escapes only `~0` and `~1` (got \(name))")
                }
                if !rules.jsonPointers.contains(tokens) { rules.jsonPointers.append(tokens) }
            default:
                throw TextFileError(
                    path: source, line: lineNumber, column: column,
                    message: "unknown rule kind `\(kind)`: use header, json, pointer or query")
            }
        }
        return rules
    }
}
