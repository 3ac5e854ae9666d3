import Foundation

/// When goldens are written, as in snapshot testing.
public enum RecordMode: String, Sendable, CaseIterable {
    /// Write goldens that do not exist yet (and fail the run that wrote them); compare the others.
    case missing
    /// Rewrite every golden that differs or is missing (and fail the run that wrote them).
    case all
    /// Never write: a missing golden fails. For CI.
    case none

    /// The variable that overrides the record mode a test passes in code, so re-recording needs
    /// no edit: `TAPEDECK_RECORD=all swift test`.
    public static let environmentVariable = "TAPEDECK_RECORD"

    /// The mode `TAPEDECK_RECORD` names, else `mode` (the one passed in code) when the variable is
    /// unset or empty. Tests pass their own `environment` rather than change the process's.
    ///
    /// - Parameters:
    ///   - mode: The mode passed in code.
    ///   - environment: The variables to read; the process's by default.
    /// - Returns: The mode the variable names, or `mode`.
    /// - Throws: `RecordModeEnvironmentError` when the variable holds something other than a mode's name.
    public static func fromEnvironment(
        default mode: RecordMode, environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws(RecordModeEnvironmentError) -> RecordMode {
        guard let value = environment[environmentVariable], !value.isEmpty else { return mode }
        guard let named = RecordMode(rawValue: value) else { throw RecordModeEnvironmentError(value: value) }
        return named
    }
}
