/// `TAPEDECK_RECORD` holds something other than a record mode.
public struct RecordModeEnvironmentError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The variable's value as found.
    public var value: String

    /// An error.
    ///
    /// - Parameter value: The variable's value as found.
    public init(value: String) { self.value = value }

    /// What the value was and the modes it may be.
    public var description: String {
        let allowed = RecordMode.allCases.map(\.rawValue)
        return "\(RecordMode.environmentVariable)=\"\(value)\" is not a record mode: use "
            + allowed.dropLast().joined(separator: ", ") + " or " + (allowed.last ?? "")
            + ", or unset it to use the mode passed in code"
    }
}
