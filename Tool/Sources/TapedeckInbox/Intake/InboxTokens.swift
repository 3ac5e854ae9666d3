import Crypto

/// Who may upload and who may read. A tokens file has one per line:
///
///     # the beta build's flight recorder
///     upload baolife 3f9c…
///     read 8a1d…
///
/// An upload token names its app (what the page groups by); a read token opens the page. Tokens
/// are at least 16 characters. Each is kept as its SHA-256 and every comparison looks at all of
/// them whole, so the time a refusal takes says nothing about how close a guess was.
package struct InboxTokens: Sendable {
    private var uploads: [(app: String, digest: [UInt8])] = []
    private var reads: [[UInt8]] = []

    /// The shortest token the file may hold.
    package static let minimumLength = 16

    package init(uploads: [(app: String, token: String)], reads: [String]) {
        self.uploads = uploads.map { ($0.app, Self.digest($0.token)) }
        self.reads = reads.map(Self.digest)
    }

    /// Parses a tokens file; `source` names it in errors.
    package init(parsing text: String, source: String) throws(InboxError) {
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" })
            guard let first = words.first, !first.hasPrefix("#") else { continue }
            let place = "\(source):\(number + 1)"
            switch (first, words.count) {
            case ("upload", 3):
                try Self.check(words[2], at: place)
                uploads.append((String(words[1]), Self.digest(String(words[2]))))
            case ("read", 2):
                try Self.check(words[1], at: place)
                reads.append(Self.digest(String(words[1])))
            default:
                throw InboxError(
                    "\(place): expected `upload APP TOKEN` or `read TOKEN` (got \(first) and \(words.count - 1) more words)")
            }
        }
        guard !uploads.isEmpty, !reads.isEmpty else {
            throw InboxError("\(source): needs at least one `upload APP TOKEN` line and one `read TOKEN` line")
        }
    }

    /// The app an `Authorization: Bearer TOKEN` header's token uploads for; nil for anything else.
    package func app(uploading authorization: String?) -> String? {
        guard let token = Self.bearer(authorization) else { return nil }
        let digest = Self.digest(token)
        var found: String?
        for upload in uploads where Self.equal(upload.digest, digest) { found = upload.app }
        return found
    }

    /// Whether `token` opens the page.
    package func allowsReading(_ token: String?) -> Bool {
        guard let token else { return false }
        let digest = Self.digest(token)
        var found = false
        for read in reads where Self.equal(read, digest) { found = true }
        return found
    }

    /// The token of `Bearer TOKEN`.
    package static func bearer(_ authorization: String?) -> String? {
        guard let authorization, authorization.count > 7, authorization.lowercased().hasPrefix("bearer ") else { return nil }
        return String(authorization.dropFirst(7))
    }

    private static func check(_ token: Substring, at place: String) throws(InboxError) {
        guard token.count >= minimumLength else {
            throw InboxError(
                "\(place): a token must have at least \(minimumLength) characters (`openssl rand -hex 24` makes one)")
        }
    }

    private static func digest(_ token: String) -> [UInt8] { Array(SHA256.hash(data: Array(token.utf8))) }

    /// Every byte compared, whatever the first difference.
    private static func equal(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        guard a.count == b.count else { return false }
        var difference: UInt8 = 0
        for index in a.indices { difference |= a[index] ^ b[index] }
        return difference == 0
    }
}
