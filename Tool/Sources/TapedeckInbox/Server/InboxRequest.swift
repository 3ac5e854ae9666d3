/// One HTTP request as the inbox's routes see it: the head's parts they read, and the whole body.
package struct InboxRequest: Sendable {
    package var method: String
    /// The path without its query, e.g. `/groups/0a1b2c3d4e5f`.
    package var path: String
    /// The query's `name=value` pairs, percent-decoded.
    package var query: [String: String]
    /// Header names lowercased; the first of each name.
    package var headers: [String: String]
    package var body: [UInt8]

    package init(method: String, target: String, headers: [String: String], body: [UInt8] = []) {
        self.method = method
        let parts = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        path = String(parts.first ?? "/")
        query = parts.count > 1 ? FormText.pairs(String(parts[1])) : [:]
        self.headers = headers
        self.body = body
    }

    /// A cookie's value (`Cookie: a=1; tapedeck_inbox=TOKEN`).
    package func cookie(_ name: String) -> String? {
        guard let header = headers["cookie"] else { return nil }
        for part in header.split(separator: ";") {
            let pair = part.split(separator: "=", maxSplits: 1)
            if pair.count == 2, pair[0].trimmingSpaces() == name { return String(pair[1].trimmingSpaces()) }
        }
        return nil
    }
}

/// An answer: status, headers and body.
package struct InboxResponse: Sendable {
    package var status: Int
    package var headers: [(String, String)]
    package var body: [UInt8]

    package init(status: Int, headers: [(String, String)] = [], body: [UInt8]) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    static func text(_ status: Int, _ text: String) -> InboxResponse {
        InboxResponse(status: status, headers: [("Content-Type", "text/plain; charset=utf-8")], body: Array(text.utf8))
    }

    static func json(_ answer: IntakeAnswer) -> InboxResponse {
        var headers = [("Content-Type", "application/json")]
        if answer.status == 401 { headers.append(("WWW-Authenticate", "Bearer")) }
        if answer.status == 503 { headers.append(("Retry-After", "5")) }
        return InboxResponse(status: answer.status, headers: headers, body: Array(answer.body.utf8))
    }

    static func html(_ status: Int, _ page: String, headers extra: [(String, String)] = []) -> InboxResponse {
        InboxResponse(
            status: status,
            headers: [
                ("Content-Type", "text/html; charset=utf-8"),
                // The pages load nothing from elsewhere and run only their own inline script.
                (
                    "Content-Security-Policy",
                    "default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:; form-action 'self'"
                ),
                ("X-Frame-Options", "DENY"), ("Cache-Control", "no-store"),
            ] + extra,
            body: Array(page.utf8))
    }

    static func tape(_ bytes: [UInt8], name: String) -> InboxResponse {
        InboxResponse(
            status: 200,
            headers: [
                ("Content-Type", UploadIntake.contentType), ("Content-Disposition", "attachment; filename=\"\(name)\""),
                ("Cache-Control", "no-store"),
            ],
            body: bytes)
    }
}

extension Substring {
    fileprivate func trimmingSpaces() -> Substring {
        var text = self
        while text.first == " " { text = text.dropFirst() }
        while text.last == " " { text = text.dropLast() }
        return text
    }
}
