/// A quick test before the redactor's full JSON scan: a message can hold a key the rules name only
/// if it contains that key in quotes, or a backslash (a key written with escapes). Most messages
/// hold neither and skip the scan. With pointer rules every message is scanned.
struct RedactionNeedles {
    private let keys: [[UInt8]]
    private let scanAll: Bool

    init(_ rules: RedactionRules) {
        keys = rules.jsonKeys.map { Array($0.utf8) }
        scanAll = !rules.jsonPointers.isEmpty
    }

    func mayMatch(_ payload: [UInt8]) -> Bool {
        if scanAll { return true }
        if keys.isEmpty { return false }
        return payload.withUnsafeBufferPointer { bytes in
            let count = bytes.count
            var index = 0
            while index < count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "\\") { return true }
                if byte == UInt8(ascii: "\"") {
                    for key in keys where Self.quoted(key, in: bytes, after: index) { return true }
                }
                index += 1
            }
            return false
        }
    }

    /// Whether `key` and a closing quote follow the quote at `quote`.
    private static func quoted(_ key: [UInt8], in bytes: UnsafeBufferPointer<UInt8>, after quote: Int) -> Bool {
        let end = quote + 1 + key.count
        guard end < bytes.count, bytes[end] == UInt8(ascii: "\"") else { return false }
        for (offset, byte) in key.enumerated() where bytes[quote + 1 + offset] != byte { return false }
        return true
    }
}
