import TapedeckWebSocket

/// `application/x-www-form-urlencoded` text (a query or a form's body) as name-value pairs,
/// decoded as the other listeners decode a query (`RequestQuery.percentDecoded`).
enum FormText {
    static func pairs(_ text: String) -> [String: String] {
        var pairs: [String: String] = [:]
        for part in text.split(separator: "&") {
            let pair = part.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            pairs[RequestQuery.percentDecoded(pair[0])] = pair.count > 1 ? RequestQuery.percentDecoded(pair[1]) : ""
        }
        return pairs
    }
}
