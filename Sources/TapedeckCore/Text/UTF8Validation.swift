/// Strict UTF-8 validation of whole byte strings (no overlong forms, no surrogates, nothing above
/// U+10FFFF): `UTF8Validator` fed once.
public enum UTF8Validation {
    public static func isValid(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { isValid($0) }
    }

    public static func isValid(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var validator = UTF8Validator()
        validator.feed(bytes)
        return validator.isComplete
    }
}
