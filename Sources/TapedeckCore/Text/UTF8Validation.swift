/// Strict UTF-8 validation of whole byte strings (no overlong forms, no surrogates, nothing above
/// U+10FFFF): `UTF8Validator` fed once.
public enum UTF8Validation {
    /// Whether `bytes` are complete, valid UTF-8.
    ///
    /// - Parameter bytes: The bytes.
    /// - Returns: True when they are; an empty array is.
    public static func isValid(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { isValid($0) }
    }

    /// Whether `bytes` are complete, valid UTF-8.
    ///
    /// - Parameter bytes: The bytes.
    /// - Returns: True when they are; no bytes are.
    public static func isValid(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var validator = UTF8Validator()
        validator.feed(bytes)
        return validator.isComplete
    }
}
