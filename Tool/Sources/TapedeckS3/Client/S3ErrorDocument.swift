import Foundation

/// The `<Code>` and `<Message>` of S3's XML error body (`<Error><Code>NoSuchKey</Code>…`). A plain
/// scan rather than an XML parser: the body is small, flat, and only these two elements matter.
struct S3ErrorDocument: Sendable, Equatable {
    var code: String?
    var message: String?

    init(body: [UInt8]) {
        let text = String(decoding: body.prefix(64 * 1024), as: UTF8.self)
        code = Self.element("Code", in: text)
        message = Self.element("Message", in: text)
    }

    private static func element(_ name: String, in text: String) -> String? {
        guard let open = text.range(of: "<\(name)>"),
            let close = text.range(of: "</\(name)>", range: open.upperBound..<text.endIndex)
        else { return nil }
        let value = text[open.upperBound..<close.lowerBound]
            .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&apos;", with: "'")
            .replacingOccurrences(of: "&amp;", with: "&")
        return value.isEmpty ? nil : value
    }
}
