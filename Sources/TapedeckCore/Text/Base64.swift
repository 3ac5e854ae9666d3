/// Standard base64 (RFC 4648 section 4, with `=` padding), strict on decode.
public enum Base64 {
    private static let alphabet: [UInt8] = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
    private static let values: [UInt8] = {
        var table = [UInt8](repeating: 0xFF, count: 256)
        for (index, symbol) in alphabet.enumerated() { table[Int(symbol)] = UInt8(index) }
        return table
    }()

    /// Appends the base64 text of `input`, padded, to `output`.
    ///
    /// - Parameters:
    ///   - input: The bytes to encode.
    ///   - output: The buffer to append the ASCII text to.
    public static func encode(_ input: [UInt8], into output: inout [UInt8]) {
        output.reserveCapacity(output.count + (input.count + 2) / 3 * 4)
        var index = 0
        while index + 3 <= input.count {
            let n = UInt32(input[index]) << 16 | UInt32(input[index + 1]) << 8 | UInt32(input[index + 2])
            output.append(alphabet[Int(n >> 18 & 63)])
            output.append(alphabet[Int(n >> 12 & 63)])
            output.append(alphabet[Int(n >> 6 & 63)])
            output.append(alphabet[Int(n & 63)])
            index += 3
        }
        let rest = input.count - index
        if rest == 1 {
            let n = UInt32(input[index]) << 16
            output += [alphabet[Int(n >> 18 & 63)], alphabet[Int(n >> 12 & 63)], UInt8(ascii: "="), UInt8(ascii: "=")]
        } else if rest == 2 {
            let n = UInt32(input[index]) << 16 | UInt32(input[index + 1]) << 8
            output += [alphabet[Int(n >> 18 & 63)], alphabet[Int(n >> 12 & 63)], alphabet[Int(n >> 6 & 63)], UInt8(ascii: "=")]
        }
    }

    /// The base64 text of `input`, padded.
    ///
    /// - Parameter input: The bytes to encode.
    /// - Returns: The text.
    public static func encode(_ input: [UInt8]) -> String {
        var output: [UInt8] = []
        encode(input, into: &output)
        return String(decoding: output, as: UTF8.self)
    }

    /// Decodes canonical base64. On failure returns the offset of the first bad character.
    ///
    /// Padding is required, only at the end, and no whitespace or URL-safe alphabet is accepted.
    ///
    /// - Parameter input: The base64 text's bytes.
    /// - Returns: The decoded bytes, or where and why the text is not canonical base64.
    public static func decode(_ input: [UInt8]) -> Result<[UInt8], Base64Error> {
        guard input.count % 4 == 0 else {
            return .failure(Base64Error(offset: input.count, reason: "length \(input.count) is not a multiple of 4"))
        }
        var output = [UInt8](repeating: 0, count: input.count / 4 * 3)
        var written = 0
        let failure: Base64Error? = values.withUnsafeBufferPointer { table in
            input.withUnsafeBufferPointer { source in
                output.withUnsafeMutableBufferPointer { destination in
                    var index = 0
                    while index < source.count {
                        let isLast = index + 4 == source.count
                        var n: UInt32 = 0
                        var padding = 0
                        // Unrolled by hand: a `for` over a range is slow in debug builds.
                        var position = 0
                        while position < 4 {
                            let symbol = source[index + position]
                            if symbol == 0x3D, isLast, position >= 2 {
                                padding += 1
                                n <<= 6
                            } else {
                                let value = table[Int(symbol)]
                                guard value != 0xFF, padding == 0 else {
                                    return Base64Error(offset: index + position, reason: "unexpected character")
                                }
                                n = n << 6 | UInt32(value)
                            }
                            position += 1
                        }
                        // Canonical form only: the bits a padded group leaves unused must be zero.
                        if (padding == 1 && n & 0xFF != 0) || (padding == 2 && n & 0xFFFF != 0) {
                            return Base64Error(offset: index + 3 - padding, reason: "non-canonical padding bits")
                        }
                        destination[written] = UInt8(n >> 16 & 0xFF)
                        if padding < 2 { destination[written + 1] = UInt8(n >> 8 & 0xFF) }
                        if padding < 1 { destination[written + 2] = UInt8(n & 0xFF) }
                        written += 3 - padding
                        index += 4
                    }
                    return nil
                }
            }
        }
        if let failure { return .failure(failure) }
        output.removeLast(output.count - written)
        return .success(output)
    }
}

/// Why a text is not canonical base64.
public struct Base64Error: Error, Sendable, Equatable {
    /// Offset of the offending character in the base64 text.
    public var offset: Int
    /// What is wrong there: `unexpected character`.
    public var reason: String
}
