/// RFC 6901 JSON pointers, parsed into reference tokens.
enum JSONPointer {
    /// `"/a~1b/0"` is `["a/b", "0"]`; `""` is the whole document (`[]`); nil when malformed.
    static func tokens(_ pointer: String) -> [String]? {
        if pointer.isEmpty { return [] }
        guard pointer.hasPrefix("/") else { return nil }
        var tokens: [String] = []
        for part in pointer.dropFirst().split(separator: "/", omittingEmptySubsequences: false) {
            var token = ""
            var index = part.startIndex
            while index < part.endIndex {
                let character = part[index]
                if character == "~" {
                    let next = part.index(after: index)
                    guard next < part.endIndex else { return nil }
                    switch part[next] {
                    case "0": token.append("~")
                    case "1": token.append("/")
                    default: return nil
                    }
                    index = part.index(after: next)
                } else {
                    token.append(character)
                    index = part.index(after: index)
                }
            }
            tokens.append(token)
        }
        return tokens
    }
}
